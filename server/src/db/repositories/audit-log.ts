/**
 * The back office's audit log: who did what, when, to which record and why. Append and read
 * only: there is no update or delete here, and the table's trigger refuses them anyway.
 */
import type { AuditAction } from '@portal/domain';
import type { Queryable, SqlParam } from '../db';

/** Never national IDs, contact data or secrets. */
export type AuditDetail = Record<string, string | number | boolean | null>;

export interface NewAuditEntry {
  operatorSubject: string;
  operatorName: string;
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | null;
  reason?: string | null;
  detail?: AuditDetail | null;
}

export interface AuditRecord {
  id: string;
  at: Date;
  operatorSubject: string;
  operatorName: string;
  action: AuditAction;
  targetType: string | null;
  targetId: string | null;
  reason: string | null;
  detail: AuditDetail | null;
}

interface Row {
  id: string | number;
  at: Date;
  operator_subject: string;
  operator_name: string;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  detail: AuditDetail | null;
}

const toRecord = (row: Row): AuditRecord => ({
  id: String(row.id),
  at: new Date(row.at),
  operatorSubject: row.operator_subject,
  operatorName: row.operator_name,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  reason: row.reason,
  detail: row.detail,
});

export interface AuditQuery {
  action?: AuditAction | undefined;
  operator?: string | null | undefined;
  targetId?: string | null | undefined;
  /** Entries older than this id. */
  before?: string | undefined;
  limit: number;
}

export function auditLogRepository(db: Queryable) {
  return {
    async append(entry: NewAuditEntry): Promise<void> {
      await db.query(
        `INSERT INTO audit_log (operator_subject, operator_name, action, target_type, target_id, reason, detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
        [
          entry.operatorSubject, entry.operatorName, entry.action, entry.targetType ?? null, entry.targetId ?? null,
          entry.reason ?? null, entry.detail ? JSON.stringify(entry.detail) : null,
        ],
      );
    },

    /**
     * Whether this operator did this to this record within the last `minutes` (views are logged
     * once a while). By the record's type and id, the leading columns of audit_log_target_idx: the
     * log is kept for ever, and without the type the check read all of it (61 ms at 300k rows).
     */
    async hasRecent(
      operatorSubject: string, action: AuditAction, target: { type: string; id: string }, minutes: number,
    ): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM audit_log
          WHERE target_type = $1 AND target_id = $2 AND action = $3 AND operator_subject = $4 AND at > now() - make_interval(mins => $5)
          LIMIT 1`,
        [target.type, target.id, action, operatorSubject, minutes],
      );
      return rows.length > 0;
    },

    /** Newest first. */
    async list(query: AuditQuery): Promise<AuditRecord[]> {
      const where: string[] = [];
      const params: SqlParam[] = [];
      const add = (clause: (n: string) => string, value: SqlParam) => {
        params.push(value);
        where.push(clause(`$${params.length}`));
      };
      if (query.action) add((n) => `action = ${n}`, query.action);
      if (query.operator) add((n) => `(operator_subject = ${n} OR operator_name ILIKE '%' || ${n} || '%')`, query.operator);
      if (query.targetId) add((n) => `target_id = ${n}`, query.targetId);
      if (query.before) add((n) => `id < ${n}::bigint`, query.before);
      params.push(query.limit);
      const rows = await db.query<Row>(
        `SELECT * FROM audit_log ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`,
        params,
      );
      return rows.map(toRecord);
    },
  };
}
export type AuditLogRepository = ReturnType<typeof auditLogRepository>;
