/** Rules of merchant administration shared by its use cases. */
import type { Queryable } from '../../../db/db';
import { repositories } from '../../../db/repositories';
import type { MerchantDetails } from '../../../db/repositories/merchants';
import { ApiError } from '../../../lib/errors';

export async function existingMerchant(q: Queryable, id: string): Promise<MerchantDetails> {
  const merchant = await repositories(q).merchants.findDetails(id);
  if (!merchant) throw ApiError.notFound('REQUEST_ERROR');
  return merchant;
}

/** A default webhook URL must be on the merchant's own allow-list, as an application's must. */
export function checkWebhookOrigin(webhookUrl: string | null | undefined, allowedOrigins: readonly string[]): void {
  if (!webhookUrl) return;
  if (!allowedOrigins.includes(new URL(webhookUrl).origin)) {
    throw ApiError.badRequest({ webhookUrl: { key: 'validation.originNotAllowed' } });
  }
}
