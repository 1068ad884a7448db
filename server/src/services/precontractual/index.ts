/**
 * The pre-contractual information step (issue 31; CCD2 Art. 10; ADR 35). Before the step that
 * binds a consumer (the signature with Resurs), the customer sees the SECCI's key facts as a card
 * and the lender's SECCI beneath it, and the SECCI is mailed to them as a PDF. The signature is
 * refused until that mail was taken by the mail server (`requirePrecontractualSent`), so the
 * customer always has the document on a durable medium before they can be bound. The mail links
 * back to the same step (the application's address: identification, then where the flow stands).
 *
 * Kept per application: the lender's document's address, type and digest, the PDF exactly as
 * mailed and its digest, the key facts shown, the mail, and when the customer went on. What was
 * shown and sent goes into the evidence chain (services/evidence.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API, COUNTRIES, type Language, pagePath, PAGES, type PrecontractualAnswer } from '@portal/domain';
import { repositories } from '../../db/repositories';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { ApiError } from '../../lib/errors';
import type { LoanPricing } from '../../providers/types';
import { recordShown } from '../evidence';
import { queueMail } from '../mail';
import { loanViewOf, storedPricing } from '../pricing';
import { apiErrorFor } from '../provider-errors';
import { secciBlocks, secciPdf } from './secci-pdf';

/** The lender as the SECCI and the mail name it. */
export const CONSUMER_LENDER_NAME = 'Resurs Bank';
/** The consumer's right of withdrawal from a credit agreement (CCD2 Art. 26; KkrL 36 §; finansavtaleloven § 3-41). */
export const WITHDRAWAL_DAYS = 14;

export type KeyFacts = PrecontractualAnswer['keyFacts'];


const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Only a consumer's credit has a SECCI: a Resurs application of a private person, decided and not yet signed. */
export function precontractualApplies(app: FastifyInstance, application: ApplicationRecord): boolean {
  if (application.provider !== 'RESURS' || application.customerType !== 'PRIVATE') return false;
  const kind = app.lenders.kindFor(application);
  return kind === 'RESURS_V1' ? ['APPROVED', 'SIGNING'].includes(application.status) : application.status === 'SIGNING';
}

export function keyFactsOf(application: ApplicationRecord, pricing: LoanPricing | null): KeyFacts {
  const total = loanViewOf(application, pricing).totalAmount;
  return {
    lender: CONSUMER_LENDER_NAME,
    currency: application.currency,
    creditAmount: application.loanAmount,
    termMonths: application.loanPeriod,
    numberOfPayments: application.loanPeriod,
    interestRate: pricing?.interestRate ?? null,
    effectiveInterestRate: pricing?.effectiveInterestRate ?? null,
    costOfCredit: pricing?.cost ?? null,
    totalAmountPayable: total,
    monthlyPayment: pricing?.totalMonthlyPayment ?? null,
    withdrawalDays: WITHDRAWAL_DAYS,
  };
}

const findRecord = (app: FastifyInstance, applicationId: string) => app.repos.precontractual.find<KeyFacts>(applicationId);

/** The step as the customer sees it now. */
export async function precontractualState(app: FastifyInstance, application: ApplicationRecord): Promise<PrecontractualAnswer> {
  const record = await findRecord(app, application.id);
  if (!record) return { keyFacts: keyFactsOf(application, await storedPricing(app, application.id)), continued: false };
  const mail = record.mailId ? await app.repos.mailOutbox.summary(record.mailId) : null;
  return {
    keyFacts: record.keyFacts,
    document: { title: record.title, url: API.precontractualDocument.url(), sha256: record.pdfSha256, bytes: record.pdfSize, lenderUrl: record.lenderUrl, sections: record.sections },
    ...(mail && mail.recipient ? { mail: { state: mail.state, sentTo: mail.recipient, sentAt: mail.sentAt?.toISOString() ?? null } } : {}),
    continued: record.continuedAt !== null,
  };
}

/** The lender's SECCI for this credit, as the PDF the customer keeps. */
async function secciDocument(app: FastifyInstance, application: ApplicationRecord, pricing: LoanPricing) {
  const link = pricing.secciLinks[0];
  if (!link) throw new ApiError(502, 'WEB_SERVICE_DOWN');
  const provider = app.lenders.kindFor(application) === 'RESURS_V1' ? 'resurs-v1' : 'resurs-v2';
  const fetched = await app.providers.lenderDocuments.fetch(provider, link.url, { applicationId: application.id });
  if (!fetched.ok) throw apiErrorFor(fetched.failure);
  const document = fetched.value;
  const lenderSha256 = sha256(document.bytes);
  const title = link.label;
  if (document.contentType === 'application/pdf') return { title, lender: document, lenderSha256, pdf: Buffer.from(document.bytes), sections: [] };
  if (document.contentType !== 'text/html' && document.contentType !== 'application/xhtml+xml') {
    app.log.error({ provider, operation: 'getSecciDocument', contentType: document.contentType }, 'the SECCI is neither a PDF nor a web page');
    throw new ApiError(502, 'WEB_SERVICE_DOWN');
  }
  const html = new TextDecoder(document.charset ?? 'utf-8', { fatal: false }).decode(document.bytes);
  const blocks = secciBlocks(html);
  if (blocks.length === 0) throw new ApiError(502, 'WEB_SERVICE_DOWN');
  const pdf = await secciPdf({
    title,
    lender: CONSUMER_LENDER_NAME,
    language: COUNTRIES[application.countryCode].language,
    url: link.url,
    fetchedAt: new Date(),
    lenderSha256,
    blocks,
    fontDir: app.config.pdfFontDir,
  });
  return { title, lender: document, lenderSha256, pdf, sections: blocks };
}

