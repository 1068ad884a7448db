/**
 * A new webhook signing secret for a merchant. For the grace period the old one stays valid:
 * deliveries carry a signature by each (two `v1=` values), so the shop can switch to the new
 * secret whenever it likes within that time. A grace of 0 retires the old secret at once (a leak).
 */
import type { Db } from '../../../db/db';
import { repositories } from '../../../db/repositories';
import type { Actor } from '../actor';
import { existingMerchant } from './checks';
import { newWebhookSecret } from './secrets';

export async function rotateWebhookSecret(
  db: Db,
  actor: Actor,
  merchantId: string,
  graceHours: number,
  reason?: string,
): Promise<{ webhookSecret: string; previousSecretValidUntil: string | null }> {
  const webhookSecret = newWebhookSecret();
  const until = graceHours > 0 ? new Date(Date.now() + graceHours * 3600_000) : null;
  await db.transaction(async (tx) => {
    await existingMerchant(tx, merchantId);
    const repos = repositories(tx);
    await repos.merchants.rotateWebhookSecret(merchantId, webhookSecret, until);
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'webhook_secret.rotated',
      targetType: 'merchant',
      targetId: merchantId,
      reason: reason ?? null,
      detail: { graceHours },
    });
  });
  return { webhookSecret, previousSecretValidUntil: until ? until.toISOString() : null };
}
