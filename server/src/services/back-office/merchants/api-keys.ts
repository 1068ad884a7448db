/** A merchant's API keys: issued (the key answered once, stored hashed), listed by prefix and last use, revoked. */
import type { ApiKeyView } from '@portal/domain';
import type { Db } from '../../../db/db';
import { repositories } from '../../../db/repositories';
import type { ApiKeyRecord } from '../../../db/repositories/merchants';
import { ApiError } from '../../../lib/errors';
import type { Actor } from '../actor';
import { existingMerchant } from './checks';
import { newApiKey } from './secrets';

export const apiKeyView = (key: ApiKeyRecord): ApiKeyView => ({
  id: key.id,
  prefix: key.prefix,
  label: key.label,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
  revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
});

export async function listApiKeys(db: Db, merchantId: string): Promise<ApiKeyView[]> {
  await existingMerchant(db, merchantId);
  return (await repositories(db).merchants.listApiKeys(merchantId)).map(apiKeyView);
}

export async function issueApiKey(db: Db, actor: Actor, merchantId: string, label: string, reason?: string): Promise<{ key: string; apiKey: ApiKeyView }> {
  const { key, hash, prefix } = newApiKey();
  return db.transaction(async (tx) => {
    await existingMerchant(tx, merchantId);
    const repos = repositories(tx);
    const stored = await repos.merchants.insertApiKey(merchantId, hash, prefix, label);
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'api_key.issued',
      targetType: 'merchant',
      targetId: merchantId,
      reason: reason ?? null,
      detail: { keyId: stored.id, prefix, label },
    });
    return { key, apiKey: apiKeyView(stored) };
  });
}

export async function revokeApiKey(db: Db, actor: Actor, merchantId: string, keyId: string, reason?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await existingMerchant(tx, merchantId);
    const repos = repositories(tx);
    if (!(await repos.merchants.revokeApiKey(merchantId, keyId))) throw ApiError.notFound('REQUEST_ERROR');
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'api_key.revoked',
      targetType: 'merchant',
      targetId: merchantId,
      reason: reason ?? null,
      detail: { keyId },
    });
  });
}