export interface ProvideContext {
  sessionId: string;
  language: Language;
}

/**
 * Provides the information: the lender's SECCI fetched and made the PDF, kept, mailed to the
 * customer and recorded as shown, once. A mail that failed is sent again (a new mail); one that
 * is queued or sent is not. Answers the step as it then is.
 */
export async function providePrecontractual(app: FastifyInstance, application: ApplicationRecord, context: ProvideContext): Promise<PrecontractualAnswer> {
  if (!precontractualApplies(app, application)) throw new ApiError(409, 'APPLICATION_NOT_APPROVED');
  const existing = await findRecord(app, application.id);
  const existingMail = existing?.mailId ? await app.repos.mailOutbox.summary(existing.mailId) : null;
  if (existing && existingMail && existingMail.state !== 'failed') return precontractualState(app, application);

  const customer = await app.repos.customers.findByApplicationId(application.id);
  if (!customer?.email) throw ApiError.badRequest();
  const pricing = await storedPricing(app, application.id);
  if (!pricing) throw new ApiError(502, 'WEB_SERVICE_DOWN');
  const merchant = await app.repos.merchants.findById(application.merchantId);
  const keyFacts = existing?.keyFacts ?? keyFactsOf(application, pricing);
  // The document is fetched once: a mail sent again carries the same PDF.
  const made = existing ? null : await secciDocument(app, application, pricing);
  const pdf = made?.pdf ?? (await app.repos.precontractual.pdf(application.id))?.pdf;
  const title = made?.title ?? existing?.title ?? 'SECCI';
  if (!pdf) throw new ApiError(502, 'WEB_SERVICE_DOWN');
  const pdfSha256 = existing?.pdfSha256 ?? sha256(pdf);
  const resumeUrl = `${app.config.publicUrl}${pagePath(PAGES.apply.url({ reference: application.reference }))}`;

  await app.db.transaction(async (tx) => {
    const kept = repositories(tx).precontractual;
    if (made) {
      await kept.insert({
        applicationId: application.id,
        lenderUrl: made.lender.url,
        lenderType: made.lender.contentType,
        lenderSha256: made.lenderSha256,
        title,
        pdf,
        pdfSha256,
        sections: made.sections,
        keyFacts,
      });
    }
    const mailId = await queueMail(app, tx, {
      applicationId: application.id,
      to: customer.email as string,
      language: context.language,
      template: { name: 'precontractual-information', params: { lenderName: CONSUMER_LENDER_NAME, merchantName: merchant?.name ?? application.merchantId, resumeUrl, myApplicationsUrl: `${app.config.publicUrl}${pagePath(PAGES.myApplications.url())}` } },
      attachments: [{ filename: `${fileName(title)}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
    await kept.setMail(application.id, mailId);
    await recordShown(
      tx,
      application.id,
      {
        screen: 'key-facts',
        language: context.language,
        facts: { ...keyFacts },
        documents: [
          {
            name: 'secci',
            title,
            url: existing?.lenderUrl ?? made?.lender.url ?? null,
            version: null,
            language: COUNTRIES[application.countryCode].language,
            sha256: pdfSha256,
            source: made?.lender.contentType === 'application/pdf' ? 'lender' : 'portal',
          },
        ],
      },
      context.sessionId,
    );
  });
  return precontractualState(app, application);
}

/** A file name from the document's title: letters, digits and dashes. */
function fileName(title: string): string {
  const short = /\((SEKKI|SECCI|SEF)\)/.exec(title)?.[1];
  if (short) return short;
  return title.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'SECCI';
}

/** Whether the SECCI went to the customer's mail server. */
async function sent(app: FastifyInstance, applicationId: string) {
  const record = await findRecord(app, applicationId);
  if (!record?.mailId) return null;
  const mail = await app.repos.mailOutbox.summary(record.mailId);
  return mail?.state === 'sent' ? record : null;
}

/**
 * 409 PRECONTRACTUAL_INFORMATION_PENDING unless the customer has had the SECCI mailed and went on
 * from the key facts: the signature waits for both.
 */
export async function requirePrecontractualSent(app: FastifyInstance, application: ApplicationRecord): Promise<void> {
  if (application.provider !== 'RESURS' || application.customerType !== 'PRIVATE') return;
  const record = await sent(app, application.id);
  if (!record || record.continuedAt === null) throw new ApiError(409, 'PRECONTRACTUAL_INFORMATION_PENDING');
}

/**
 * The customer goes on from the key facts: allowed once the SECCI mail went. Answers where the
 * browser goes: the sign page (version 1) or Resurs' own signing page (version 2).
 */
export async function continueToSignature(app: FastifyInstance, application: ApplicationRecord, language: Language | undefined): Promise<{ url: string }> {
  if (!precontractualApplies(app, application)) throw new ApiError(409, 'APPLICATION_NOT_APPROVED');
  if (!(await sent(app, application.id))) throw new ApiError(409, 'PRECONTRACTUAL_INFORMATION_PENDING');
  await app.repos.precontractual.markContinued(application.id);
  if (app.lenders.kindFor(application) === 'RESURS_V1') return { url: pagePath(PAGES.formSign.url()) };
  const provider = await app.repos.providerApplications.find(application.id);
  const start = provider ? app.lenders.RESURS_V2.startSigning(application, provider, language) : null;
  if (start?.kind !== 'redirect') throw new ApiError(409, 'APPLICATION_NOT_APPROVED');
  return { url: start.url };
}
