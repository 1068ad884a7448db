/**
 * Evidence the lender can show a supervisor (issue 31, ADR 32): per application, an append-only
 * chain of what the customer was shown and sent and of each affirmative act, each entry with the
 * hash of the one before (the rules: evidence-chain.ts). Each use case appends inside the
 * transaction that does what the entry records, so there is no act without its entry and no
 * entry of an act that was rolled back.
 *
 * What an entry's data holds: names, versions, languages and SHA-256 digests of documents, the
 * figures shown, the consents' words, the lender's and the signing service's references, the
 * mail's message id and digest. Never a national ID, phone number, e-mail address, name or IP
 * address: the chain outlives the customer's personal data (ADR 18) and is exported whole.
 */
import type { ConsentType, ConsentView, DocumentLink, Language, LoanView } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/db';
import type { ApplicationRecord } from '../db/repositories/applications';
import { evidenceRepository, type StoredEvidence } from '../db/repositories/evidence';
import { repositories } from '../db/repositories';
import type { ProviderKind } from '../db/repositories/provider-applications';
import type { Reading } from '../lenders/types';
import { canonicalJson, sha256Hex } from '../lib/crypto';
import { consentDocuments } from './consent-documents';
import { canonicalBody, type EvidenceBody, type EvidenceEntry, type EvidenceKind, genesisHash, sessionRefOf } from './evidence-chain';

/** JSON data: what JSON.stringify keeps is what is hashed and exported. */
export type EvidenceData = Record<string, unknown>;

export interface NewEvidence {
  kind: EvidenceKind;
  data: EvidenceData;
  /** The customer's session that did or saw it; only a hash of it is kept. */
  sessionId?: string | null | undefined;
  /** Appended once per application for this key: a second call answers the first entry. */
  once?: string | undefined;
}

const isDb = (q: Queryable | Db): q is Db => 'transaction' in q && typeof q.transaction === 'function';

const entryOf = (stored: StoredEvidence): EvidenceEntry => ({ ...(JSON.parse(stored.body) as EvidenceBody), hash: stored.hash });

/**
 * Appends an entry to the application's chain. Inside a transaction (`q` from `db.transaction`)
 * the entry commits or rolls back with it; given the database itself it runs in a transaction
 * of its own. Two appends at once do not fork the chain: the second waits for the first's
 * commit on the application's row lock, then chains onto it.
 */
export async function appendEvidence(q: Queryable | Db, applicationId: string, entry: NewEvidence): Promise<EvidenceEntry> {
  if (isDb(q)) return q.transaction((tx) => appendEvidence(tx, applicationId, entry));
  const repo = evidenceRepository(q);
  const head = await repo.lockHead(applicationId);
  if (!head) throw new Error(`evidence: no application ${applicationId}`);
  if (entry.once) {
    const existing = await repo.findOnce(applicationId, entry.once);
    if (existing) return entryOf(existing);
  }
  const body: EvidenceBody = {
    seq: (head.last?.seq ?? 0) + 1,
    at: head.now.toISOString(),
    kind: entry.kind,
    sessionRef: entry.sessionId ? sessionRefOf(entry.sessionId) : null,
    // As JSON keeps it (no undefined members, dates as text): the export reads back the same.
    data: JSON.parse(JSON.stringify(entry.data)) as EvidenceData,
    prevHash: head.last?.hash ?? genesisHash(head.reference),
  };
  const text = canonicalBody(body);
  const hash = sha256Hex(text);
  await repo.insert({
    applicationId,
    seq: body.seq,
    at: head.now,
    kind: body.kind,
    sessionRef: body.sessionRef,
    body: text,
    prevHash: body.prevHash,
    hash,
    onceKey: entry.once ?? null,
  });
  return { ...body, hash };
}

/** The application's chain, in order, as the export writes it. */
export async function evidenceOf(q: Queryable, applicationId: string): Promise<EvidenceEntry[]> {
  return (await evidenceRepository(q).list(applicationId)).map(entryOf);
}

