/**
 * Sessions of the lender's operators (the back office), apart from customers' sessions. A session
 * is alive while it is not revoked, its shift has not ended and it was used within the idle time.
 */
import type { OperatorRole } from '@portal/domain';
import type { Queryable } from '../db';

export interface OperatorSession {
  id: string;
  operatorSubject: string;
  operatorName: string;
  operatorEmail: string | null;
  roles: OperatorRole[];
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Row {
  id: string;
  operator_subject: string;
  operator_name: string;
  operator_email: string | null;
  roles: OperatorRole[];
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

const toSession = (row: Row): OperatorSession => ({
  id: row.id,
  operatorSubject: row.operator_subject,
  operatorName: row.operator_name,
  operatorEmail: row.operator_email,
  roles: row.roles,
  createdAt: new Date(row.created_at),
  lastSeenAt: new Date(row.last_seen_at),
  expiresAt: new Date(row.expires_at),
});

const alive = (idleMinutes: string) =>
  `revoked_at IS NULL AND expires_at > now() AND last_seen_at > now() - make_interval(mins => ${idleMinutes})`;

export function operatorSessionsRepository(db: Queryable) {
  return {
    async create(session: { tokenHash: string; subject: string; name: string; email: string | null; roles: readonly OperatorRole[]; expiresAt: Date }): Promise<OperatorSession> {
      const [row] = await db.query<Row>(
        `INSERT INTO operator_sessions (token_hash, operator_subject, operator_name, operator_email, roles, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [session.tokenHash, session.subject, session.name, session.email, session.roles, session.expiresAt],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return toSession(row);
    },

    /** The live session of a cookie's token, its idle deadline moved on: one round trip. */
    async touch(tokenHash: string, idleMinutes: number): Promise<OperatorSession | null> {
      const [row] = await db.query<Row>(
        `UPDATE operator_sessions SET last_seen_at = now() WHERE token_hash = $1 AND ${alive('$2')} RETURNING *`,
        [tokenHash, idleMinutes],
      );
      return row ? toSession(row) : null;
    },

    async listAlive(idleMinutes: number): Promise<OperatorSession[]> {
      const rows = await db.query<Row>(
        `SELECT * FROM operator_sessions WHERE ${alive('$1')} ORDER BY created_at DESC`,
        [idleMinutes],
      );
      return rows.map(toSession);
    },

    /** Ends a session at once; false when it was not alive. */
    async revoke(id: string): Promise<OperatorSession | null> {
      const [row] = await db.query<Row>(
        'UPDATE operator_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING *',
        [id],
      );
      return row ? toSession(row) : null;
    },

    async revokeByToken(tokenHash: string): Promise<OperatorSession | null> {
      const [row] = await db.query<Row>(
        'UPDATE operator_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING *',
        [tokenHash],
      );
      return row ? toSession(row) : null;
    },

    /** Housekeeping: sessions past their shift, or revoked a day ago. */
    async deleteEnded(): Promise<number> {
      const rows = await db.query(
        `DELETE FROM operator_sessions WHERE expires_at <= now() OR revoked_at < now() - interval '1 day' RETURNING id`,
      );
      return rows.length;
    },
  };
}
export type OperatorSessionsRepository = ReturnType<typeof operatorSessionsRepository>;
