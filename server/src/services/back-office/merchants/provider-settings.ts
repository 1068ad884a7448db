/**
 * A merchant's own settings at the lenders: its Resurs store ID and Resurs Merchant API
 * credentials per country, which its version 2 applications in that country then go through
 * (lenders/accounts.ts, ADR 22). The secrets are sealed at rest by the repository and never
 * answered. A credential given without its secret keeps the stored secret.
 */
import type { MerchantView, ProviderSettingsInput } from '@portal/domain';
import type { Db } from '../../../db/db';
import { repositories } from '../../../db/repositories';
import type { MerchantProviderSettings } from '../../../db/repositories/merchants';
import { ApiError } from '../../../lib/errors';
import type { Actor } from '../actor';
import { existingMerchant } from './checks';
import { merchantView } from './view';

export async function setProviderSettings(db: Db, actor: Actor, id: string, input: ProviderSettingsInput): Promise<MerchantView> {
  return db.transaction(async (tx) => {
    const current = await existingMerchant(tx, id);
    const stored = current.providerSettings.resurs?.credentials ?? {};
    const credentials: NonNullable<NonNullable<MerchantProviderSettings['resurs']>['credentials']> = {};
    for (const country of ['NO', 'SE'] as const) {
      const given = input.resurs.credentials[country];
      if (!given) continue;
      const clientSecret = given.clientSecret ?? stored[country]?.clientSecret;
      if (!clientSecret) throw ApiError.badRequest({ [`resurs.credentials.${country}.clientSecret`]: { key: 'validation.required' } });
      credentials[country] = { clientId: given.clientId, clientSecret };
    }
    const settings: MerchantProviderSettings = { resurs: { storeId: input.resurs.storeId ?? null, credentials } };
    const repos = repositories(tx);
    await repos.merchants.setProviderSettings(id, settings);
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'merchant.provider_settings_changed',
      targetType: 'merchant',
      targetId: id,
      reason: input.reason ?? null,
      // Which countries have credentials, never the credentials.
      detail: { resursStoreId: settings.resurs?.storeId ?? null, resursCountries: Object.keys(credentials).join(' ') },
    });
    return merchantView(await existingMerchant(tx, id));
  });
}
