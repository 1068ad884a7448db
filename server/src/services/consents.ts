/**
 * The consents a customer gives on the apply screen (spec sections 3, 5): which apply, their
 * texts in the customer's language with links, and their version. What was accepted is stored
 * as evidence that stands on its own for as long as it is kept (PRODUCT section 6, ADR 13): who
 * consented, to which words, and to which exact documents.
 */
import {
  CONSENT_FIELDS,
  type ConsentType,
  type ConsentView,
  documentPath,
  type Language,
  leasingTermsUrl,
  RENEWAL_WINDOW_DAYS,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import { sha256Hex } from '../lib/crypto';
import { translate } from '../lib/i18n';
import { sanitizeHtmlText } from '../lib/sanitize';
import type { SessionIdentity } from '../types';
import { consentDocuments, documentKept, markDocumentKept } from './consent-documents';
import { appendEvidence } from './evidence';
import { sessionRefOf } from './evidence-chain';

/** Raise when a consent text changes in substance: stored consents keep the version they saw. */
export const CONSENT_TEXT_VERSION = '2026-11-01';


type Shown = ConsentType;

/** The consents shown for an application: renewal ones only when there are products to renew. */
export function consentTypesFor(app: Pick<ApplicationRecord, 'customerType' | 'provider' | 'version'>, hasRenewalProducts: boolean): Shown[] {
  const types: Shown[] = ['PERSONAL_INFO_CONSENT', 'PRIVACY_CONSENT'];
  if (app.customerType === 'LEGAL') types.push('LEASING_TERMS_CONSENT');
  // Resurs version 1 asks for the credit check in its own words (spec section 7).
  if (app.provider === 'RESURS' && app.version === 1) types.push('CREDIT_CONSENT');
  if (hasRenewalProducts) types.push('FAIROWN_RENEWAL_ASSESSMENT_CONSENT', 'FAIROWN_RENEWAL_CONSENT');
  return types;
}

export function consentView(type: Shown, app: Pick<ApplicationRecord, 'countryCode'>, language: Language): ConsentView {
  const privacyUrl = documentPath('PrivacyPolicy', app.countryCode);
  const leasingTerms = leasingTermsUrl(app.countryCode);
  const values = { privacyUrl, leasingTermsUrl: leasingTerms, days: RENEWAL_WINDOW_DAYS };
  const files =
    type === 'PRIVACY_CONSENT'
      ? [{ link: privacyUrl, label: translate(language, 'files.privacyPolicy') }]
      : type === 'LEASING_TERMS_CONSENT'
        ? [{ link: leasingTerms, label: translate(language, 'files.leasingTerms') }]
        : type === 'PERSONAL_INFO_CONSENT'
          ? [{ link: documentPath('GeneralTerms', app.countryCode), label: translate(language, 'files.generalTerms') }]
          : [];
  return { type, text: sanitizeHtmlText(translate(language, `consents.${type}`, values)), version: CONSENT_TEXT_VERSION, files };
}

export interface ConsentContext {
  language: Language;
  /** The session that gave them: only its hash is kept. */
  sessionId: string;
  /** Who gave them: the person identified in that session (the application's customer). */
  identity: SessionIdentity;
}

/**
 * Stores the consents given with a submission: each with the words the customer saw (and their
 * SHA-256), their version and language, the documents linked at that moment (URL, version and
 * SHA-256; a copy of each portal document is kept), and who gave them (the national ID that was
 * identified, sealed, how and when), beside a hash of the session (never the session id).
 */
export async function storeConsents(
  app: FastifyInstance,
  q: Queryable,
  application: ApplicationRecord,
  given: Partial<Record<(typeof CONSENT_FIELDS)[ConsentType], boolean | undefined | null>>,
  context: ConsentContext,
): Promise<void> {
  const repos = repositories(q);
  const { identity, language } = context;
  for (const [type, field] of Object.entries(CONSENT_FIELDS) as [ConsentType, (typeof CONSENT_FIELDS)[ConsentType]][]) {
    const value = given[field];
    if (value === undefined || value === null) continue;
    const { text, files } = consentView(type, application, language);
    const { documents, portal } = await consentDocuments(app, application.countryCode, files);
    for (const document of portal) {
      if (documentKept(app, document.sha256)) continue;
      await repos.consents.keepDocument({
        sha256: document.sha256,
        url: document.url,
        version: document.version,
        contentBase64: document.content.toString('base64'),
      });
      q.afterCommit(() => markDocumentKept(app, document.sha256));
    }
    await repos.consents.insert({
      applicationId: application.id,
      type,
      textVersion: CONSENT_TEXT_VERSION,
      language,
      text,
      accepted: value,
      sessionRef: sessionRefOf(context.sessionId),
      subjectNationalId: identity.nationalId,
      identificationMethod: identity.method,
      identifiedAt: new Date(identity.authenticatedAt),
      documents,
    });
    // The evidence chain (ADR 32): the same words and documents, without who (the chain outlives the person's data).
    await appendEvidence(q, application.id, {
      kind: 'consent',
      sessionId: context.sessionId,
      data: { type, accepted: value, textVersion: CONSENT_TEXT_VERSION, language, text, textSha256: sha256Hex(text), documents },
    });
  }
}
