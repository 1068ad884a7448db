/**
 * The back office: the lender's own staff (operators) onboard merchants and help customers and
 * shops. One definition of its roles, its routes and who may call each, its request and answer
 * shapes and its limits, shared by the server, the console and the tests.
 */
import { REVIEW_OUTCOMES, REVIEW_STATUSES, REVIEW_WANTS, WITHDRAWAL_STATES } from './after-decision';
import { COUNTRY_CODES, LANGUAGES } from './countries';
import { APPLICATION_STATUSES, MERCHANT_STATUSES } from './lifecycle';
import { CUSTOMER_TYPES, OUTCOMES, PROVIDERS } from './outcomes';
import { route } from './routes';
import { absoluteUrlSchema, optionalText, requiredText } from './schemas/atoms';
import { moneyOperationViewSchema, moneyViewSchema } from './schemas/merchant';
import { z } from './schemas/zod';
import { validationKey } from './messages';

/** `support` helps customers and shops; `admin` does that too and manages merchants. */
export const OPERATOR_ROLES = ['support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const isOperatorRole = (value: unknown): value is OperatorRole => OPERATOR_ROLES.includes(value as OperatorRole);

/** The roles whose holders may do what `role` may: an admin may do everything support may. */
const IMPLIED_BY: Readonly<Record<OperatorRole, readonly OperatorRole[]>> = { support: ['support', 'admin'], admin: ['admin'] };
export const hasRole = (roles: readonly OperatorRole[], needed: OperatorRole): boolean => roles.some((role) => IMPLIED_BY[needed].includes(role));

export const BACK_OFFICE_LIMITS = {
  /** An operator session ends after this long without a request… */
  sessionIdleMinutes: 30,
  /** …and after this long in any case: a shift, then a new sign-in. */
  sessionMaxHours: 8,
  reasonMin: 5,
  reasonMax: 500,
  searchPageSize: 50,
  auditPageSize: 100,
  /** How long the previous webhook secret stays valid after a rotation, by default and at most. */
  secretGraceHoursDefault: 24,
  secretGraceHoursMax: 24 * 14,
  merchantIdMax: 60,
  apiKeyLabelMax: 100,
} as const;

/** The console's address; the server serves its bundle here. */
export const BACK_OFFICE_BASE = '/back-office';
export const BACK_OFFICE_API_BASE = '/api/back-office';

/** Sign-in through the OIDC broker: top-level navigations, and a sign-out. */
export const BACK_OFFICE_AUTH = {
  login: route('/api/back-office/auth/login'),
  callback: route('/api/back-office/auth/callback'),
  logout: route('/api/back-office/auth/logout'),
} as const;

/** Why a sign-in did not finish, as the console's sign-in page is told (`?signin=`). */
export const SIGN_IN_PROBLEMS = ['failed', 'cancelled', 'no-role', 'unavailable'] as const;
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

interface BackOfficeRoute<Path extends string> {
  method: Method;
  route: ReturnType<typeof route<Path>>;
  /** The least role that may call it (admin implies support). */
  role: OperatorRole;
}

const r = <const Path extends string>(method: Method, pattern: Path, role: OperatorRole): BackOfficeRoute<Path> => ({
  method,
  route: route(pattern),
  role,
});

/**
 * Every route of the back-office API and the least role it needs: the server guards each route
 * from this table, and a test calls each with each role, a customer session and a merchant key.
 */
export const BACK_OFFICE_API = {
  me: r('GET', '/api/back-office/v1/me', 'support'),
  searchApplications: r('GET', '/api/back-office/v1/applications', 'support'),
  application: r('GET', '/api/back-office/v1/applications/:reference', 'support'),
  revealNationalId: r('POST', '/api/back-office/v1/applications/:reference/reveal-national-id', 'support'),
  cancelApplication: r('POST', '/api/back-office/v1/applications/:reference/cancel', 'support'),
  confirmSignatory: r('POST', '/api/back-office/v1/applications/:reference/confirm-signatory', 'support'),
  resendWebhook: r('POST', '/api/back-office/v1/applications/:reference/webhooks/:eventId/resend', 'support'),
  /** A merchant's money operation that failed, tried again: pending afresh, sent by its job (issue 30). */
  retryMoneyOperation: r('POST', '/api/back-office/v1/applications/:reference/money-operations/:operationId/retry', 'support'),
  /** The mails sent about the application, with what became of each (issue 31). */
  mails: r('GET', '/api/back-office/v1/applications/:reference/mails', 'support'),
  /** A mail that failed, queued again: sent by its job (issue 31). */
  retryMail: r('POST', '/api/back-office/v1/applications/:reference/mails/:mailId/retry', 'support'),
  /** The application's evidence (what was shown and sent, each act) as one file, for a stated reason (issue 31). */
  exportEvidence: r('POST', '/api/back-office/v1/applications/:reference/evidence', 'support'),
  merchants: r('GET', '/api/back-office/v1/merchants', 'support'),
  createMerchant: r('POST', '/api/back-office/v1/merchants', 'admin'),
  merchant: r('GET', '/api/back-office/v1/merchants/:merchantId', 'admin'),
  updateMerchant: r('PATCH', '/api/back-office/v1/merchants/:merchantId', 'admin'),
  deactivateMerchant: r('POST', '/api/back-office/v1/merchants/:merchantId/deactivate', 'admin'),
  activateMerchant: r('POST', '/api/back-office/v1/merchants/:merchantId/activate', 'admin'),
  providerSettings: r('PUT', '/api/back-office/v1/merchants/:merchantId/provider-settings', 'admin'),
  apiKeys: r('GET', '/api/back-office/v1/merchants/:merchantId/api-keys', 'admin'),
  issueApiKey: r('POST', '/api/back-office/v1/merchants/:merchantId/api-keys', 'admin'),
  revokeApiKey: r('POST', '/api/back-office/v1/merchants/:merchantId/api-keys/:keyId/revoke', 'admin'),
  rotateWebhookSecret: r('POST', '/api/back-office/v1/merchants/:merchantId/webhook-secret/rotate', 'admin'),
  auditLog: r('GET', '/api/back-office/v1/audit-log', 'admin'),
  sessions: r('GET', '/api/back-office/v1/sessions', 'admin'),
  revokeSession: r('POST', '/api/back-office/v1/sessions/:sessionId/revoke', 'admin'),
  providers: r('GET', '/api/back-office/v1/providers', 'support'),
  /** Runs the providers' preflight now (harmless calls only): what `npm run providers:check` prints. */
  checkProviders: r('POST', '/api/back-office/v1/providers/check', 'support'),
  /** Review requests and withdrawals waiting for the lender's staff, with their deadlines (issue 32). */
  afterDecisionQueue: r('GET', '/api/back-office/v1/reviews-and-withdrawals', 'support'),
  /** The customer's own words and document of the application's review request, for a stated reason (issue 32). */
  reviewContent: r('POST', '/api/back-office/v1/applications/:reference/review/content', 'support'),
  /** The lender's answer to the application's review request, recorded once (issue 32). */
  answerReview: r('POST', '/api/back-office/v1/applications/:reference/review/answer', 'support'),
  /** The application's withdrawal handled at the lender (the repayment arranged), recorded once (issue 32). */
  handleWithdrawal: r('POST', '/api/back-office/v1/applications/:reference/withdrawal/handled', 'support'),
} as const;
export type BackOfficeOperation = keyof typeof BACK_OFFICE_API;

/** The back-office API's own OpenAPI document (apart from the merchant API's). */
export const BACK_OFFICE_OPENAPI = route('/api/back-office/v1/openapi.json');

/** What the audit log records; every back-office action is one of these. */
export const AUDIT_ACTIONS = [
  'operator.signed_in',
  'operator.signed_out',
  'operator.session_revoked',
  'applications.searched',
  'application.viewed',
  'application.national_id_revealed',
  'application.evidence_exported',
  'application.cancelled',
  'application.signatory_confirmed',
  'webhook.resent',
  'money_operation.retried',
  'mail.retried',
  'merchant.created',
  'merchant.updated',
  'merchant.deactivated',
  'merchant.activated',
  'merchant.provider_settings_changed',
  'api_key.issued',
  'api_key.revoked',
  'webhook_secret.rotated',
  'providers.checked',
  'review.content_viewed',
  'review.answered',
  'withdrawal.handled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * A national ID as support sees it in lists: its last four digits only (the first six or eight
 * are the birth date). Revealing the rest takes a reason and is audited.
 */
export function maskNationalId(nationalId: string | null): string | null {
  if (!nationalId) return null;
  const visible = 4;
  return `${'•'.repeat(Math.max(0, nationalId.length - visible))}${nationalId.slice(-visible)}`;
}

// ---- Requests ---------------------------------------------------------------------------

export const reasonSchema = z.string().check(
  z.trim(),
  z.minLength(BACK_OFFICE_LIMITS.reasonMin, validationKey('tooShort')),
  z.maxLength(BACK_OFFICE_LIMITS.reasonMax),
);
export const reasonBodySchema = z.strictObject({ reason: reasonSchema });
export const optionalReasonBodySchema = z.strictObject({ reason: z.optional(reasonSchema) });

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, validationKey('wrongFormat')));

