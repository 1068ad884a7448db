/**
 * The client API's answers (spec sections 3 and 7): what each route the SPA calls answers with
 * 2xx. One definition: the server's tests check every answer against these (server/test), the
 * web app parses every answer with them (web/src/lib/api-client.ts), and the OpenAPI document
 * of the client API is made from them. Built with `zod/mini`, so the web app carries only the
 * checks these use (ADR 21).
 */
import * as z from 'zod/mini';
import { DECISION_DATA_CATEGORIES, MY_DOCUMENT_KINDS, REVIEW_OUTCOMES, REVIEW_STATUSES, REVIEW_WANTS } from '../after-decision';
import { COUNTRY_CODES, CURRENCIES } from '../countries';
import { type ApiErrorBody, ERROR_CODES } from '../errors';
import { APPLICATION_STATUSES } from '../lifecycle';
import {
  APPLICATION_VERSIONS,
  CONSENT_TYPES,
  CUSTOMER_TYPES,
  INDIVIDUALIZED_TERMS_TYPES,
  LEASING_STATES,
  PROVIDERS,
  SIGNING_SESSION_STATUSES,
} from '../outcomes';

const nullableString = () => z.nullable(z.string());
const nullableNumber = () => z.nullable(z.number());

export const featuresSchema = z.object({
  showDummyLogin: z.boolean(),
  resursMerchantApiEnabled: z.boolean(),
});
export type Features = z.output<typeof featuresSchema>;

/** A BankID identification started by the SPA (POST): where to send the browser, at the broker. */
export const identificationStartSchema = z.object({ authorizationUrl: z.string() });
export type IdentificationStart = z.output<typeof identificationStartSchema>;

export const customerViewSchema = z.object({
  firstName: nullableString(),
  lastName: nullableString(),
  type: z.enum(CUSTOMER_TYPES),
  countryCode: z.enum(COUNTRY_CODES),
  companyName: nullableString(),
  /** The company's organisation number (business only). */
  externalId: nullableString(),
  phone: nullableString(),
  email: nullableString(),
  address: nullableString(),
  postalCode: nullableString(),
  city: nullableString(),
});
export type CustomerView = z.output<typeof customerViewSchema>;

export const documentLinkSchema = z.object({ url: z.string(), label: z.string() });
export type DocumentLink = z.output<typeof documentLinkSchema>;

/**
 * The loan's figures. `renewalPeriod`: the month of the term from which this subscription's
 * products may be renewed (renewal.ts), null for a product that cannot be renewed. `cost`,
 * `totalAmount` (the amount plus the cost), the rates in percent (`effectiveInterestRate` as the
 * SECCI states it) and `totalMonthlyPayment` are null until the provider has priced the loan.
 */
export const loanViewSchema = z.object({
  loanAmount: z.number(),
  loanPeriod: z.number(),
  renewalPeriod: nullableNumber(),
  currency: z.enum(CURRENCIES),
  cost: nullableNumber(),
  totalAmount: nullableNumber(),
  interestRate: nullableNumber(),
  effectiveInterestRate: nullableNumber(),
  totalMonthlyPayment: nullableNumber(),
  secciLinks: z.array(documentLinkSchema),
  generalTermsLinks: z.array(documentLinkSchema),
});
export type LoanView = z.output<typeof loanViewSchema>;

export const loanApplicationViewSchema = z.object({
  reference: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  merchantPaymentReference: z.string(),
  callbackUrl: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  version: z.literal(APPLICATION_VERSIONS),
  isRenewal: z.boolean(),
  customer: customerViewSchema,
  loan: loanViewSchema,
  loanProduct: z.object({ provider: z.enum(PROVIDERS) }),
  /**
   * The credit reference agency the lender consults on a consumer (per lender and country, from
   * configuration), which the credit check notice names before the customer applies; null for a
   * company's lease, or where none is configured (the notice then names none).
   */
  creditAgency: nullableString(),
  items: z.array(
    z.object({ sku: z.string(), name: z.string(), quantity: z.number(), unitPrice: z.number(), serialNumber: nullableString() }),
  ),
});
export type LoanApplicationView = z.output<typeof loanApplicationViewSchema>;

export const consentFileSchema = z.object({ link: z.string(), label: z.string() });
export type ConsentFile = z.output<typeof consentFileSchema>;

/** A consent to give: `text` is sanitised HTML in the application's language. */
export const consentViewSchema = z.object({
  type: z.enum(CONSENT_TYPES),
  text: z.string(),
  version: z.string(),
  files: z.array(consentFileSchema),
});
export type ConsentView = z.output<typeof consentViewSchema>;

/**
 * A product of the customer's own subscriptions up for renewal. `residualValue` is the server's
 * figure: a renewal order must show this amount (to the øre/öre) to be accepted.
 */
export const renewalProductViewSchema = z.object({
  productReference: z.string(),
  productName: z.string(),
  serialNumber: z.string(),
  monthlyPayment: z.number(),
  residualValue: z.number(),
  skuCode: z.string(),
  subscriptionReference: z.string(),
});
export type RenewalProductView = z.output<typeof renewalProductViewSchema>;

