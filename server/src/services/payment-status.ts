/**
 * The payment status the waiting screen polls (spec section 4), answered from an in-memory read
 * model of the database. An entry lives until its application changes (any instance publishes
 * the change after commit), or for a minute at most, so polls cost no database round trip while
 * nothing happens — which is nearly always — and never show a change late.
 */
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type ApplicationStatus, type Outcome, pagePath, PAGES, type PaymentStatus, PENDING_DECISION_GRACE_SECONDS, STATUS_INFO } from '@portal/domain';
import { merchantReturnUrl, outcomeOnLeaving } from './merchant-return';

export type { PaymentStatus };

export interface StatusInputs {
  applicationId: string;
  /** Who may read it: the keyed hash of the customer's (or signatory's) national ID; null while unclaimed. */
  ownerNationalIdHash: string | null;
  status: ApplicationStatus;
  outcome: Outcome | null;
  callbackUrl: string;
  merchantPaymentReference: string;
  providerStatusChangedAt: number | null;
  /** The merchant return address for the current outcome, built once per entry. */
  redirectUrl: string;
  /** The answer's JSON text once written, and until when it holds (see `paymentStatusJson`). */
  answer?: { json: string; until: number };
}

/** How long an entry stays in memory at most, in case a change notice went missing. */
const FRESH_MS = 60_000;

/**
 * What the waiting screen is told, from the lifecycle table's status (STATUS_INFO): ACCEPTED,
 * REJECTED and FROZEN (a person at the lender decides) end the wait; anything still moving is
 * TASK_REDIRECTION_REQUIRED. A pending decision is reported as moving for a short grace period first.
 */
export function paymentStatusOf(inputs: Omit<StatusInputs, 'applicationId' | 'ownerNationalIdHash'>, now = Date.now()): { paymentStatus: PaymentStatus; redirectUrl: string } {
  const { redirectUrl } = inputs;
  const paymentStatus = STATUS_INFO[inputs.status].payment;
  if (paymentStatus !== 'FROZEN') return { paymentStatus, redirectUrl };
  // A review that has only just begun may still settle by itself (Resurs often decides in seconds).
  const settled = now - (inputs.providerStatusChangedAt ?? 0) > PENDING_DECISION_GRACE_SECONDS * 1000;
  return { paymentStatus: settled ? 'FROZEN' : 'TASK_REDIRECTION_REQUIRED', redirectUrl };
}

/**
 * The answer as JSON text, written once per entry and sent as it is to every poll after: the
 * status of an entry changes only with a new entry, except a pending decision's, which turns
 * from moving to FROZEN when its grace period ends.
 */
export function paymentStatusJson(inputs: StatusInputs, now = Date.now()): string {
  const kept = inputs.answer;
  if (kept && now <= kept.until) return kept.json;
  const answer = paymentStatusOf(inputs, now);
  const inGrace = answer.paymentStatus !== STATUS_INFO[inputs.status].payment;
  const until = inGrace ? (inputs.providerStatusChangedAt ?? 0) + PENDING_DECISION_GRACE_SECONDS * 1000 : Number.POSITIVE_INFINITY;
  const json = JSON.stringify(answer);
  inputs.answer = { json, until };
  return json;
}

export function paymentStatusReadModel(app: FastifyInstance) {
  const keyOfApplication = new Map<string, string>();
  // Entries carry their own time limit (see session-reader.ts: cheaper than the cache's TTL).
  const cache = new LRUCache<string, { inputs: StatusInputs; usableUntil: number }>({
    max: 100_000,
    dispose: (entry) => keyOfApplication.delete(entry.inputs.applicationId),
  });
  const fresh = (key: string): StatusInputs | undefined => {
    const entry = cache.get(key);
    return entry && entry.usableUntil > Date.now() ? entry.inputs : undefined;
  };
  app.changes.subscribe((change) => {
    if (!change.startsWith('app:')) return;
    const key = keyOfApplication.get(change.slice(4));
    if (key) cache.delete(key);
  });

  const keyOf = (merchantId: string, merchantPaymentReference: string) => `${merchantId}\u0000${merchantPaymentReference}`;
  return {
    /** What is in memory, without the database. */
    cached(merchantId: string, merchantPaymentReference: string): StatusInputs | undefined {
      return fresh(keyOf(merchantId, merchantPaymentReference));
    },

    async read(merchantId: string, merchantPaymentReference: string): Promise<StatusInputs | null> {
      return fresh(keyOf(merchantId, merchantPaymentReference)) ?? this.load(merchantId, merchantPaymentReference);
    },

    /**
     * From the database, whatever is in memory: a refused poll (unknown, someone else's, no
     * session) does this one read whichever it is, so its timing does not tell which.
     */
    async load(merchantId: string, merchantPaymentReference: string): Promise<StatusInputs | null> {
      const key = keyOf(merchantId, merchantPaymentReference);
      const row = await app.repos.applications.findStatusInputs(merchantId, merchantPaymentReference);
      if (!row) return null;
      const returnTo = { callbackUrl: row.callback_url, merchantPaymentReference: row.merchant_payment_reference };
      const inputs: StatusInputs = {
        applicationId: row.id,
        ownerNationalIdHash: row.national_id_hash,
        status: row.status,
        outcome: row.outcome,
        callbackUrl: row.callback_url,
        merchantPaymentReference: row.merchant_payment_reference,
        providerStatusChangedAt: row.status_changed_at ? new Date(row.status_changed_at).getTime() : null,
        // A consumer's declined credit goes to the portal's decline page first (issue 32): why,
        // free debt advice, a review by a person, and from there another way to pay at the shop.
        redirectUrl:
          row.status === 'DECLINED' && row.provider === 'RESURS' && row.customer_type === 'PRIVATE'
            ? `${app.config.publicUrl}${pagePath(PAGES.declined.url())}`
            : merchantReturnUrl(returnTo, outcomeOnLeaving({ outcome: row.outcome })),
      };
      // Unclaimed applications are not cached: the first identification changes their owner.
      if (inputs.ownerNationalIdHash) {
        cache.set(key, { inputs, usableUntil: Date.now() + FRESH_MS });
        keyOfApplication.set(inputs.applicationId, key);
      }
      return inputs;
    },
  };
}