export const applicationSearchSchema = z.strictObject({
  reference: optionalText(100),
  merchantPaymentReference: optionalText(100),
  merchantId: optionalText(BACK_OFFICE_LIMITS.merchantIdMax),
  status: z.optional(z.enum(APPLICATION_STATUSES)),
  /** Created on or after this day (UTC). */
  from: z.optional(isoDate),
  /** Created on or before this day (UTC). */
  to: z.optional(isoDate),
  /** The `nextCursor` of the previous page. */
  cursor: optionalText(200),
});
export type ApplicationSearch = z.infer<typeof applicationSearchSchema>;

export const merchantIdSchema = z
  .string()
  .check(z.trim(), z.minLength(2), z.maxLength(BACK_OFFICE_LIMITS.merchantIdMax), z.regex(/^[a-z0-9][a-z0-9-]*$/, validationKey('wrongFormat')));

/** An origin as browsers write it: scheme, host and port, nothing after. */
export const originSchema = absoluteUrlSchema.check(
  z.refine((value) => {
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  }, validationKey('wrongFormat')),
);
const originsSchema = z.array(originSchema).check(z.maxLength(20));

export const createMerchantSchema = z.strictObject({
  id: merchantIdSchema,
  name: requiredText(200),
  allowedOrigins: z._default(originsSchema, []),
  webhookUrl: z.nullish(absoluteUrlSchema),
});
export type CreateMerchant = z.infer<typeof createMerchantSchema>;

