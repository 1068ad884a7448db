/** A merchant as the back office shows it: every secret left out, only whether it is set. */
import type { MerchantView } from '@portal/domain';
import type { MerchantDetails } from '../../../db/repositories/merchants';

export function merchantView(merchant: MerchantDetails, now = new Date()): MerchantView {
  const credentials = merchant.providerSettings.resurs?.credentials ?? {};
  const graceEnds = merchant.previousSecretExpiresAt;
  return {
    id: merchant.id,
    name: merchant.name,
    active: merchant.active,
    allowedOrigins: merchant.allowedOrigins,
    webhookUrl: merchant.webhookUrl,
    previousSecretValidUntil: graceEnds && graceEnds > now && merchant.previousWebhookSecret ? graceEnds.toISOString() : null,
    providerSettings: {
      resurs: {
        storeId: merchant.providerSettings.resurs?.storeId ?? null,
        credentials: Object.fromEntries(
          Object.entries(credentials).map(([country, pair]) => [country, { clientId: pair.clientId, secretSet: pair.clientSecret !== '' }]),
        ),
      },
    },
    createdAt: merchant.createdAt.toISOString(),
    updatedAt: merchant.updatedAt.toISOString(),
    deactivatedAt: merchant.deactivatedAt ? merchant.deactivatedAt.toISOString() : null,
  };
}
