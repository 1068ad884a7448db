import { COUNTRY_CODES, type CountryCode } from '@portal/domain';
import { safeEqual } from '../../lib/crypto';
import { isSealed } from '../../lib/personal-data';
import type { Queryable } from '../db';
import { personalDataOf } from './personal-data';

export interface Merchant {
  id: string;
  name: string;
  allowedOrigins: string[];
  webhookSecret: string;
  /** Where webhooks go when an application names no webhookUrl of its own. */
  webhookUrl?: string | null;
}

/** A merchant as the back office administers it. */
export interface MerchantDetails extends Merchant {
  active: boolean;
  webhookUrl: string | null;
  /** The secret before the last rotation and until when it still signs deliveries. */
  previousWebhookSecret: string | null;
  previousSecretExpiresAt: Date | null;
  providerSettings: MerchantProviderSettings;
  createdAt: Date;
  updatedAt: Date;
  deactivatedAt: Date | null;
}

/**
 * Secrets are sealed at rest with the keys of personal data (ADR 12, ADR 22) and opened here;
 * they leave the repository only for the lender flows, never to a screen.
 */
export interface MerchantProviderSettings {
  resurs?: {
    storeId?: string | null;
    credentials?: Partial<Record<'NO' | 'SE', { clientId: string; clientSecret: string }>>;
  };
}

export interface ApiKeyRecord {
  id: string;
  merchantId: string;
  prefix: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface MerchantRow {
  id: string;
  name: string;
  allowed_origins: string[];
  webhook_secret: string;
  active: boolean;
  webhook_url: string | null;
  previous_webhook_secret: string | null;
  previous_secret_expires_at: Date | null;
  provider_settings: MerchantProviderSettings | null;
  created_at: Date;
  updated_at: Date;
  deactivated_at: Date | null;
}

interface ApiKeyRow {
  id: string;
  merchant_id: string;
  prefix: string | null;
  label: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const date = (value: Date | null): Date | null => (value ? new Date(value) : null);

/** What webhook secrets are sealed for; the previous secret is the current one moved aside, so it shares the purpose. */
export const WEBHOOK_SECRET_PURPOSE = 'merchants.webhook_secret';
/** The merchant columns sealed at rest (db/personal-data.ts seals what an earlier version kept in clear). */
export const SEALED_MERCHANT_COLUMNS = ['webhook_secret', 'previous_webhook_secret'] as const;

/** A sealed value opened, or one an earlier version kept in clear read as it is (sealed at the next start). */
function opened(db: Queryable, purpose: string, value: string): string {
  return isSealed(value) ? personalDataOf(db).open(purpose, value) : value;
}

const toMerchant = (db: Queryable, row: MerchantRow): Merchant => ({
  id: row.id,
  name: row.name,
  allowedOrigins: row.allowed_origins,
  webhookSecret: opened(db, WEBHOOK_SECRET_PURPOSE, row.webhook_secret),
  webhookUrl: row.webhook_url,
});

/** What a merchant's Resurs secret of a country is sealed for (bound to the merchant and the country). */
export const resursSecretPurpose = (merchantId: string, country: CountryCode) => `merchants.provider_settings.${merchantId}.resurs.${country}`;

/**
 * The settings with each secret passed through `change` (seal or open). A value an earlier
 * version stored in clear is read as it is, and sealed at the next start (db/personal-data.ts).
 */
export function mapProviderSecrets(
  merchantId: string,
  settings: MerchantProviderSettings,
  change: (purpose: string, secret: string) => string,
): MerchantProviderSettings {
  const resurs = settings.resurs;
  if (!resurs?.credentials) return settings;
  const credentials: NonNullable<NonNullable<MerchantProviderSettings['resurs']>['credentials']> = {};
  for (const country of COUNTRY_CODES) {
    const pair = resurs.credentials[country];
    if (pair) credentials[country] = { clientId: pair.clientId, clientSecret: change(resursSecretPurpose(merchantId, country), pair.clientSecret) };
  }
  return { ...settings, resurs: { ...resurs, credentials } };
}

/** Opens sealed secrets; a connection without keys reaches here only for merchants without any. */
const openSecrets = (db: Queryable, merchantId: string, settings: MerchantProviderSettings): MerchantProviderSettings =>
  mapProviderSecrets(merchantId, settings, (purpose, secret) => opened(db, purpose, secret));

const toDetails = (db: Queryable, row: MerchantRow): MerchantDetails => ({
  ...toMerchant(db, row),
  active: row.active,
  webhookUrl: row.webhook_url,
  previousWebhookSecret: row.previous_webhook_secret === null ? null : opened(db, WEBHOOK_SECRET_PURPOSE, row.previous_webhook_secret),
  previousSecretExpiresAt: date(row.previous_secret_expires_at),
  providerSettings: openSecrets(db, row.id, row.provider_settings ?? {}),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  deactivatedAt: date(row.deactivated_at),
});

const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  merchantId: row.merchant_id,
  // Keys seeded before prefixes were kept have none to show.
  prefix: row.prefix ?? '',
  label: row.label,
  createdAt: new Date(row.created_at),
  lastUsedAt: date(row.last_used_at),
  revokedAt: date(row.revoked_at),
});

