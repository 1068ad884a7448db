/**
 * Money after the sale (issue 30): a granted application's money as its lender last read it, and
 * the merchant's operations on it. An operation is kept before it is sent and sent by whoever
 * holds its lease: so it is never lost (a job finds it after a restart) and never sent by two at
 * once. Nothing personal is kept here: amounts, item references, serial numbers of goods.
 */
import type { Money, MoneyOperationKind, MoneyOperationState } from '@portal/domain';
import type { Queryable } from '../db';

export interface MoneyLineRef {
  sku: string;
  quantity: number;
}

export interface DeliveryDetails {
  deliveredOn: string;
  serialNumbers: { sku: string; serialNumber: string }[];
}

export interface MoneyOperationRecord {
  id: string;
  applicationId: string;
  merchantId: string;
  idempotencyKey: string;
  requestHash: string;
  kind: MoneyOperationKind;
  amount: number | null;
  lines: MoneyLineRef[];
  delivery: DeliveryDetails | null;
  state: MoneyOperationState;
  attempts: number;
  leaseUntil: Date | null;
  failureCode: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

interface OperationRow {
  id: string;
  application_id: string;
  merchant_id: string;
  idempotency_key: string;
  request_hash: string;
  kind: MoneyOperationKind;
  amount: string | number | null;
  lines: MoneyLineRef[];
  delivery: DeliveryDetails | null;
  state: MoneyOperationState;
  attempts: number;
  lease_until: Date | null;
  failure_code: string | null;
  created_at: Date;
  completed_at: Date | null;
}

const toOperation = (row: OperationRow): MoneyOperationRecord => ({
  id: row.id,
  applicationId: row.application_id,
  merchantId: row.merchant_id,
  idempotencyKey: row.idempotency_key,
  requestHash: row.request_hash,
  kind: row.kind,
  amount: row.amount === null ? null : Number(row.amount),
  lines: row.lines,
  delivery: row.delivery,
  state: row.state,
  attempts: row.attempts,
  leaseUntil: row.lease_until ? new Date(row.lease_until) : null,
  failureCode: row.failure_code,
  createdAt: new Date(row.created_at),
  completedAt: row.completed_at ? new Date(row.completed_at) : null,
});

export interface ApplicationMoney {
  /** Null until the lender granted it. */
  money: Money | null;
  deliveryConfirmedAt: Date | null;
}

export type NewMoneyOperation = Pick<MoneyOperationRecord, 'applicationId' | 'merchantId' | 'idempotencyKey' | 'requestHash' | 'kind' | 'amount' | 'lines' | 'delivery'>;

export function moneyRepository(db: Queryable) {
  return {
    async ofApplication(applicationId: string): Promise<ApplicationMoney> {
      const [row] = await db.query<{ money_authorized: string | null; money_captured: string; money_refunded: string; money_cancelled: string; delivery_confirmed_at: Date | null }>(
        'SELECT money_authorized, money_captured, money_refunded, money_cancelled, delivery_confirmed_at FROM applications WHERE id = $1',
        [applicationId],
      );
      if (!row) return { money: null, deliveryConfirmedAt: null };
      return {
        money:
          row.money_authorized === null
            ? null
            : { authorized: Number(row.money_authorized), captured: Number(row.money_captured), refunded: Number(row.money_refunded), cancelled: Number(row.money_cancelled) },
        deliveryConfirmedAt: row.delivery_confirmed_at ? new Date(row.delivery_confirmed_at) : null,
      };
    },

    /** Granted: the lender authorized this much (set once; a later grant report changes nothing). */
    async authorize(applicationId: string, amount: number): Promise<void> {
      await db.query('UPDATE applications SET money_authorized = $2 WHERE id = $1 AND money_authorized IS NULL', [applicationId, amount]);
    },

    /** The money as the lender read it after an operation. */
    async update(applicationId: string, money: Money): Promise<void> {
      await db.query('UPDATE applications SET money_authorized = $2, money_captured = $3, money_refunded = $4, money_cancelled = $5, updated_at = now() WHERE id = $1', [
        applicationId,
        money.authorized,
        money.captured,
        money.refunded,
        money.cancelled,
      ]);
    },

    async confirmDelivery(applicationId: string, at: Date): Promise<void> {
      await db.query('UPDATE applications SET delivery_confirmed_at = $2, updated_at = now() WHERE id = $1 AND delivery_confirmed_at IS NULL', [applicationId, at]);
    },

    /** Keeps a new operation, pending; null when the merchant already used the key (then `byKey` finds it). */
    async insert(operation: NewMoneyOperation): Promise<MoneyOperationRecord | null> {
      const [row] = await db.query<OperationRow>(
        `INSERT INTO money_operations (application_id, merchant_id, idempotency_key, request_hash, kind, amount, lines, delivery, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, 'pending')
         ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
         RETURNING *`,
        [
          operation.applicationId,
          operation.merchantId,
          operation.idempotencyKey,
          operation.requestHash,
          operation.kind,
          operation.amount,
          JSON.stringify(operation.lines),
          operation.delivery === null ? null : JSON.stringify(operation.delivery),
        ],
      );
      return row ? toOperation(row) : null;
    },

    async byKey(merchantId: string, idempotencyKey: string): Promise<MoneyOperationRecord | null> {
      const [row] = await db.query<OperationRow>('SELECT * FROM money_operations WHERE merchant_id = $1 AND idempotency_key = $2', [merchantId, idempotencyKey]);
      return row ? toOperation(row) : null;
    },

    async find(id: string): Promise<MoneyOperationRecord | null> {
      const [row] = await db.query<OperationRow>('SELECT * FROM money_operations WHERE id = $1', [id]);
      return row ? toOperation(row) : null;
    },

    async listForApplication(applicationId: string): Promise<MoneyOperationRecord[]> {
      const rows = await db.query<OperationRow>('SELECT * FROM money_operations WHERE application_id = $1 ORDER BY created_at, id', [applicationId]);
      return rows.map(toOperation);
    },

    /**
     * The right to send a pending operation for `leaseMs`: the operation with its attempts
     * counted, or null when it is not pending or someone else holds it now.
     */
    async claim(id: string, leaseMs: number): Promise<MoneyOperationRecord | null> {
      const [row] = await db.query<OperationRow>(
        `UPDATE money_operations SET lease_until = now() + make_interval(secs => $2::double precision / 1000), attempts = attempts + 1
         WHERE id = $1 AND state = 'pending' AND (lease_until IS NULL OR lease_until < now())
         RETURNING *`,
        [id, leaseMs],
      );
      return row ? toOperation(row) : null;
    },

    /** Gives an unanswered operation back, to be tried again. */
    async release(id: string): Promise<void> {
      await db.query(`UPDATE money_operations SET lease_until = NULL WHERE id = $1 AND state = 'pending'`, [id]);
    },

    async settle(id: string, state: 'done' | 'failed', failureCode: string | null): Promise<void> {
      await db.query(`UPDATE money_operations SET state = $2, failure_code = $3, lease_until = NULL, completed_at = now() WHERE id = $1 AND state = 'pending'`, [id, state, failureCode]);
    },

    /**
     * A failed operation tried again (support's retry): pending afresh, its attempts counted from
     * 0 and its failure cleared. Null unless it had failed (done, still pending, or retried by
     * someone else just now).
     */
    async retry(id: string): Promise<MoneyOperationRecord | null> {
      const [row] = await db.query<OperationRow>(
        `UPDATE money_operations SET state = 'pending', attempts = 0, failure_code = NULL, lease_until = NULL, completed_at = NULL
         WHERE id = $1 AND state = 'failed'
         RETURNING *`,
        [id],
      );
      return row ? toOperation(row) : null;
    },

    /** Pending operations no one holds: the ones a stopped instance left, for the sweep. */
    async due(limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM money_operations WHERE state = 'pending' AND (lease_until IS NULL OR lease_until < now()) ORDER BY created_at LIMIT $1`,
        [limit],
      );
      return rows.map((row) => row.id);
    },
  };
}

export type MoneyRepository = ReturnType<typeof moneyRepository>;
