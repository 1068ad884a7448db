/** The log of provider calls: kind, status, duration and outcome per call, no bodies, no personal data. */
import type { Queryable } from '../db';

export interface NewInteraction {
  applicationId: string | null;
  provider: string;
  operation: string;
  httpStatus: number | null;
  outcome: string;
  durationMs: number;
}

export interface InteractionRecord extends Omit<NewInteraction, 'applicationId'> {
  at: Date;
}

export function providerInteractionsRepository(db: Queryable) {
  return {
    /** The calls made for one application, oldest first (the back office's timeline). */
    async listForApplication(applicationId: string): Promise<InteractionRecord[]> {
      const rows = await db.query<{ provider: string; operation: string; http_status: number | null; outcome: string; duration_ms: number; created_at: Date }>(
        'SELECT provider, operation, http_status, outcome, duration_ms, created_at FROM provider_interactions WHERE application_id = $1 ORDER BY id',
        [applicationId],
      );
      return rows.map((row) => ({
        provider: row.provider,
        operation: row.operation,
        httpStatus: row.http_status,
        outcome: row.outcome,
        durationMs: row.duration_ms,
        at: new Date(row.created_at),
      }));
    },

    async insert(interaction: NewInteraction): Promise<void> {
      await db.query(
        `INSERT INTO provider_interactions (application_id, provider, operation, http_status, outcome, duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [interaction.applicationId, interaction.provider, interaction.operation, interaction.httpStatus, interaction.outcome, Math.round(interaction.durationMs)],
      );
    },
  };
}
