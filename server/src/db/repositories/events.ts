import type { ApplicationStatus, Outcome } from '@portal/domain';
import type { Queryable } from '../db';

/** Details must never hold national IDs or contact data: they reach merchants and logs. */
export type EventDetail = Record<string, string | number | boolean | null>;

export interface NewEvent {
  type: string;
  status?: ApplicationStatus | null;
  outcome?: Outcome | null;
  detail?: EventDetail | null;
}

export interface EventRecord {
  id: number;
  applicationId: string;
  type: string;
  status: ApplicationStatus | null;
  outcome: Outcome | null;
  detail: EventDetail | null;
  createdAt: Date;
}

interface EventRow {
  id: string | number;
  application_id: string;
  type: string;
  status: ApplicationStatus | null;
  outcome: Outcome | null;
  detail: EventDetail | null;
  created_at: Date;
}

const toRecord = (row: EventRow): EventRecord => ({
  id: Number(row.id),
  applicationId: row.application_id,
  type: row.type,
  status: row.status,
  outcome: row.outcome,
  detail: row.detail,
  createdAt: new Date(row.created_at),
});

export function eventsRepository(db: Queryable) {
  return {
    async append(applicationId: string, event: NewEvent): Promise<EventRecord> {
      const [row] = await db.query<EventRow>(
        `INSERT INTO application_events (application_id, type, status, outcome, detail)
         VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING *`,
        [applicationId, event.type, event.status ?? null, event.outcome ?? null, event.detail ? JSON.stringify(event.detail) : null],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return toRecord(row);
    },

    async listForApplication(applicationId: string): Promise<EventRecord[]> {
      const rows = await db.query<EventRow>(
        'SELECT * FROM application_events WHERE application_id = $1 ORDER BY id',
        [applicationId],
      );
      return rows.map(toRecord);
    },
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;