export function merchantsRepository(db: Queryable) {
  return {
    async upsert(merchant: Merchant): Promise<void> {
      await db.query(
        `INSERT INTO merchants (id, name, allowed_origins, webhook_secret)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE
           SET name = excluded.name, allowed_origins = excluded.allowed_origins,
               webhook_secret = excluded.webhook_secret, updated_at = now()`,
        [merchant.id, merchant.name, merchant.allowedOrigins, personalDataOf(db).seal(WEBHOOK_SECRET_PURPOSE, merchant.webhookSecret)],
      );
    },

    /** Adds origins to a merchant's allow-list, keeping those already there. */
    async addAllowedOrigins(id: string, origins: readonly string[]): Promise<void> {
      await db.query(
        `UPDATE merchants SET allowed_origins = ARRAY(SELECT DISTINCT unnest(allowed_origins || $2::text[])), updated_at = now()
         WHERE id = $1`,
        [id, origins],
      );
    },

    async findById(id: string): Promise<Merchant | null> {
      const [row] = await db.query<MerchantRow>('SELECT * FROM merchants WHERE id = $1', [id]);
      return row ? toMerchant(db, row) : null;
    },

    /** Adds a key by its hash; adding the same key twice is harmless. */
    async addApiKey(merchantId: string, keyHash: string, label: string): Promise<void> {
      await db.query(
        `INSERT INTO merchant_api_keys (merchant_id, key_hash, label) VALUES ($1, $2, $3)
         ON CONFLICT (key_hash) DO NOTHING`,
        [merchantId, keyHash, label],
      );
    },

    /**
     * The active merchant a key that is not revoked belongs to, with the key's id and last use;
     * a revoked key and a deactivated merchant's key are not found, as a wrong key is not.
     * One probe of the unique index on key_hash (migration 001), however many keys there are;
     * the row's hash is then compared with the one asked for in constant time, so a key is
     * taken only on a byte-for-byte match. (The index's own comparison is not constant-time,
     * but it compares SHA-256s, which a caller cannot steer towards a stored one.)
     */
    async findByApiKeyHash(keyHash: string): Promise<(Merchant & { apiKeyId: string; apiKeyLastUsedAt: Date | null }) | null> {
      const [row] = await db.query<MerchantRow & { key_id: string; key_hash: string; key_last_used_at: Date | null }>(
        `SELECT m.*, k.id AS key_id, k.key_hash, k.last_used_at AS key_last_used_at
           FROM merchant_api_keys k JOIN merchants m ON m.id = k.merchant_id
         WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND m.active`,
        [keyHash],
      );
      if (!row || !safeEqual(row.key_hash, keyHash)) return null;
      return { ...toMerchant(db, row), apiKeyId: row.key_id, apiKeyLastUsedAt: date(row.key_last_used_at) };
    },

    // ---- The back office ----

    async findDetails(id: string): Promise<MerchantDetails | null> {
      const [row] = await db.query<MerchantRow>('SELECT * FROM merchants WHERE id = $1', [id]);
      return row ? toDetails(db, row) : null;
    },

    async list(): Promise<MerchantDetails[]> {
      const rows = await db.query<MerchantRow>('SELECT * FROM merchants ORDER BY name, id');
      return rows.map((row) => toDetails(db, row));
    },

    /** A new merchant; false when the id is taken. */
    async create(merchant: { id: string; name: string; allowedOrigins: readonly string[]; webhookUrl: string | null; webhookSecret: string }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO merchants (id, name, allowed_origins, webhook_url, webhook_secret) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [merchant.id, merchant.name, merchant.allowedOrigins, merchant.webhookUrl, personalDataOf(db).seal(WEBHOOK_SECRET_PURPOSE, merchant.webhookSecret)],
      );
      return rows.length > 0;
    },

    async update(id: string, changes: { name?: string | undefined; allowedOrigins?: readonly string[] | undefined; webhookUrl?: string | null | undefined }): Promise<void> {
      await db.query(
        `UPDATE merchants SET name = COALESCE($2, name), allowed_origins = COALESCE($3::text[], allowed_origins),
           webhook_url = CASE WHEN $4 THEN $5 ELSE webhook_url END, updated_at = now()
         WHERE id = $1`,
        [id, changes.name ?? null, changes.allowedOrigins ?? null, changes.webhookUrl !== undefined, changes.webhookUrl ?? null],
      );
    },

    async setActive(id: string, active: boolean): Promise<void> {
      await db.query(
        `UPDATE merchants SET active = $2, deactivated_at = CASE WHEN $2 THEN NULL ELSE now() END, updated_at = now() WHERE id = $1`,
        [id, active],
      );
    },

    /** Stores the settings, each secret sealed. */
    async setProviderSettings(id: string, settings: MerchantProviderSettings): Promise<void> {
      const sealer = personalDataOf(db);
      const sealed = mapProviderSecrets(id, settings, (purpose, secret) => sealer.seal(purpose, secret));
      await db.query('UPDATE merchants SET provider_settings = $2::jsonb, updated_at = now() WHERE id = $1', [id, JSON.stringify(sealed)]);
    },

    /** Every merchant's settings as stored (secrets sealed, or in clear from an earlier version): for re-sealing at start. */
    async storedProviderSettings(): Promise<{ id: string; settings: MerchantProviderSettings }[]> {
      const rows = await db.query<{ id: string; provider_settings: MerchantProviderSettings }>(
        `SELECT id, provider_settings FROM merchants WHERE provider_settings -> 'resurs' -> 'credentials' <> '{}'::jsonb ORDER BY id`,
      );
      return rows.map((row) => ({ id: row.id, settings: row.provider_settings }));
    },

    async replaceProviderSettings(id: string, settings: MerchantProviderSettings): Promise<void> {
      await db.query('UPDATE merchants SET provider_settings = $2::jsonb WHERE id = $1', [id, JSON.stringify(settings)]);
    },

    /** The new secret signs from now on; the current one keeps signing until `previousValidUntil`. */
    async rotateWebhookSecret(id: string, secret: string, previousValidUntil: Date | null): Promise<void> {
      await db.query(
        `UPDATE merchants SET previous_webhook_secret = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE webhook_secret END,
           previous_secret_expires_at = $3, webhook_secret = $2, updated_at = now() WHERE id = $1`,
        [id, personalDataOf(db).seal(WEBHOOK_SECRET_PURPOSE, secret), previousValidUntil],
      );
    },

    async listApiKeys(merchantId: string): Promise<ApiKeyRecord[]> {
      const rows = await db.query<ApiKeyRow>('SELECT * FROM merchant_api_keys WHERE merchant_id = $1 ORDER BY created_at DESC', [merchantId]);
      return rows.map(toApiKey);
    },

    async insertApiKey(merchantId: string, keyHash: string, prefix: string, label: string): Promise<ApiKeyRecord> {
      const [row] = await db.query<ApiKeyRow>(
        'INSERT INTO merchant_api_keys (merchant_id, key_hash, prefix, label) VALUES ($1, $2, $3, $4) RETURNING *',
        [merchantId, keyHash, prefix, label],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return toApiKey(row);
    },

    /** Revokes a key of this merchant; false when there is none (or it was revoked already). */
    async revokeApiKey(merchantId: string, keyId: string): Promise<boolean> {
      const rows = await db.query(
        'UPDATE merchant_api_keys SET revoked_at = now() WHERE merchant_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id',
        [merchantId, keyId],
      );
      return rows.length > 0;
    },

    async recordApiKeyUse(keyId: string): Promise<void> {
      await db.query('UPDATE merchant_api_keys SET last_used_at = now() WHERE id = $1', [keyId]);
    },
  };
}
export type MerchantsRepository = ReturnType<typeof merchantsRepository>;
