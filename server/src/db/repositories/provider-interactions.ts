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

export function providerInteractionsRepository(db: Queryable) {
  return {
    async insert(interaction: NewInteraction): Promise<void> {
      await db.query(
        `INSERT INTO provider_interactions (application_id, provider, operation, http_status, outcome, duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [interaction.applicationId, interaction.provider, interaction.operation, interaction.httpStatus, interaction.outcome, Math.round(interaction.durationMs)],
      );
    },
  };
}
