import type {
  ApplicationStatus,
  ApplicationVersion,
  CountryCode,
  Currency,
  CustomerType,
  Outcome,
  Provider,
} from '@portal/domain';
import type { Queryable, SqlParam } from '../db';
import { personalDataOf } from './personal-data';

export interface ApplicationItem {
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
  serialNumber: string | null;
}

export interface ApplicationRecord {
  id: string;
  reference: string;
  merchantId: string;
  merchantPaymentReference: string;
  requestHash: string;
  countryCode: CountryCode;
  customerType: CustomerType;
  provider: Provider;
  version: ApplicationVersion;
  loanAmount: number;
  loanPeriod: number;
  currency: Currency;
  items: ApplicationItem[];
  callbackUrl: string;
  webhookUrl: string | null;
  status: ApplicationStatus;
  outcome: Outcome | null;
  isRenewal: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** When the retention job erased its personal data (ADR 18); null while it is kept. */
  personalDataErasedAt: Date | null;
}

interface ApplicationRow {
  id: string;
  reference: string;
  merchant_id: string;
  merchant_payment_reference: string;
  request_hash: string;
  country_code: CountryCode;
  customer_type: CustomerType;
  provider: Provider;
  version: number;
  loan_amount: string | number;
  loan_period: number;
  currency: Currency;
  items: ApplicationItem[];
  callback_url: string;
  webhook_url: string | null;
  status: ApplicationStatus;
  outcome: Outcome | null;
  is_renewal: boolean;
  created_at: Date;
  updated_at: Date;
  personal_data_erased_at: Date | null;
}

const toRecord = (row: ApplicationRow): ApplicationRecord => ({
  id: row.id,
  reference: row.reference,
  merchantId: row.merchant_id,
  merchantPaymentReference: row.merchant_payment_reference,
  requestHash: row.request_hash,
  countryCode: row.country_code,
  customerType: row.customer_type,
  provider: row.provider,
  version: row.version === 1 ? 1 : 2,
  loanAmount: Number(row.loan_amount),
  loanPeriod: row.loan_period,
  currency: row.currency,
  items: row.items,
  callbackUrl: row.callback_url,
  webhookUrl: row.webhook_url,
  status: row.status,
  outcome: row.outcome,
  isRenewal: row.is_renewal,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  personalDataErasedAt: row.personal_data_erased_at ? new Date(row.personal_data_erased_at) : null,
});

export interface StatusRow {
  id: string;
  /** The keyed hash of the owner's national ID (ADR 12); null while unclaimed. */
  national_id_hash: string | null;
  status: ApplicationStatus;
  outcome: Outcome | null;
  callback_url: string;
  merchant_payment_reference: string;
  status_changed_at: Date | null;
  provider: Provider;
  customer_type: CustomerType;
}

/** What the back office searches by; every field narrows, none is required. */
export interface ApplicationSearchCriteria {
  reference?: string | null | undefined;
  merchantPaymentReference?: string | null | undefined;
  merchantId?: string | null | undefined;
  status?: ApplicationStatus | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  until?: Date | undefined;
  /** Newer than nothing after this (created_at, id) pair: keyset paging, newest first. */
  after?: { createdAt: Date; id: string } | undefined;
  limit: number;
}

export type NewApplication = Omit<ApplicationRecord, 'id' | 'outcome' | 'createdAt' | 'updatedAt' | 'personalDataErasedAt'>;

