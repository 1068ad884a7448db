import type { ConsentType, Language } from '@portal/domain';
import { sha256Hex } from '../../lib/crypto';
import type { Queryable } from '../db';
import { personalDataOf } from './personal-data';

/** A document a consent linked to, as it was at that moment (ADR 13). */
export interface ConsentDocumentRecord {
  url: string;
  title: string;
  version: string | null;
  sha256: string | null;
  source: 'portal' | 'external';
}

export interface ConsentRecord {
  applicationId: string;
  type: ConsentType;
  textVersion: string;
  language: Language;
  text: string;
  accepted: boolean;
  /** A hash of the session that gave it (the session itself is gone after 30 minutes). */
  sessionRef: string | null;
  /** Who consented: the national ID that was identified (sealed in the row), how and when. */
  subjectNationalId: string | null;
  identificationMethod: string | null;
  identifiedAt: Date | null;
  /** The documents linked; null on consents given before they were recorded. */
  documents: ConsentDocumentRecord[] | null;
  createdAt?: Date;
}

export interface StoredConsent extends ConsentRecord {
  /** The application's customer, who the consent is of. */
  customerId: string | null;
  textSha256: string;
  createdAt: Date;
}

interface ConsentRow {
  application_id: string;
  customer_id: string | null;
  type: ConsentType;
  text_version: string;
  language: Language;
  text: string;
  text_sha256: string;
  accepted: boolean;
  session_ref: string | null;
  subject_national_id: string | null;
  identification_method: string | null;
  identified_at: Date | null;
  documents: ConsentDocumentRecord[] | null;
  created_at: Date;
}

const SUBJECT = 'consents.subject_national_id';

export function consentsRepository(db: Queryable) {
  return {
    /** Stores a consent with its evidence; the customer is the application's, the text's hash is made here. */
    async insert(consent: ConsentRecord): Promise<void> {
      await db.query(
        `INSERT INTO consents (application_id, customer_id, type, text_version, language, text, text_sha256, accepted,
                               session_ref, subject_national_id, identification_method, identified_at, documents)
         VALUES ($1, (SELECT id FROM customers WHERE application_id = $1), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb)`,
        [
          consent.applicationId, consent.type, consent.textVersion, consent.language, consent.text, sha256Hex(consent.text), consent.accepted,
          consent.sessionRef, personalDataOf(db).sealNullable(SUBJECT, consent.subjectNationalId), consent.identificationMethod,
          consent.identifiedAt, consent.documents === null ? null : JSON.stringify(consent.documents),
        ],
      );
    },

    /** Keeps a copy of a portal document version a consent links to (once per version). */
    async keepDocument(document: { sha256: string; url: string; version: string | null; contentBase64: string }): Promise<void> {
      await db.query(
        `INSERT INTO consent_documents (sha256, url, version, content_base64) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sha256) DO NOTHING`,
        [document.sha256, document.url, document.version, document.contentBase64],
      );
    },

    /** The kept copy of a document version, base64, or null. */
    async findDocument(sha256: string): Promise<{ url: string; version: string | null; contentBase64: string } | null> {
      const [row] = await db.query<{ url: string; version: string | null; content_base64: string }>(
        'SELECT url, version, content_base64 FROM consent_documents WHERE sha256 = $1',
        [sha256],
      );
      return row ? { url: row.url, version: row.version, contentBase64: row.content_base64 } : null;
    },

    async listForApplication(applicationId: string): Promise<StoredConsent[]> {
      const rows = await db.query<ConsentRow>(
        'SELECT * FROM consents WHERE application_id = $1 ORDER BY created_at, id',
        [applicationId],
      );
      const pd = personalDataOf(db);
      return rows.map((row) => ({
        applicationId: row.application_id,
        customerId: row.customer_id,
        type: row.type,
        textVersion: row.text_version,
        language: row.language,
        text: row.text,
        textSha256: row.text_sha256,
        accepted: row.accepted,
        sessionRef: row.session_ref,
        subjectNationalId: pd.openNullable(SUBJECT, row.subject_national_id),
        identificationMethod: row.identification_method,
        identifiedAt: row.identified_at ? new Date(row.identified_at) : null,
        documents: row.documents,
        createdAt: new Date(row.created_at),
      }));
    },
  };
}
export type ConsentsRepository = ReturnType<typeof consentsRepository>;
