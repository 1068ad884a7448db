/**
 * The provider side of an application: one row per application (the lender's id, its last status
 * word, where the customer goes next at the lender) and the submission lease that makes
 * submitting idempotent across clicks, tabs and instances.
 */
import type { CountryCode } from '@portal/domain';
import type { Queryable } from '../db';

export type ProviderKind = 'RESURS_V1' | 'RESURS_V2' | 'GRENKE';

/**
 * The lender account an application went through (ADR 22): whose it is, for which country, and
 * its public id (Resurs v2 client id, Resurs v1 username). Never the secret.
 */
export interface LenderAccount {
  source: 'portal' | 'merchant';
  country: CountryCode;
  id: string;
}

export interface ProviderApplication {
  applicationId: string;
  provider: ProviderKind;
  externalId: string | null;
  providerStatus: string | null;
  submissionState: 'SUBMITTING' | 'SUBMITTED';
  leaseUntil: Date | null;
  customerUrl: string | null;
  data: Record<string, unknown>;
  /** The lender account of the submission; null for GRENKE and for rows from before accounts were kept. */
  account: LenderAccount | null;
  statusChangedAt: Date | null;
  createdAt: Date;
}

interface Row {
  application_id: string;
  provider: ProviderKind;
  external_id: string | null;
  provider_status: string | null;
  submission_state: 'SUBMITTING' | 'SUBMITTED';
  lease_until: Date | null;
  customer_url: string | null;
  data: Record<string, unknown>;
  lender_account: LenderAccount | null;
  status_changed_at: Date | null;
  created_at: Date;
}

const toRecord = (row: Row): ProviderApplication => ({
  applicationId: row.application_id,
  provider: row.provider,
  externalId: row.external_id,
  providerStatus: row.provider_status,
  submissionState: row.submission_state,
  leaseUntil: row.lease_until ? new Date(row.lease_until) : null,
  customerUrl: row.customer_url,
  data: row.data,
  account: row.lender_account ?? null,
  statusChangedAt: row.status_changed_at ? new Date(row.status_changed_at) : null,
  createdAt: new Date(row.created_at),
});

/** What the provider answered to a submission, as the portal keeps it. */
export interface ProviderAnswer {
  externalId: string;
  providerStatus: string;
  customerUrl: string | null;
  data?: Record<string, unknown>;
}

export function providerApplicationsRepository(db: Queryable) {
  return {
    async find(applicationId: string): Promise<ProviderApplication | null> {
      const [row] = await db.query<Row>('SELECT * FROM provider_applications WHERE application_id = $1', [applicationId]);
      return row ? toRecord(row) : null;
    },

    async findByExternalId(provider: ProviderKind, externalId: string): Promise<ProviderApplication | null> {
      const [row] = await db.query<Row>('SELECT * FROM provider_applications WHERE provider = $1 AND external_id = $2', [provider, externalId]);
      return row ? toRecord(row) : null;
    },

    /**
     * Takes the submission lease of a new row, with the lender account the call goes through;
     * false when the row already exists.
     */
    async insertSubmitting(applicationId: string, provider: ProviderKind, leaseMs: number, account: LenderAccount | null = null): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO provider_applications (application_id, provider, submission_state, lease_until, lender_account)
         VALUES ($1, $2, 'SUBMITTING', now() + make_interval(secs => $3::numeric / 1000), $4::jsonb)
         ON CONFLICT (application_id) DO NOTHING RETURNING application_id`,
        [applicationId, provider, leaseMs, account ? JSON.stringify(account) : null],
      );
      return rows.length === 1;
    },

    /** The row, locked until the surrounding transaction ends. */
    async lock(applicationId: string): Promise<ProviderApplication | null> {
      const [row] = await db.query<Row>('SELECT * FROM provider_applications WHERE application_id = $1 FOR UPDATE', [applicationId]);
      return row ? toRecord(row) : null;
    },

    /** Takes over the lease of a caller whose lease ran out; an account already kept stays. */
    async renewLease(applicationId: string, leaseMs: number, account: LenderAccount | null = null): Promise<void> {
      await db.query(
        `UPDATE provider_applications SET lease_until = now() + make_interval(secs => $2::numeric / 1000),
           lender_account = COALESCE(lender_account, $3::jsonb), attempts = attempts + 1, updated_at = now() WHERE application_id = $1`,
        [applicationId, leaseMs, account ? JSON.stringify(account) : null],
      );
    },

    /** Lets the next caller start again at once (the provider call failed). */
    async releaseLease(applicationId: string): Promise<void> {
      await db.query(`UPDATE provider_applications SET lease_until = now(), updated_at = now() WHERE application_id = $1`, [applicationId]);
    },

    async markSubmitted(applicationId: string, answer: ProviderAnswer): Promise<ProviderApplication> {
      const [row] = await db.query<Row>(
        `UPDATE provider_applications SET submission_state = 'SUBMITTED', external_id = $2, provider_status = $3,
           customer_url = $4, data = $5::jsonb, lease_until = NULL, status_changed_at = now(), checked_at = now(), updated_at = now()
         WHERE application_id = $1 RETURNING *`,
        [applicationId, answer.externalId, answer.providerStatus, answer.customerUrl, JSON.stringify(answer.data ?? {})],
      );
      if (!row) throw new Error('provider application vanished');
      return toRecord(row);
    },

    /**
     * Stores the provider's latest status word (merging `data`); answers whether the word
     * changed. The time of the last check is kept either way.
     */
    async updateStatus(applicationId: string, providerStatus: string, customerUrl: string | null, data: Record<string, unknown> = {}): Promise<boolean> {
      const rows = await db.query(
        `UPDATE provider_applications SET
           status_changed_at = CASE WHEN provider_status IS DISTINCT FROM $2 THEN now() ELSE status_changed_at END,
           provider_status = $2, customer_url = $3, data = data || $4::jsonb, checked_at = now(), updated_at = now()
         WHERE application_id = $1 AND provider_status IS DISTINCT FROM $2 RETURNING application_id`,
        [applicationId, providerStatus, customerUrl, JSON.stringify(data)],
      );
      if (rows.length > 0) return true;
      await db.query(
        `UPDATE provider_applications SET checked_at = now(), customer_url = $2, data = data || $3::jsonb WHERE application_id = $1`,
        [applicationId, customerUrl, JSON.stringify(data)],
      );
      return false;
    },
  };
}
export type ProviderApplicationsRepository = ReturnType<typeof providerApplicationsRepository>;
