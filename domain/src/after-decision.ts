/**
 * After the decision (issue 32): the customer's own page ("my applications"), a review by a person
 * of a declined application (CCD2 Art. 18(8), 18(9), 19(6); GDPR Art. 22(3)) and the withdrawal
 * from a concluded credit agreement (CCD2 Art. 26; Directive 2023/2673, new Art. 11a of the
 * Consumer Rights Directive). The rules web and server share: what a customer may ask, how long
 * a withdrawal is open, where free debt advice is. The requests' and answers' shapes are in
 * client-api/requests.ts and answers.ts, with the rest of the client API.
 */
import type { CountryCode } from './countries';

/** What a declined customer may ask for (CCD2 Art. 18(8) (a)–(c)); any of them, together. */
export const REVIEW_WANTS = ['explanation', 'view', 'reassessment'] as const;
export type ReviewWant = (typeof REVIEW_WANTS)[number];

/** A review request's way: received by the portal, with the lender, answered. */
export const REVIEW_STATUSES = ['received', 'in_review', 'answered'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The lender's answer: the decline stands, or a person changed it (a new decision follows). */
export const REVIEW_OUTCOMES = ['upheld', 'changed'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** The customer's own words, and one document they may add (a payslip, a letter). */
export const REVIEW_VIEW_MAX_LENGTH = 4000;
export const REVIEW_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const REVIEW_ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** A review request's body: the document as base64 (4/3 of its bytes) and room for the rest. */
export const REVIEW_REQUEST_BODY_LIMIT_BYTES = Math.ceil(REVIEW_ATTACHMENT_MAX_BYTES / 3) * 4 + 64 * 1024;
/** How long a lender has to answer a review before the back office shows it overdue (calendar days). */
export const REVIEW_ANSWER_DAYS = 30;

/** CCD2 Art. 26(1): 14 calendar days, or the shop's longer full-refund return period (Art. 26(3)). */
export const WITHDRAWAL_DAYS = 14;
/** The reminder of the right of withdrawal: sent once, between these days after signing (Art. 10(1)). */
export const WITHDRAWAL_REMINDER_FROM_DAYS = 1;
export const WITHDRAWAL_REMINDER_UNTIL_DAYS = 7;
/** Whether the SECCI reached the customer too close to the signature (less than this): a reminder is due. */
export const WITHDRAWAL_REMINDER_IF_SECCI_WITHIN_HOURS = 24;

/** A withdrawal's handling at the lender: told through its API, or queued for its staff. */
export const WITHDRAWAL_STATES = ['received', 'sent_to_lender', 'lender_queue', 'done'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** Each country's own time: deadlines are days there, and mails say times there. */
export const TIME_ZONES: Readonly<Record<CountryCode, string>> = { SE: 'Europe/Stockholm', NO: 'Europe/Oslo' };

/** The offset of a time zone at an instant, in minutes (east positive). */
function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/**
 * The last moment a withdrawal is in time: the end of the calendar day `days` after the day the
 * agreement was concluded, in the country's own time (a notice sent before it is in time, Art.
 * 26(1)). `returnDays`: the shop's full-refund return period, when longer than 14 days.
 */
export function withdrawalDeadline(concludedAt: Date, country: CountryCode, returnDays: number | null = null): Date {
  const days = Math.max(WITHDRAWAL_DAYS, returnDays ?? 0);
  const zone = TIME_ZONES[country];
  const local = new Date(concludedAt.getTime() + zoneOffsetMinutes(zone, concludedAt) * 60_000);
  // Midnight starting the day after the last day, local time, as if it were UTC; then back to UTC.
  const endLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days + 1);
  const guess = new Date(endLocal - zoneOffsetMinutes(zone, new Date(endLocal)) * 60_000);
  return new Date(guess.getTime() - 1);
}

/** Free debt advice in each country (CCD2 Art. 18(9), 36): the public service, and where to find it. */
export const DEBT_ADVICE: Readonly<Record<CountryCode, { url: string }>> = {
  // The municipal budget and debt advisory service; Konsumentverket lists each municipality's.
  SE: { url: 'https://www.konsumentverket.se/' },
  // NAV's financial advice (økonomi- og gjeldsrådgivning), also by telephone on 55 55 33 39.
  NO: { url: 'https://www.nav.no/okonomi-og-gjeld' },
};

/** Kinds of data a credit assessment may use (CCD2 Art. 19(6)); each lender and country configures its own. */
export const DECISION_DATA_CATEGORIES = ['identity', 'credit-report', 'payment-remarks', 'income', 'existing-credit', 'debt-register', 'application'] as const;
export type DecisionDataCategory = (typeof DECISION_DATA_CATEGORIES)[number];

/** A document the customer was given and can fetch again from their page. */
export const MY_DOCUMENT_KINDS = ['secci', 'agreement'] as const;
export type MyDocumentKind = (typeof MY_DOCUMENT_KINDS)[number];