// ---- What was shown ---------------------------------------------------------------------

/** A document as the customer saw it (or its link). */
export interface ShownDocument {
  /** What it is: `secci`, `general-terms`, `privacy-policy`, … */
  name: string;
  /** The link's label or the document's title, as shown. */
  title: string | null;
  url: string | null;
  /** The document's own version, where it has one the portal can read. */
  version: string | null;
  language: Language | null;
  /**
   * SHA-256 (hex) of the bytes the customer got. Null when the portal showed a link to another
   * party's document and never read its bytes: then the URL is what the evidence holds.
   */
  sha256: string | null;
  source: 'portal' | 'lender' | 'external';
}

export interface Shown {
  /** The screen or step: `apply`, `terms`, `key-facts`, … */
  screen: string;
  language: Language;
  /** The figures on it (rates in percent, amounts in the currency), where it showed any. */
  facts?: Record<string, string | number | boolean | null>;
  /** The consents it asked for: their words by version and digest (the words themselves are in each consent's entry). */
  consents?: { type: ConsentType; textVersion: string; textSha256: string }[];
  documents: ShownDocument[];
}

/**
 * Records what a screen showed the customer. The same thing shown again in the same session is
 * recorded once (a reload, a second tab, a poll): that costs one indexed read and no write.
 */
export async function recordShown(q: Queryable | Db, applicationId: string, shown: Shown, sessionId: string | null): Promise<EvidenceEntry> {
  const data = { ...shown };
  const once = `shown:${sessionId ? sessionRefOf(sessionId) : '-'}:${sha256Hex(canonicalJson(data))}`;
  const seen = await evidenceRepository(q).findOnce(applicationId, once);
  if (seen) return entryOf(seen);
  return appendEvidence(q, applicationId, { kind: 'shown', data, sessionId, once });
}

/** What the apply screen answered the customer: the priced loan, the consents to give and their documents. */
export interface ApplyScreen {
  loan: LoanView;
  consents: readonly ConsentView[];
  creditAgency: string | null;
  language: Language;
}

/**
 * The apply screen's price summary as the customer got it: the figures, the lender's documents
 * it linked (by URL: the portal never reads their bytes), and the consents it asked for with the
 * portal's documents they link (name, version, SHA-256 of the bytes served).
 */
export async function recordApplyScreen(app: FastifyInstance, application: ApplicationRecord, screen: ApplyScreen, sessionId: string): Promise<EvidenceEntry> {
  const { loan, language } = screen;
  const links = (name: string, list: readonly DocumentLink[]): ShownDocument[] =>
    list.map((link) => ({ name, title: link.label, url: link.url, version: null, language, sha256: null, source: 'lender' }));
  const consentFiles: ShownDocument[] = [];
  for (const consent of screen.consents) {
    const { documents } = await consentDocuments(app, application.countryCode, consent.files);
    for (const document of documents) {
      consentFiles.push({ name: consent.type, title: document.title, url: document.url, version: document.version, language, sha256: document.sha256, source: document.source });
    }
  }
  return recordShown(
    app.db,
    application.id,
    {
      screen: 'apply',
      language,
      facts: {
        currency: loan.currency,
        loanAmount: loan.loanAmount,
        loanPeriodMonths: loan.loanPeriod,
        interestRate: loan.interestRate,
        effectiveInterestRate: loan.effectiveInterestRate,
        costOfCredit: loan.cost,
        totalAmount: loan.totalAmount,
        monthlyPayment: loan.totalMonthlyPayment,
        creditAgency: screen.creditAgency,
      },
      consents: screen.consents.map((consent) => ({ type: consent.type, textVersion: consent.version, textSha256: sha256Hex(consent.text) })),
      documents: [...links('secci', loan.secciLinks), ...links('general-terms', loan.generalTermsLinks), ...consentFiles],
    },
    sessionId,
  );
}

