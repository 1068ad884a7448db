/**
 * The pre-contractual information each consumer was given (issue 31, ADR 35): the lender's SECCI
 * as fetched, the PDF as mailed, the key facts shown, the mail that carried it, and when the
 * customer went on to the signature. The PDF travels as base64 (one text parameter on both engines).
 */
import type { Queryable } from '../db';

export interface SecciSection {
  kind: 'heading' | 'paragraph';
  text: string;
}

export interface PrecontractualRecord<KeyFacts> {
  applicationId: string;
  lenderUrl: string;
  lenderType: string;
  lenderSha256: string;
  title: string;
  pdfSha256: string;
  pdfSize: number;
  sections: SecciSection[];
  keyFacts: KeyFacts;
  mailId: string | null;
  continuedAt: Date | null;
}

interface Row<KeyFacts> {
  application_id: string;
  lender_url: string;
  lender_type: string;
  lender_sha256: string;
  title: string;
  pdf_sha256: string;
  pdf_size: number;
  sections: SecciSection[];
  key_facts: KeyFacts;
  mail_id: string | null;
  continued_at: Date | null;
}

/** Every column but the PDF's bytes (its size instead). */
const SUMMARY = 'application_id, lender_url, lender_type, lender_sha256, title, pdf_sha256, octet_length(pdf) AS pdf_size, sections, key_facts, mail_id, continued_at';

export type NewPrecontractual<KeyFacts> = Pick<PrecontractualRecord<KeyFacts>, 'applicationId' | 'lenderUrl' | 'lenderType' | 'lenderSha256' | 'title' | 'pdfSha256' | 'sections' | 'keyFacts'> & {
  pdf: Buffer;
};

export function precontractualRepository(db: Queryable) {
  return {
    async find<KeyFacts>(applicationId: string): Promise<PrecontractualRecord<KeyFacts> | null> {
      const [row] = await db.query<Row<KeyFacts>>(`SELECT ${SUMMARY} FROM precontractual_information WHERE application_id = $1`, [applicationId]);
      if (!row) return null;
      return {
        applicationId: row.application_id,
        lenderUrl: row.lender_url,
        lenderType: row.lender_type,
        lenderSha256: row.lender_sha256,
        title: row.title,
        pdfSha256: row.pdf_sha256,
        pdfSize: Number(row.pdf_size),
        sections: row.sections,
        keyFacts: row.key_facts,
        mailId: row.mail_id,
        continuedAt: row.continued_at ? new Date(row.continued_at) : null,
      };
    },

    /** The PDF as mailed, with its title; null when none was made. */
    async pdf(applicationId: string): Promise<{ title: string; pdf: Buffer } | null> {
      const [row] = await db.query<{ title: string; pdf: string }>("SELECT title, encode(pdf, 'base64') AS pdf FROM precontractual_information WHERE application_id = $1", [
        applicationId,
      ]);
      return row ? { title: row.title, pdf: Buffer.from(row.pdf, 'base64') } : null;
    },

    async insert<KeyFacts>(record: NewPrecontractual<KeyFacts>): Promise<void> {
      await db.query(
        `INSERT INTO precontractual_information (application_id, lender_url, lender_type, lender_sha256, title, pdf, pdf_sha256, sections, key_facts)
         VALUES ($1, $2, $3, $4, $5, decode($6, 'base64'), $7, $8::jsonb, $9::jsonb)`,
        [
          record.applicationId,
          record.lenderUrl,
          record.lenderType,
          record.lenderSha256,
          record.title,
          record.pdf.toString('base64'),
          record.pdfSha256,
          JSON.stringify(record.sections),
          JSON.stringify(record.keyFacts),
        ],
      );
    },

    /** The mail that carries it now (a failed one is replaced by a new one). */
    async setMail(applicationId: string, mailId: string): Promise<void> {
      await db.query('UPDATE precontractual_information SET mail_id = $2 WHERE application_id = $1', [applicationId, mailId]);
    },

    /** The customer went on to the signature (the first time counts). */
    async markContinued(applicationId: string): Promise<void> {
      await db.query('UPDATE precontractual_information SET continued_at = coalesce(continued_at, now()) WHERE application_id = $1', [applicationId]);
    },
  };
}