export const updateMerchantSchema = z.strictObject({
  name: z.optional(requiredText(200)),
  allowedOrigins: z.optional(originsSchema),
  webhookUrl: z.nullish(absoluteUrlSchema),
  reason: z.optional(reasonSchema),
});
export type UpdateMerchant = z.infer<typeof updateMerchantSchema>;

const credentialsSchema = z.strictObject({ clientId: requiredText(200), clientSecret: requiredText(500) });

/**
 * A merchant's own settings at the lenders: its Resurs store, and Resurs credentials per country
 * (Resurs issues Norway and Sweden separately). A secret left out keeps the one stored.
 */
export const providerSettingsSchema = z.strictObject({
  resurs: z.strictObject({
    storeId: optionalText(100),
    credentials: z._default(
      z.partialRecord(z.enum(COUNTRY_CODES), z.strictObject({ clientId: requiredText(200), clientSecret: optionalText(500) })),
      {},
    ),
  }),
  reason: z.optional(reasonSchema),
});
export type ProviderSettingsInput = z.infer<typeof providerSettingsSchema>;
export { credentialsSchema as providerCredentialsSchema };

export const issueApiKeySchema = z.strictObject({ label: requiredText(BACK_OFFICE_LIMITS.apiKeyLabelMax), reason: z.optional(reasonSchema) });

export const rotateSecretSchema = z.strictObject({
  graceHours: z._default(z.int().check(z.minimum(0), z.maximum(BACK_OFFICE_LIMITS.secretGraceHoursMax)), BACK_OFFICE_LIMITS.secretGraceHoursDefault),
  reason: z.optional(reasonSchema),
});

/** The lender's answer to a review as the back office takes it: the main factors, one each, and its words to the customer. */
export const REVIEW_ANSWER_LIMITS = { factorsMax: 10, factorMax: 300, explanationMax: 4000, noteMax: 1000 } as const;

export const reviewAnswerBodySchema = z.strictObject({
  outcome: z.enum(REVIEW_OUTCOMES),
  factors: z.array(requiredText(REVIEW_ANSWER_LIMITS.factorMax)).check(z.minLength(1, validationKey('required')), z.maxLength(REVIEW_ANSWER_LIMITS.factorsMax)),
  explanation: requiredText(REVIEW_ANSWER_LIMITS.explanationMax),
  reason: reasonSchema,
});
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBodySchema>;