// ---- What was done ----------------------------------------------------------------------

/** The customer pressed submit and the form was accepted: the act that sends it to the lender. */
export async function recordSubmit(
  q: Queryable,
  applicationId: string,
  submit: { lender: ProviderKind; language: Language; accepted: ConsentType[]; refused: ConsentType[] },
  sessionId: string,
): Promise<EvidenceEntry> {
  return appendEvidence(q, applicationId, { kind: 'submit', data: { ...submit }, sessionId });
}

export interface SignatureEvidence {
  /** Where it was signed: with the portal's signing service, or on the lender's own page. */
  by: 'signing-service' | 'lender';
  lender: ProviderKind;
  /** The signing service's order id, or the lender's id of the payment. */
  reference: string;
  /** The signed document as the portal received it; null when the portal does not get it. */
  signedDocument: { name: string; sha256: string; bytes: number } | null;
  providerStatus?: string | null;
  note?: string;
}

/**
 * Records a signature once per signing order (or lender payment). When it was recorded before
 * the portal had the signed document, the document's digest follows in an entry of its own.
 */
export async function recordSignature(q: Queryable, applicationId: string, signature: SignatureEvidence): Promise<EvidenceEntry> {
  const entry = await appendEvidence(q, applicationId, { kind: 'signature', data: { ...signature }, once: `signature:${signature.by}:${signature.reference}` });
  if (signature.signedDocument && entry.data.signedDocument === null) {
    return appendEvidence(q, applicationId, {
      kind: 'signed-document',
      data: { by: signature.by, lender: signature.lender, reference: signature.reference, signedDocument: signature.signedDocument, signatureSeq: entry.seq },
      once: `signed-document:${signature.by}:${signature.reference}`,
    });
  }
  return entry;
}

/** Application statuses that, reached from SIGNING, mean the customer signed at the lender. */
const SIGNED_AT_LENDER = new Set<ApplicationRecord['status']>(['SIGNED', 'PENDING', 'APPROVED', 'COMPLETED']);

/**
 * A consumer lender's answer that says the customer signed on its own page (Resurs: version 1's
 * signed booking, or a decision after version 2's signing task): recorded as a signature at the
 * lender, which keeps the signed agreement. The portal never sees its bytes.
 */
export async function recordLenderSignature(q: Queryable, before: ApplicationRecord, after: ApplicationRecord, reading: Reading): Promise<void> {
  if (before.provider !== 'RESURS' || before.status !== 'SIGNING') return;
  if (reading.data?.signed !== true && !SIGNED_AT_LENDER.has(after.status)) return;
  const provider = await repositories(q).providerApplications.find(before.id);
  if (!provider?.externalId) return;
  await recordSignature(q, before.id, {
    by: 'lender',
    lender: provider.provider,
    reference: provider.externalId,
    signedDocument: null,
    providerStatus: reading.providerStatus,
    note: "signed on the lender's own page; the lender keeps the signed agreement",
  });
}

// ---- What was sent ----------------------------------------------------------------------

export interface MailSent {
  /** The Message-ID the mail server accepted the mail under. */
  messageId: string;
  /** SHA-256 (hex) of the message exactly as it was handed to the mail server. */
  digest: string;
  template: string;
  language: Language;
  attachments: { filename: string; sha256: string }[];
}

/**
 * Records a mail handed to the mail server (the mail job calls this in the transaction that marks
 * the mail sent). Once per message id: a retry of the same mail records nothing new.
 */
export async function recordMailSent(q: Queryable | Db, applicationId: string, mail: MailSent): Promise<EvidenceEntry> {
  const data = { messageId: mail.messageId, digest: mail.digest, template: mail.template, language: mail.language, attachments: mail.attachments.map(({ filename, sha256 }) => ({ filename, sha256 })) };
  return appendEvidence(q, applicationId, { kind: 'mail.sent', data, once: `mail:${mail.messageId}` });
}
