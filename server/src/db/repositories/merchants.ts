import type { Queryable } from '../db';

export interface Merchant {
  id: string;
  name: string;
  allowedOrigins: string[];
  webhookSecret: string;
}

interface MerchantRow {
  id: string;
  name: string;
  allowed_origins: string[];
  webhook_secret: string;
}

const toMerchant = (row: MerchantRow): Merchant => ({
  id: row.id,
  name: row.name,
  allowedOrigins: row.allowed_origins,
  webhookSecret: row.webhook_secret,
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
        [merchant.id, merchant.name, merchant.allowedOrigins, merchant.webhookSecret],
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
      return row ? toMerchant(row) : null;
    },

    /** Adds a key by its hash; adding the same key twice is harmless. */
    async addApiKey(merchantId: string, keyHash: string, label: string): Promise<void> {
      await db.query(
        `INSERT INTO merchant_api_keys (merchant_id, key_hash, label) VALUES ($1, $2, $3)
         ON CONFLICT (key_hash) DO NOTHING`,
        [merchantId, keyHash, label],
      );
    },

    async findByApiKeyHash(keyHash: string): Promise<Merchant | null> {
      const [row] = await db.query<MerchantRow>(
        `SELECT m.* FROM merchant_api_keys k JOIN merchants m ON m.id = k.merchant_id
         WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        [keyHash],
      );
      return row ? toMerchant(row) : null;
    },
  };
}
export type MerchantsRepository = ReturnType<typeof merchantsRepository>;