export const withdrawalHandledBodySchema = z.strictObject({
  note: optionalText(REVIEW_ANSWER_LIMITS.noteMax),
  reason: reasonSchema,
});
export type WithdrawalHandledBody = z.infer<typeof withdrawalHandledBodySchema>;

export const auditQuerySchema = z.strictObject({
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  operator: optionalText(200),
  targetId: optionalText(200),
  /** Entries older than this id (the `nextCursor` of the previous page). */
  before: z.optional(z.string().check(z.regex(/^\d{1,18}$/, validationKey('wrongFormat')))),
});

// ---- Answers ----------------------------------------------------------------------------

export const operatorSchema = z.object({
  subject: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  roles: z.array(z.enum(OPERATOR_ROLES)),
  sessionExpiresAt: z.string(),
});
export type OperatorView = z.infer<typeof operatorSchema>;

export const applicationSummarySchema = z.object({
  reference: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  merchantPaymentReference: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  merchantStatus: z.enum(MERCHANT_STATUSES),
  outcome: z.nullable(z.enum(OUTCOMES)),
  countryCode: z.enum(COUNTRY_CODES),
  customerType: z.enum(CUSTOMER_TYPES),
  provider: z.enum(PROVIDERS),
  version: z.number(),
  loanAmount: z.number(),
  currency: z.string(),
  customerName: z.nullable(z.string()),
  companyName: z.nullable(z.string()),
  nationalIdMasked: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const searchResultSchema = z.object({
  items: z.array(applicationSummarySchema),
  nextCursor: z.nullable(z.string()),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const TIMELINE_KINDS = ['lifecycle', 'provider', 'webhook'] as const;

const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('lifecycle'),
    at: z.string(),
    event: z.string(),
    status: z.nullable(z.enum(APPLICATION_STATUSES)),
    outcome: z.nullable(z.string()),
    detail: z.nullable(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  }),
  z.object({
    kind: z.literal('provider'),
    at: z.string(),
    provider: z.string(),
    operation: z.string(),
    httpStatus: z.nullable(z.number()),
    outcome: z.string(),
    durationMs: z.number(),
  }),
  z.object({
    kind: z.literal('webhook'),
    at: z.string(),
    eventId: z.string(),
    type: z.string(),
    httpStatus: z.nullable(z.number()),
    latencyMs: z.number(),
    /** An automatic delivery, or one an operator asked for. */
    trigger: z.enum(['delivery', 'resend']),
    error: z.nullable(z.string()),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const webhookEventViewSchema = z.object({
  id: z.string(),
  sequence: z.number(),
  type: z.string(),
  url: z.string(),
  createdAt: z.string(),
  attempts: z.number(),
  lastStatus: z.nullable(z.number()),
  deliveredAt: z.nullable(z.string()),
});
export type WebhookEventView = z.infer<typeof webhookEventViewSchema>;

/**
 * A merchant's money operation as support sees it: what the merchant sees, and how often it was
 * tried (the job's attempts, from 0 again after support retries it).
 */
export const backOfficeMoneyOperationSchema = z.extend(moneyOperationViewSchema, { attempts: z.number() });
export type BackOfficeMoneyOperation = z.infer<typeof backOfficeMoneyOperationSchema>;

export const MAIL_STATES = ['queued', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/**
 * A mail about an application as support sees it (issue 31, ADR 33): what it was and what became
 * of it, never to whom or what it said (personal data, which stays in the outbox, sealed).
 */
export const backOfficeMailSchema = z.object({
  id: z.string(),
  /** The template's name (`precontractual-information`), or the caller's kind. */
  kind: z.string(),
  language: z.enum(LANGUAGES),
  state: z.enum(MAIL_STATES),
  attempts: z.number(),
  /** Why the last attempt failed: the SMTP reply code (`550 5.1.1`) or the connection's (`ECONNECTION`); null when none did. */
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  failedAt: z.nullable(z.string()),
  /** The Message-ID header, fixed before the first attempt. */
  messageId: z.string(),
  /** SHA-256 (hex) of the whole message as sent, and its size in bytes. */
  digest: z.string(),
  size: z.number(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number(), sha256: z.string() })),
  /** Its recipient and words were erased with the application's personal data (ADR 18): it can no longer be sent. */
  erased: z.boolean(),
});
export type BackOfficeMail = z.infer<typeof backOfficeMailSchema>;
export const backOfficeMailsSchema = z.object({ mails: z.array(backOfficeMailSchema) });
export type BackOfficeMails = z.infer<typeof backOfficeMailsSchema>;

/** A review request as the lender's staff see it, in the queue and on its application's page (never the customer's words: those take a reason). */
const reviewFields = {
  /** What the customer quotes, e.g. `R-7K2M9QXD`. */
  reference: z.string(),
  status: z.enum(REVIEW_STATUSES),
  wants: z.array(z.enum(REVIEW_WANTS)),
  createdAt: z.string(),
  /** When the lender's answer is due. */
  dueAt: z.string(),
  /** Past its due date, unanswered. */
  overdue: z.boolean(),
  /** The document the customer added: its name and type (the bytes take a reason). */
  attachment: z.nullable(z.object({ name: z.string(), type: z.string() })),
};

/** A withdrawal as the lender's staff see it, in the queue and on its application's page. */
const withdrawalFields = {
  /** What the customer quotes, e.g. `W-7K2M9QXD`. */
  reference: z.string(),
  /** When the portal received it (the acknowledgement's date and time). */
  receivedAt: z.string(),
  /** The last moment the agreement allowed it. */
  deadline: z.string(),
  state: z.enum(WITHDRAWAL_STATES),
  /** What the portal did at the lender: `open-amount-cancelled` when what was not paid to the shop was cancelled; null when nothing was. */
  lenderAction: z.nullable(z.string()),
};

/** A review request on its application's page, open or answered. */
export const applicationReviewSchema = z.object({
  ...reviewFields,
  /** The lender's answer as the customer was told it, and who recorded it (an operator's id, or the sandbox's lender). */
  answer: z.nullable(
    z.object({ outcome: z.enum(REVIEW_OUTCOMES), factors: z.array(z.string()), explanation: z.string(), answeredAt: z.string(), answeredBy: z.nullable(z.string()) }),
  ),
});
export type ApplicationReview = z.infer<typeof applicationReviewSchema>;

/** A withdrawal on its application's page, open or handled. */
export const applicationWithdrawalSchema = z.object({
  ...withdrawalFields,
  /** When and by whom it was marked handled, with the operator's note. */
  handledAt: z.nullable(z.string()),
  handledBy: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type ApplicationWithdrawal = z.infer<typeof applicationWithdrawalSchema>;

export const applicationDetailSchema = z.object({
  application: applicationSummarySchema,
  final: z.boolean(),
  /** When the customer's personal data was erased, some time after the application turned final (ADR 18). */
  personalDataErasedAt: z.nullable(z.string()),
  callbackUrl: z.string(),
  webhookUrl: z.nullable(z.string()),
  /**
   * The lender account the application went through (ADR 22): the portal's own or the merchant's,
   * its country and public id (never a secret); null for GRENKE and before submission.
   */
  lenderAccount: z.nullable(z.object({ source: z.enum(['portal', 'merchant']), country: z.enum(COUNTRY_CODES), id: z.string() })),
  /** Every lifecycle transition, provider call and webhook attempt, oldest first. */
  timeline: z.array(timelineEntrySchema),
  webhookEvents: z.array(webhookEventViewSchema),
  /**
   * A company's application taken by a person the registry could not settle, waiting for an
   * operator's check (ADR 28): which register, and what it could not settle (e.g. `signature
   * incomplete`); null when nobody waits.
   */
  signatoryCheck: z.nullable(z.object({ register: z.string(), unsettled: z.string() })),
  /** A granted consumer credit's money at its lender, as the merchant sees it (null before it is granted, and for a lease). */
  money: z.nullable(moneyViewSchema),
  /** A lease: when its delivery was confirmed (null before, and for a consumer credit). */
  deliveryConfirmedAt: z.nullable(z.string()),
  /** The merchant's money operations on it (capture, refund, cancel, delivery confirmation), oldest first. */
  moneyOperations: z.array(backOfficeMoneyOperationSchema),
  /**
   * After the decision (issue 32): the customer's review request and withdrawal, open or done
   * (the queue shows only the open ones); null where there is none.
   */
  afterDecision: z.object({
    review: z.nullable(applicationReviewSchema),
    withdrawal: z.nullable(applicationWithdrawalSchema),
  }),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** Where an open review request or withdrawal belongs: its application, the shop and the country. */
const queueApplicationFields = {
  applicationReference: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  countryCode: z.enum(COUNTRY_CODES),
};

/** An open review request as the lender's staff see it in the queue (never the customer's words: those take a reason). */
export const queueReviewSchema = z.object({ ...reviewFields, ...queueApplicationFields });
export type QueueReview = z.infer<typeof queueReviewSchema>;

/** A withdrawal not yet handled at the lender. */
export const queueWithdrawalSchema = z.object({ ...withdrawalFields, ...queueApplicationFields });
export type QueueWithdrawal = z.infer<typeof queueWithdrawalSchema>;

export const afterDecisionQueueSchema = z.object({
  /** Unanswered review requests, the soonest due first. */
  reviews: z.array(queueReviewSchema),
  /** Withdrawals not handled at the lender, the oldest first. */
  withdrawals: z.array(queueWithdrawalSchema),
  /** Each list shows at most this many. */
  limit: z.number(),
});
export type AfterDecisionQueue = z.infer<typeof afterDecisionQueueSchema>;

/** The customer's own words and document of a review request, opened for the lender's staff. */
export const reviewContentSchema = z.object({
  reference: z.string(),
  view: z.nullable(z.string()),
  attachment: z.nullable(z.object({ name: z.string(), type: z.string(), sha256: z.string(), contentBase64: z.string() })),
});
export type ReviewContent = z.infer<typeof reviewContentSchema>;

export const revealedNationalIdSchema = z.object({ nationalId: z.nullable(z.string()) });

export const resendAnswerSchema = z.object({ eventId: z.string(), queued: z.boolean() });

const credentialsViewSchema = z.object({ clientId: z.string(), secretSet: z.boolean() });

export const merchantViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  allowedOrigins: z.array(z.string()),
  webhookUrl: z.nullable(z.string()),
  /** Until when the previous webhook secret is still valid (both sign deliveries until then). */
  previousSecretValidUntil: z.nullable(z.string()),
  providerSettings: z.object({
    resurs: z.object({
      storeId: z.nullable(z.string()),
      credentials: z.partialRecord(z.enum(COUNTRY_CODES), credentialsViewSchema),
    }),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  deactivatedAt: z.nullable(z.string()),
});
export type MerchantView = z.infer<typeof merchantViewSchema>;

/** The answer to creating a merchant: its webhook secret, shown this once. */
export const createdMerchantSchema = z.object({ merchant: merchantViewSchema, webhookSecret: z.string() });

export const apiKeyViewSchema = z.object({
  id: z.string(),
  prefix: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** The key itself is in this answer only: it is stored hashed. */
export const issuedApiKeySchema = z.object({ key: z.string(), apiKey: apiKeyViewSchema });

export const rotatedSecretSchema = z.object({ webhookSecret: z.string(), previousSecretValidUntil: z.nullable(z.string()) });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorSubject: z.string(),
  operatorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.nullable(z.string()),
  targetId: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  detail: z.nullable(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.nullable(z.string()) });

export const operatorSessionViewSchema = z.object({
  id: z.string(),
  operatorSubject: z.string(),
  operatorName: z.string(),
  roles: z.array(z.enum(OPERATOR_ROLES)),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type OperatorSessionView = z.infer<typeof operatorSessionViewSchema>;

// ---- Provider status --------------------------------------------------------------------

/** The outside parties whose calls the portal measures (BankID goes through its own OIDC client). */
export const MONITORED_PROVIDERS = ['resurs-v1', 'resurs-v2', 'grenke', 'signing', 'registry'] as const;
export type MonitoredProvider = (typeof MONITORED_PROVIDERS)[number];

/**
 * A lender's circuit (ADR 17): closed, calls go through; open, new customers are told the lender
 * is unavailable before they fill a form; half-open, a background probe is testing it.
 */
export const CIRCUIT_STATES = ['closed', 'open', 'half-open'] as const;
export type CircuitStateName = (typeof CIRCUIT_STATES)[number];

export const providerStatusSchema = z.object({
  provider: z.enum(MONITORED_PROVIDERS),
  /** Null for a provider that is measured but has no circuit (the signing service, the registry). */
  circuit: z.nullable(z.enum(CIRCUIT_STATES)),
  /** When the circuit last changed state (null: closed since this instance started). */
  circuitSince: z.nullable(z.string()),
  /** Calls answered or failed in the window; fail-fast answers of an open circuit are not calls. */
  calls: z.number(),
  failures: z.number(),
  /** Failures (unreachable, timed out, 5xx, 429) per call, 0 to 1; null without calls. */
  errorRate: z.nullable(z.number()),
  latencyMedianMs: z.nullable(z.number()),
  latencyP95Ms: z.nullable(z.number()),
  lastCallAt: z.nullable(z.string()),
  lastFailureAt: z.nullable(z.string()),
  /** False: this portal has no account with the provider (each is configured on its own); it is never called. */
  configured: z.boolean(),
  /** Answers in the window the portal could not read (the provider's shape, not its availability); counted in failures. */
  unreadable: z.number(),
  /** The last answer the portal could not read: which call, which field (a path, never a value), when. */
  lastUnreadable: z.nullable(z.object({ operation: z.string(), field: z.string(), at: z.string() })),
});
export type ProviderStatusView = z.infer<typeof providerStatusSchema>;

/** The latest key rotation of personal data (ADR 37): under way in the background, or finished. */
export const keyRotationStatusSchema = z.object({
  /** The key values are re-sealed with (an id, never the key). */
  keyId: z.string(),
  /** National IDs' lookup hashes are made again too (a new lookup key). */
  rehash: z.boolean(),
  /** Whether an instance is working on it now (else it waits for one to start). */
  running: z.boolean(),
  rowsDone: z.number(),
  /** Rows of the tables gone through when it began; null until counted. */
  rowsTotal: z.nullable(z.number()),
  startedAt: z.string(),
  /** When it finished: from then on the old key may be removed. */
  finishedAt: z.nullable(z.string()),
});
export type KeyRotationStatusView = z.infer<typeof keyRotationStatusSchema>;

export const providerStatusesSchema = z.object({
  /** The server instance that answered: each instance keeps its own circuits and figures. */
  instance: z.string(),
  /** How far back the figures reach. */
  windowSeconds: z.number(),
  providers: z.array(providerStatusSchema),
  /** The latest key rotation of personal data; null when keys never rotated. */
  keyRotation: z.nullable(keyRotationStatusSchema),
});
export type ProviderStatuses = z.infer<typeof providerStatusesSchema>;

// ---- Providers' preflight ---------------------------------------------------------------

/** What the preflight checks: the lenders, the signing service, the registries and the BankID broker. */
export const PREFLIGHT_PROVIDERS = ['resurs-v2', 'resurs-v1', 'grenke', 'signing', 'registry', 'bankid'] as const;
export type PreflightProvider = (typeof PREFLIGHT_PROVIDERS)[number];

/**
 * Why a provider did not pass, in terms an operator can act on: not reached (address, network,
 * a timeout), its own trouble (5xx), asked us to slow down, refused our credentials (401/403),
 * refused the call otherwise, answered in a shape the portal cannot read, or is not configured.
 */
export const PREFLIGHT_PROBLEMS = ['unreachable', 'timeout', 'server-error', 'circuit-open', 'rate-limited', 'credentials-refused', 'refused', 'unreadable', 'not-configured'] as const;
export type PreflightProblem = (typeof PREFLIGHT_PROBLEMS)[number];

export const preflightCheckSchema = z.object({
  provider: z.enum(PREFLIGHT_PROVIDERS),
  /** The country the account or registry is for; null for one that serves both (the signing service, the broker). */
  country: z.nullable(z.enum(COUNTRY_CODES)),
  /** ok: every call answered as published; failed: see `problem`; off: not configured, its products are not offered. */
  outcome: z.enum(['ok', 'failed', 'off']),
  /** The calls made, in order (operation names). */
  calls: z.array(z.string()),
  problem: z.nullable(
    z.object({
      kind: z.enum(PREFLIGHT_PROBLEMS),
      /** The call that failed. */
      operation: z.nullable(z.string()),
      status: z.nullable(z.number()),
      /** For an unreadable answer: the field (a path, never a value). */
      field: z.nullable(z.string()),
      /** The provider's own error code, where it gave one. */
      code: z.nullable(z.string()),
    }),
  ),
  /** The settings (environment variables) an operator checks for this provider and country. */
  settings: z.array(z.string()),
  /** The address called (no credentials). */
  address: z.nullable(z.string()),
});
export type PreflightCheck = z.infer<typeof preflightCheckSchema>;

export const preflightReportSchema = z.object({
  at: z.string(),
  sandbox: z.boolean(),
  checks: z.array(preflightCheckSchema),
});
export type PreflightReport = z.infer<typeof preflightReportSchema>;
