/**
 * The SQL of data retention (ADR 18), a batch at a time. Each batch is one transaction that locks
 * the applications it takes (SKIP LOCKED: two runs at once share the work instead of doing it
 * twice) and answers only what it changed, so a second run changes and counts nothing.
 */
import type { ApplicationStatus } from '@portal/domain';
import type { Db } from '../db';
import { mailOutboxRepository } from './mail-outbox';

/** The timeline's entries for what retention did (`application_events.type`). */
export const RETENTION_EVENTS = {
  personalDataErased: 'personal-data.erased',
  consentEvidenceErased: 'consent-evidence.erased',
  evidenceChainErased: 'evidence-chain.erased',
} as const;

export function retentionRepository(db: Db) {
  return {
    /**
     * Erases the personal data of up to `limit` applications that turned final (one of
     * `finalStatuses`) more than `days` days ago: the customer's national ID and its lookup hash,
     * names, company name and number, e-mail, phone and address; the signatories' names of the
     * signing order and the renewal orders go; the request's hash (made of all of it) is replaced.
     * Answers the ids erased.
     */
    async eraseFinalApplications(finalStatuses: readonly ApplicationStatus[], days: number, limit: number): Promise<string[]> {
      return db.transaction(async (tx) => {
        const due = await tx.query<{ id: string }>(
          `SELECT id FROM applications
            WHERE personal_data_erased_at IS NULL AND status = ANY($1::text[]) AND updated_at < now() - make_interval(days => $2)
            ORDER BY updated_at, id LIMIT $3 FOR UPDATE SKIP LOCKED`,
          [finalStatuses, days, limit],
        );
        const ids = due.map((row) => row.id);
        if (ids.length === 0) return [];
        await tx.query(
          `UPDATE customers SET national_id = NULL, national_id_hash = NULL, first_name = NULL, last_name = NULL,
                  company_name = NULL, organisation_number = NULL, email = NULL, phone = NULL, address = NULL,
                  postal_code = NULL, city = NULL, updated_at = now()
            WHERE application_id = ANY($1::uuid[])`,
          [ids],
        );
        await tx.query('DELETE FROM signing_orders WHERE application_id = ANY($1::uuid[])', [ids]);
        // A review request's own words and document (issue 32); its reference, outcome and factors stay.
        await tx.query('UPDATE review_requests SET view = NULL, attachment = NULL WHERE application_id = ANY($1::uuid[])', [ids]);
        await tx.query('DELETE FROM renewal_orders WHERE application_id = ANY($1::uuid[])', [ids]);
        // The link into the lender's pages for this customer; nobody follows it after the end.
        await tx.query('UPDATE provider_applications SET customer_url = NULL WHERE application_id = ANY($1::uuid[])', [ids]);
        // The mails' recipients and words (ADR 33); their Message-IDs and digests stay, as evidence.
        await mailOutboxRepository(tx).eraseForApplications(ids);
        // updated_at stays the time of the last status change.
        await tx.query(`UPDATE applications SET personal_data_erased_at = now(), request_hash = 'erased' WHERE id = ANY($1::uuid[])`, [ids]);
        await tx.query(
          `INSERT INTO application_events (application_id, type, detail)
           SELECT id, $2, $3::jsonb FROM unnest($1::uuid[]) AS id`,
          [ids, RETENTION_EVENTS.personalDataErased, JSON.stringify({ retentionDays: days })],
        );
        return ids;
      });
    },

    /**
     * Deletes the consent evidence of up to `limit` applications that turned final more than
     * `days` days ago. Answers how many applications' evidence went.
     */
    async eraseConsentEvidence(finalStatuses: readonly ApplicationStatus[], days: number, limit: number): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx.query<{ id: string }>(
          `SELECT a.id FROM applications a
            WHERE a.id IN (SELECT c.application_id FROM consents c WHERE c.created_at < now() - make_interval(days => $2))
              AND a.status = ANY($1::text[]) AND a.updated_at < now() - make_interval(days => $2)
            ORDER BY a.id LIMIT $3 FOR UPDATE SKIP LOCKED`,
          [finalStatuses, days, limit],
        );
        if (due.length === 0) return 0;
        const deleted = await tx.query<{ application_id: string }>(
          'DELETE FROM consents WHERE application_id = ANY($1::uuid[]) RETURNING application_id',
          [due.map((row) => row.id)],
        );
        const ids = [...new Set(deleted.map((row) => row.application_id))];
        await tx.query(
          `INSERT INTO application_events (application_id, type, detail)
           SELECT id, $2, $3::jsonb FROM unnest($1::uuid[]) AS id`,
          [ids, RETENTION_EVENTS.consentEvidenceErased, JSON.stringify({ retentionDays: days })],
        );
        return ids.length;
      });
    },

    /**
     * Erases the evidence chains (ADR 32) of up to `limit` applications that turned final more
     * than `days` days ago and whose chain got nothing in that time: each chain whole, in the one
     * transaction the table's triggers let delete (`portal.evidence_erasure`). Answers how many
     * chains went.
     */
    async eraseEvidenceChains(finalStatuses: readonly ApplicationStatus[], days: number, limit: number): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx.query<{ id: string }>(
          `SELECT a.id FROM applications a
            WHERE a.id IN (SELECT e.application_id FROM evidence_entries e WHERE e.seq = 1 AND e.at < now() - make_interval(days => $2))
              AND a.status = ANY($1::text[]) AND a.updated_at < now() - make_interval(days => $2)
              AND NOT EXISTS (SELECT 1 FROM evidence_entries r WHERE r.application_id = a.id AND r.at >= now() - make_interval(days => $2))
            ORDER BY a.id LIMIT $3 FOR UPDATE SKIP LOCKED`,
          [finalStatuses, days, limit],
        );
        if (due.length === 0) return 0;
        const ids = due.map((row) => row.id);
        // For this transaction only: every other delete of an entry stays refused.
        await tx.query(`SELECT set_config('portal.evidence_erasure', 'on', true)`);
        await tx.query('DELETE FROM evidence_entries WHERE application_id = ANY($1::uuid[])', [ids]);
        await tx.query(
          `INSERT INTO application_events (application_id, type, detail)
           SELECT id, $2, $3::jsonb FROM unnest($1::uuid[]) AS id`,
          [ids, RETENTION_EVENTS.evidenceChainErased, JSON.stringify({ retentionDays: days })],
        );
        return ids.length;
      });
    },

    /** Deletes up to `limit` subscriptions whose term ended more than `days` days ago (with their products). */
    async deleteEndedSubscriptions(days: number, limit: number): Promise<number> {
      const rows = await db.query<{ id: string }>(
        `DELETE FROM subscriptions WHERE id IN (
           SELECT id FROM subscriptions WHERE end_date < current_date - $1::int ORDER BY end_date LIMIT $2
         ) RETURNING id`,
        [days, limit],
      );
      return rows.length;
    },
  };
}
export type RetentionRepository = ReturnType<typeof retentionRepository>;
