/**
 * Onboards a merchant: its id, name, allowed origins and default webhook URL, and a webhook
 * signing secret answered this once. API keys are issued separately.
 */
import type { CreateMerchant, MerchantView } from '@portal/domain';
import type { Db } from '../../../db/db';
import { repositories } from '../../../db/repositories';
import { ApiError } from '../../../lib/errors';
import type { Actor } from '../actor';
import { checkWebhookOrigin, existingMerchant } from './checks';
import { newWebhookSecret } from './secrets';
import { merchantView } from './view';

export async function createMerchant(db: Db, actor: Actor, input: CreateMerchant): Promise<{ merchant: MerchantView; webhookSecret: string }> {
  checkWebhookOrigin(input.webhookUrl, input.allowedOrigins);
  const webhookSecret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const repos = repositories(tx);
    const created = await repos.merchants.create({
      id: input.id,
      name: input.name,
      allowedOrigins: [...new Set(input.allowedOrigins)],
      webhookUrl: input.webhookUrl ?? null,
      webhookSecret,
    });
    if (!created) throw ApiError.conflict();
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'merchant.created',
      targetType: 'merchant',
      targetId: input.id,
      detail: { name: input.name, origins: input.allowedOrigins.length },
    });
    return { merchant: merchantView(await existingMerchant(tx, input.id)), webhookSecret };
  });
}