export function applicationsRepository(db: Queryable) {
  return {
    async insert(app: NewApplication): Promise<ApplicationRecord> {
      const [row] = await db.query<ApplicationRow>(
        `INSERT INTO applications
           (reference, merchant_id, merchant_payment_reference, request_hash, country_code, customer_type,
            provider, version, loan_amount, loan_period, currency, items, callback_url, webhook_url,
            status, is_renewal)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16)
         RETURNING *`,
        [
          app.reference, app.merchantId, app.merchantPaymentReference, app.requestHash, app.countryCode,
          app.customerType, app.provider, app.version, app.loanAmount, app.loanPeriod, app.currency,
          JSON.stringify(app.items), app.callbackUrl, app.webhookUrl, app.status, app.isRenewal,
        ],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return toRecord(row);
    },

    async findByReference(reference: string): Promise<ApplicationRecord | null> {
      const [row] = await db.query<ApplicationRow>('SELECT * FROM applications WHERE reference = $1', [reference]);
      return row ? toRecord(row) : null;
    },

    async findById(id: string): Promise<ApplicationRecord | null> {
      const [row] = await db.query<ApplicationRow>('SELECT * FROM applications WHERE id = $1', [id]);
      return row ? toRecord(row) : null;
    },

    /** Locks the row until the surrounding transaction ends. */
    async lockById(id: string): Promise<ApplicationRecord | null> {
      const [row] = await db.query<ApplicationRow>('SELECT * FROM applications WHERE id = $1 FOR UPDATE', [id]);
      return row ? toRecord(row) : null;
    },

    async findByMerchantReference(merchantId: string, merchantPaymentReference: string): Promise<ApplicationRecord | null> {
      const [row] = await db.query<ApplicationRow>(
        'SELECT * FROM applications WHERE merchant_id = $1 AND merchant_payment_reference = $2',
        [merchantId, merchantPaymentReference],
      );
      return row ? toRecord(row) : null;
    },

    /** Applications whose customer (or signatory) is this person, newest first (by the keyed hash). */
    async listForNationalId(nationalId: string, limit = 20): Promise<ApplicationRecord[]> {
      const rows = await db.query<ApplicationRow>(
        `SELECT a.* FROM applications a JOIN customers c ON c.application_id = a.id
         WHERE c.national_id_hash = ANY($1::text[]) ORDER BY a.created_at DESC LIMIT $2`,
        [personalDataOf(db).nationalIdHashes(nationalId), limit],
      );
      return rows.map(toRecord);
    },

    /** Sets status and outcome as the lifecycle table says; only services/apply-event.ts calls it. */
    async updateStatus(id: string, status: ApplicationStatus, outcome: Outcome | null): Promise<void> {
      await db.query(`UPDATE applications SET status = $2, outcome = $3, updated_at = now() WHERE id = $1`, [id, status, outcome]);
    },

    /** Applications in one of `statuses` that have not changed for `days` days, oldest first. */
    async listUnchangedSince(statuses: readonly ApplicationStatus[], days: number, limit: number): Promise<ApplicationRecord[]> {
      const rows = await db.query<ApplicationRow>(
        `SELECT * FROM applications WHERE status = ANY($1::text[]) AND updated_at < now() - make_interval(days => $2)
         ORDER BY updated_at LIMIT $3`,
        [statuses, days, limit],
      );
      return rows.map(toRecord);
    },

    /** What the waiting screen's status needs, by the merchant's reference (one round trip). */
    async findStatusInputs(merchantId: string, merchantPaymentReference: string): Promise<StatusRow | null> {
      const [row] = await db.query<StatusRow>(
        `SELECT a.id, c.national_id_hash, a.status, a.outcome, a.callback_url, a.merchant_payment_reference, p.status_changed_at,
                a.provider, a.customer_type
           FROM applications a JOIN customers c ON c.application_id = a.id
           LEFT JOIN provider_applications p ON p.application_id = a.id
          WHERE a.merchant_id = $1 AND a.merchant_payment_reference = $2`,
        [merchantId, merchantPaymentReference],
      );
      return row ?? null;
    },

    /** The back office's search, newest first, a page at a time. */
    async search(criteria: ApplicationSearchCriteria): Promise<ApplicationRecord[]> {
      const where: string[] = [];
      const params: SqlParam[] = [];
      const add = (clause: (n: string) => string, value: SqlParam) => {
        params.push(value);
        where.push(clause(`$${params.length}`));
      };
      if (criteria.reference) add((n) => `reference = ${n}`, criteria.reference);
      if (criteria.merchantPaymentReference) add((n) => `merchant_payment_reference = ${n}`, criteria.merchantPaymentReference);
      if (criteria.merchantId) add((n) => `merchant_id = ${n}`, criteria.merchantId);
      if (criteria.status) add((n) => `status = ${n}`, criteria.status);
      if (criteria.from) add((n) => `created_at >= ${n}`, criteria.from);
      if (criteria.until) add((n) => `created_at < ${n}`, criteria.until);
      if (criteria.after) {
        params.push(criteria.after.createdAt, criteria.after.id);
        where.push(`(created_at, id) < ($${params.length - 1}, $${params.length}::uuid)`);
      }
      params.push(criteria.limit);
      const rows = await db.query<ApplicationRow>(
        `SELECT * FROM applications ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
        params,
      );
      return rows.map(toRecord);
    },

    async findPricing<T>(id: string): Promise<T | null> {
      const [row] = await db.query<{ pricing: T | null }>('SELECT pricing FROM applications WHERE id = $1', [id]);
      return row?.pricing ?? null;
    },

    async savePricing(id: string, pricing: object): Promise<void> {
      await db.query('UPDATE applications SET pricing = $2::jsonb WHERE id = $1', [id, JSON.stringify(pricing)]);
    },
  };
}
export type ApplicationsRepository = ReturnType<typeof applicationsRepository>;
