/**
 * One provider application per portal application, whatever the browser does (double click,
 * retry after a timeout, two tabs, two server instances): the first caller takes a lease on the
 * application's provider row and calls the provider; later callers wait for its result and get
 * the same answer. A caller that dies leaves an expired lease; the next caller takes over and
 * repeats the call, which the adapters make idempotent with the application reference.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import type { ProviderFailure, ProviderResult } from '../providers/types';

export type ProviderKind = 'RESURS_V1' | 'RESURS_V2' | 'GRENKE';

export interface ProviderApplication {
  applicationId: string;
  provider: ProviderKind;
  externalId: string | null;
  providerStatus: string | null;
  submissionState: 'SUBMITTING' | 'SUBMITTED';
  customerUrl: string | null;
  data: Record<string, unknown>;
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
  status_changed_at: Date | null;
  created_at: Date;
}

const toRecord = (row: Row): ProviderApplication => ({
  applicationId: row.application_id,
  provider: row.provider,
  externalId: row.external_id,
  providerStatus: row.provider_status,
  submissionState: row.submission_state,
  customerUrl: row.customer_url,
  data: row.data,
  statusChangedAt: row.status_changed_at ? new Date(row.status_changed_at) : null,
  createdAt: new Date(row.created_at),
});

export async function findProviderApplication(q: Queryable, applicationId: string): Promise<ProviderApplication | null> {
  const [row] = await q.query<Row>('SELECT * FROM provider_applications WHERE application_id = $1', [applicationId]);
  return row ? toRecord(row) : null;
}

export async function findByExternalId(q: Queryable, provider: ProviderKind, externalId: string): Promise<ProviderApplication | null> {
  const [row] = await q.query<Row>('SELECT * FROM provider_applications WHERE provider = $1 AND external_id = $2', [provider, externalId]);
  return row ? toRecord(row) : null;
}

/** What the provider answered, as the portal keeps it. */
export interface ProviderAnswer {
  externalId: string;
  providerStatus: string;
  customerUrl: string | null;
  data?: Record<string, unknown>;
}

export class SubmissionFailed extends Error {
  constructor(readonly failure: ProviderFailure) {
    super(`provider call failed: ${failure.kind}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Submits once. `call` talks to the provider; `afterSubmit` runs in the transaction that stores
 * the answer (the status transition), so the answer and its consequences commit together.
 */
export async function submitOnce(
  app: FastifyInstance,
  applicationId: string,
  provider: ProviderKind,
  call: () => Promise<ProviderResult<ProviderAnswer>>,
  afterSubmit: (tx: Queryable, answer: ProviderApplication) => Promise<void>,
): Promise<ProviderApplication> {
  const leaseMs = app.config.providerTimeoutMs * 3 + 2000;

  for (;;) {
    const claim = await app.db.transaction(async (tx) => {
      // Two first callers at once: the insert lets exactly one of them in, the other then waits
      // on the row lock below like any later caller.
      const inserted = await tx.query(
        `INSERT INTO provider_applications (application_id, provider, submission_state, lease_until)
         VALUES ($1, $2, 'SUBMITTING', now() + make_interval(secs => $3::numeric / 1000))
         ON CONFLICT (application_id) DO NOTHING RETURNING application_id`,
        [applicationId, provider, leaseMs],
      );
      if (inserted.length === 1) return 'mine' as const;
      const [row] = await tx.query<Row>('SELECT * FROM provider_applications WHERE application_id = $1 FOR UPDATE', [applicationId]);
      if (!row) throw new Error('provider application vanished');
      if (row.submission_state === 'SUBMITTED') return toRecord(row);
      if (row.lease_until && new Date(row.lease_until).getTime() > Date.now()) return 'wait' as const;
      // The previous caller's lease ran out: take over.
      await tx.query(
        `UPDATE provider_applications SET lease_until = now() + make_interval(secs => $2::numeric / 1000),
           attempts = attempts + 1, updated_at = now() WHERE application_id = $1`,
        [applicationId, leaseMs],
      );
      return 'mine' as const;
    });

    if (claim === 'wait') {
      await sleep(150);
      continue;
    }
    if (claim !== 'mine') return claim;

    const result = await call();
    if (!result.ok) {
      // Let the next caller start again at once.
      await app.db.query(`UPDATE provider_applications SET lease_until = now(), updated_at = now() WHERE application_id = $1`, [applicationId]);
      throw new SubmissionFailed(result.failure);
    }
    const answer = result.value;
    return app.db.transaction(async (tx) => {
      const [row] = await tx.query<Row>(
        `UPDATE provider_applications SET submission_state = 'SUBMITTED', external_id = $2, provider_status = $3,
           customer_url = $4, data = $5::jsonb, lease_until = NULL, status_changed_at = now(), checked_at = now(), updated_at = now()
         WHERE application_id = $1 RETURNING *`,
        [applicationId, answer.externalId, answer.providerStatus, answer.customerUrl, JSON.stringify(answer.data ?? {})],
      );
      if (!row) throw new Error('provider application vanished');
      const stored = toRecord(row);
      await afterSubmit(tx, stored);
      return stored;
    });
  }
}

/** Stores a newer provider status; answers whether it changed, and tells read models if so. */
export async function updateProviderStatus(
  app: FastifyInstance,
  q: Queryable,
  applicationId: string,
  providerStatus: string,
  customerUrl: string | null,
  data?: Record<string, unknown>,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE provider_applications SET
       status_changed_at = CASE WHEN provider_status IS DISTINCT FROM $2 THEN now() ELSE status_changed_at END,
       provider_status = $2, customer_url = $3, data = data || $4::jsonb, checked_at = now(), updated_at = now()
     WHERE application_id = $1 AND provider_status IS DISTINCT FROM $2 RETURNING application_id`,
    [applicationId, providerStatus, customerUrl, JSON.stringify(data ?? {})],
  );
  if (rows.length === 0) {
    await q.query(`UPDATE provider_applications SET checked_at = now(), customer_url = $2 WHERE application_id = $1`, [applicationId, customerUrl]);
  } else {
    app.changes.publish(q, `app:${applicationId}`);
  }
  return rows.length > 0;
}