/** The person the session identified (BankID, or the sandbox's test login). */
export const identifiedPersonSchema = z.object({ firstName: z.string(), lastName: z.string() });
export type IdentifiedPerson = z.output<typeof identifiedPersonSchema>;

/**
 * The session's applications, the active one first. `person`: who is applying (on a company's
 * application, the signatory the screen greets). `lenderAvailable`: false while the active
 * application's lender circuit is open, or when pricing it just failed because the lender could
 * not be reached; the apply screen then shows WEB_SERVICE_DOWN instead of a form.
 */
export const loanApplicationsResponseSchema = z.object({
  person: identifiedPersonSchema,
  loanApplications: z.array(loanApplicationViewSchema),
  consents: z.array(consentViewSchema),
  products: z.array(renewalProductViewSchema),
  lenderAvailable: z.boolean(),
});
export type LoanApplicationsResponse = z.output<typeof loanApplicationsResponseSchema>;

export const dummyLoginAnswerSchema = z.object({ authenticated: z.boolean(), firstName: z.string() });
export type DummyLoginAnswer = z.output<typeof dummyLoginAnswerSchema>;

/** Where the browser goes next: the merchant, or nowhere when the session had no application. */
export const logoutAnswerSchema = z.object({ redirectUrl: nullableString() });
export const leaveAnswerSchema = z.object({ redirectUrl: z.string() });

/** Resurs version 2: its decision, and the task page (or the merchant, when rejected) to go to. */
export const resursV2SubmitAnswerSchema = z.object({ decision: z.string(), callBackUrl: z.string() });
export type ResursV2Answer = z.output<typeof resursV2SubmitAnswerSchema>;

export const resursV1SubmitAnswerSchema = z.object({
  applicationResult: z.object({ status: z.string(), paymentId: nullableString() }),
});
export type ResursV1Answer = z.output<typeof resursV1SubmitAnswerSchema>;

export const grenkeSubmitAnswerSchema = z.object({
  applicationResults: z.array(z.object({ state: z.enum(LEASING_STATES), financingId: nullableString() })),
});
export type GrenkeAnswer = z.output<typeof grenkeSubmitAnswerSchema>;

/** Resurs' individualised terms (version 1): a title and the document as HTML. */
export const individualizedTermsSchema = z.object({
  termsType: z.enum(INDIVIDUALIZED_TERMS_TYPES),
  title: z.string(),
  html: z.string(),
});
export type IndividualizedTerms = z.output<typeof individualizedTermsSchema>;

export const signingStartSchema = z.object({ signingUrl: z.string(), paymentId: nullableString() });

export const renewalInitAnswerSchema = z.object({ orders: z.number() });
export const grenkeMockAnswerSchema = z.object({ action: z.string(), delay: z.number() });

/**
 * The business contract's signing (GRENKE): the application's status (SUBMITTED or PENDING while
 * GRENKE decides, with no order yet), one session per signatory with the signing service's page,
 * and whether the signed document can be downloaded.
 */
export const signingSessionsSchema = z.object({
  applicationStatus: z.enum(APPLICATION_STATUSES),
  orderId: nullableString(),
  packagingTaskId: nullableString(),
  packagingStatus: nullableString(),
  sessions: z.array(
    z.object({ taskId: z.string(), name: z.string(), status: z.enum(SIGNING_SESSION_STATUSES), signingUrl: z.string() }),
  ),
  signedDocumentAvailable: z.boolean(),
});
export type SigningSessions = z.output<typeof signingSessionsSchema>;
export type SigningSession = SigningSessions['sessions'][number];

/**
 * The pre-contractual information step (issue 31, CCD2 Art. 10): the SECCI's key facts as the
 * card shows them, the SECCI document as it was mailed, and the mail. Amounts in the currency,
 * rates in percent; a figure the lender did not give is null (the card then says so).
 */
export const precontractualAnswerSchema = z.object({
  keyFacts: z.object({
    lender: z.string(),
    currency: z.enum(CURRENCIES),
    creditAmount: z.number(),
    termMonths: z.number(),
    numberOfPayments: z.number(),
    interestRate: nullableNumber(),
    effectiveInterestRate: nullableNumber(),
    costOfCredit: nullableNumber(),
    totalAmountPayable: nullableNumber(),
    monthlyPayment: nullableNumber(),
    withdrawalDays: z.number(),
  }),
  /** Absent until fetched. The SECCI as mailed: the portal's address of the PDF, its SHA-256 and size, and the lender's own address of it. */
  document: z.optional(
    z.object({
      title: z.string(),
      url: z.string(),
      sha256: z.string(),
      bytes: z.number(),
      lenderUrl: z.string(),
      /** The lender's words in order, when its SECCI is a web page (the PDF is written from them): shown beneath the card. */
      sections: z.array(z.object({ kind: z.enum(['heading', 'paragraph']), text: z.string() })),
    }),
  ),
  /** Absent until queued. Where and when it was sent; `failed` when the mail server refused it (sent again on the next POST). */
  mail: z.optional(z.object({ state: z.enum(['queued', 'sent', 'failed']), sentTo: z.string(), sentAt: nullableString() })),
  /** Whether the customer went on to the signature from this step. */
  continued: z.boolean(),
});
export type PrecontractualAnswer = z.output<typeof precontractualAnswerSchema>;

