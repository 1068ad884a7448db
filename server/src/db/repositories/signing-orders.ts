/**
 * Signing orders of business contracts (one per application at a time): the signing service's
 * order, its packaging task and the signatories' tasks (names only, never national IDs).
 */
import type { SigningSessionStatus } from '@portal/domain';
import type { Queryable } from '../db';

export interface StoredTask {
  id: string;
  signerRef: string;
  name: string;
  status: SigningSessionStatus;
  signingUrl: string;
}

export interface StoredOrder {
  orderId: string;
  packagingTaskId: string;
  packagingStatus: string;
  tasks: StoredTask[];
}

/** A row whose order id is `claim:<epoch ms>` is being created by someone until that time. */
const CLAIM_PREFIX = 'claim:';

interface Row {
  order_id: string;
  packaging_task_id: string;
  packaging_status: string;
  tasks: StoredTask[];
}

export function signingOrdersRepository(db: Queryable) {
  return {
    /** The application's order; null while there is none or while one is being created. */
    async find(applicationId: string): Promise<StoredOrder | null> {
      const [row] = await db.query<Row>('SELECT order_id, packaging_task_id, packaging_status, tasks FROM signing_orders WHERE application_id = $1', [applicationId]);
      if (!row || row.order_id.startsWith(CLAIM_PREFIX)) return null;
      return { orderId: row.order_id, packagingTaskId: row.packaging_task_id, packagingStatus: row.packaging_status, tasks: row.tasks };
    },

    /**
     * Claims the right to create the application's order for `leaseMs`: answers true for the
     * one caller that got it. A claim whose time ran out (its caller died) can be taken over;
     * an order that exists cannot (replace it with `remove` first).
     */
    async claim(applicationId: string, leaseMs: number): Promise<string | null> {
      const claim = `${CLAIM_PREFIX}${Date.now() + leaseMs}:${Math.random().toString(36).slice(2, 10)}`;
      const rows = await db.query(
        `INSERT INTO signing_orders (application_id, order_id, packaging_task_id, packaging_status, tasks)
         VALUES ($1, $2, '', 'CREATED', '[]'::jsonb)
         ON CONFLICT (application_id) DO UPDATE SET order_id = excluded.order_id, updated_at = now()
           WHERE signing_orders.order_id LIKE 'claim:%'
             AND split_part(signing_orders.order_id, ':', 2)::bigint < $3
         RETURNING application_id`,
        [applicationId, claim, Date.now()],
      );
      return rows.length === 1 ? claim : null;
    },

    async releaseClaim(applicationId: string, claim: string): Promise<void> {
      await db.query(`DELETE FROM signing_orders WHERE application_id = $1 AND order_id = $2`, [applicationId, claim]);
    },

    /** Removes an order that can no longer be signed, so a new one can be made. */
    async remove(applicationId: string, orderId: string): Promise<void> {
      await db.query(`DELETE FROM signing_orders WHERE application_id = $1 AND order_id = $2`, [applicationId, orderId]);
    },

    async save(applicationId: string, order: StoredOrder): Promise<void> {
      await db.query(
        `INSERT INTO signing_orders (application_id, order_id, packaging_task_id, packaging_status, tasks)
         VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (application_id) DO UPDATE SET order_id = excluded.order_id, packaging_task_id = excluded.packaging_task_id,
           packaging_status = excluded.packaging_status, tasks = excluded.tasks, updated_at = now()`,
        [applicationId, order.orderId, order.packagingTaskId, order.packagingStatus, JSON.stringify(order.tasks)],
      );
    },
  };
}
export type SigningOrdersRepository = ReturnType<typeof signingOrdersRepository>;
