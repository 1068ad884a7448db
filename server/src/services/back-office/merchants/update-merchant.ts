/** Changes a merchant's name, allowed origins or default webhook URL. */
import type { MerchantView, UpdateMerchant } from '@portal/domain';
import type { Db } from '../../../db/db';
import { repositories } from '../../../db/repositories';
import type { Actor } from '../actor';
import { checkWebhookOrigin, existingMerchant } from './checks';
import { merchantView } from './view';

export async function updateMerchant(db: Db, actor: Actor, id: string, input: UpdateMerchant): Promise<MerchantView> {
  return db.transaction(async (tx) => {
    const current = await existingMerchant(tx, id);
    const origins = input.allowedOrigins ? [...new Set(input.allowedOrigins)] : current.allowedOrigins;
    checkWebhookOrigin(input.webhookUrl === undefined ? current.webhookUrl : input.webhookUrl, origins);
    const repos = repositories(tx);
    await repos.merchants.update(id, { name: input.name, allowedOrigins: input.allowedOrigins ? origins : undefined, webhookUrl: input.webhookUrl });
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'merchant.updated',
      targetType: 'merchant',
      targetId: id,
      reason: input.reason ?? null,
      detail: {
        name: input.name ?? null,
        allowedOrigins: input.allowedOrigins ? origins.join(' ') : null,
        webhookUrl: input.webhookUrl === undefined ? null : (input.webhookUrl ?? 'removed'),
      },
    });
    return merchantView(await existingMerchant(tx, id));
  });
}

/**
 * A deactivated merchant's keys stop working at once (the merchant API answers 401); its
 * applications stay as they are, and webhooks already due are still delivered.
 */
export async function setMerchantActive(db: Db, actor: Actor, id: string, active: boolean, reason: string | undefined): Promise<MerchantView> {
  return db.transaction(async (tx) => {
    await existingMerchant(tx, id);
    const repos = repositories(tx);
    await repos.merchants.setActive(id, active);
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: active ? 'merchant.activated' : 'merchant.deactivated',
      targetType: 'merchant',
      targetId: id,
      reason: reason ?? null,
    });
    return merchantView(await existingMerchant(tx, id));
  });
}