/** Where the customer goes from the key facts: the sign page (version 1) or the lender's signing page (version 2). */
export const precontractualContinueSchema = z.object({ url: z.string() });
export type PrecontractualContinue = z.output<typeof precontractualContinueSchema>;

/**
 * What the waiting screen polls. `paymentStatus` is any string on purpose: the screen must cope
 * with a status it does not know (it stops with "Unknown status code").
 */
export const paymentStatusAnswerSchema = z.object({ paymentStatus: z.string(), redirectUrl: z.string() });
export type PaymentStatusAnswer = z.output<typeof paymentStatusAnswerSchema>;

/** Every 4xx and 5xx of the portal's APIs (PRODUCT section 3), in the caller's language. */
export const apiErrorBodySchema = z.object({
  status: z.number(),
  errorCode: z.enum(ERROR_CODES),
  message: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
}) satisfies z.ZodMiniType<ApiErrorBody, unknown>;

// The customer's own page (issue 32, domain/after-decision.ts).

export const reviewViewSchema = z.object({
  /** What the customer quotes, e.g. `R-7K2M9QXD`. */
  reference: z.string(),
  status: z.enum(REVIEW_STATUSES),
  wants: z.array(z.enum(REVIEW_WANTS)),
  createdAt: z.string(),
  /** When the portal sent it to the lender (by its API, or to its staff's queue and mailbox). */
  sentToLenderAt: z.nullable(z.string()),
  /** The lender's answer once it came (absent before): the outcome, the main factors of the assessment, its words. */
  answer: z.optional(
    z.object({ outcome: z.enum(REVIEW_OUTCOMES), factors: z.array(z.string()), explanation: z.string(), answeredAt: z.string() }),
  ),
});
export type ReviewView = z.output<typeof reviewViewSchema>;

export const withdrawalViewSchema = z.object({
  /** Whether the customer can withdraw now (the control shows). */
  available: z.boolean(),
  /** The last moment, when a withdrawal right runs or ran. */
  deadline: z.nullable(z.string()),
  /** Why there is no control (absent when there is): a company's lease, not concluded, the period over, already withdrawn. */
  unavailableBecause: z.optional(z.enum(['business', 'not_concluded', 'period_over', 'withdrawn'])),
  /** Once withdrawn: when the portal received it (the acknowledgement's date and time) and its reference. */
  withdrawnAt: z.nullable(z.string()),
  reference: z.nullable(z.string()),
});
export type WithdrawalView = z.output<typeof withdrawalViewSchema>;

/** Why and how a declined application was decided (CCD2 Art. 18(9), 19(6)); absent unless declined. */
export const declineViewSchema = z.object({
  /** Whether the assessment involved automated processing (from the lender's answer or its configured policy). */
  automated: z.boolean(),
  /** The credit reference agency consulted, e.g. `UC AB`; null for none. */
  creditAgency: z.nullable(z.string()),
  dataCategories: z.array(z.enum(DECISION_DATA_CATEGORIES)),
  debtAdviceUrl: z.string(),
  /** Whether a review by a person can be asked for (a consumer, no request yet). */
  reviewAvailable: z.boolean(),
});
export type DeclineView = z.output<typeof declineViewSchema>;

export const myApplicationSchema = z.object({
  reference: z.string(),
  merchantName: z.string(),
  lender: z.string(),
  provider: z.enum(PROVIDERS),
  customerType: z.enum(CUSTOMER_TYPES),
  countryCode: z.enum(COUNTRY_CODES),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  createdAt: z.string(),
  /** The customer's word for where it stands (text key `my.status.<status>`). */
  status: z.enum(['open', 'with_lender', 'approved', 'signed', 'completed', 'declined', 'cancelled', 'failed', 'withdrawn']),
  /** When the agreement was concluded (signed); null before. */
  concludedAt: z.nullable(z.string()),
  documents: z.array(z.object({ kind: z.enum(MY_DOCUMENT_KINDS), url: z.string(), sha256: z.string() })),
  /** Where to go on with an open application (its step in the flow); null when nothing is left to do there. */
  continueUrl: z.nullable(z.string()),
  decline: z.optional(declineViewSchema),
  /** A review by a person the customer asked for; absent for none. */
  review: z.optional(reviewViewSchema),
  withdrawal: withdrawalViewSchema,
});
export type MyApplication = z.output<typeof myApplicationSchema>;

/** Every application made with the identified person's national ID, newest first. */
export const myApplicationsAnswerSchema = z.object({
  person: z.object({ firstName: z.string(), lastName: z.string() }),
  applications: z.array(myApplicationSchema),
});
export type MyApplicationsAnswer = z.output<typeof myApplicationsAnswerSchema>;
