import type { ConsentType, Language } from '@portal/domain';
import type { Queryable } from '../db';

export interface ConsentRecord {
  applicationId: string;
  type: ConsentType;
  textVersion: string;
  language: Language;
  text: string;
  accepted: boolean;
  sessionRef: string | null;
  createdAt?: Date;
}

interface ConsentRow {
  application_id: string;
  type: ConsentType;
  text_version: string;
  language: Language;
  text: string;
  accepted: boolean;
  session_ref: string | null;
  created_at: Date;
}

export function consentsRepository(db: Queryable) {
  return {
    async insert(consent: ConsentRecord): Promise<void> {
      await db.query(
        `INSERT INTO consents (application_id, type, text_version, language, text, accepted, session_ref)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          consent.applicationId, consent.type, consent.textVersion, consent.language, consent.text,
          consent.accepted, consent.sessionRef,
        ],
      );
    },

    async listForApplication(applicationId: string): Promise<ConsentRecord[]> {
      const rows = await db.query<ConsentRow>(
        'SELECT * FROM consents WHERE application_id = $1 ORDER BY created_at, id',
        [applicationId],
      );
      return rows.map((row) => ({
        applicationId: row.application_id,
        type: row.type,
        textVersion: row.text_version,
        language: row.language,
        text: row.text,
        accepted: row.accepted,
        sessionRef: row.session_ref,
        createdAt: new Date(row.created_at),
      }));
    },
  };
}
export type ConsentsRepository = ReturnType<typeof consentsRepository>;
