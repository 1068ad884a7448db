/**
 * The one place that reads what GRENKE's failures mean. GRENKE answers errors as `{Message,
 * StatusCode, Details, CorrelationId}` and has no error codes ([S] iTakecare/leazr.co@b9d5884
 * docs/grenke-api/STATE.md:236-241): its refusals carry their HTTP status only, and the
 * CorrelationId is what GRENKE's support asks for, so it is logged (never the message, which may
 * repeat what was sent).
 */
import { fail, type ProviderResult } from '../types';
import { errorAnswer } from './answers';

/** A refusal the portal makes for GRENKE before calling it: the lease is contracted, declined or cancelled there. */
export const finalAtGrenke = (state: string) => fail({ kind: 'refused', status: 409, code: state, catalogue: 'PAYMENT_STATUS_FINAL' });

/**
 * The refusal's code (409) of a delivery confirmation GRENKE does not wait for: the request is
 * approved but not yet AwaitingDeliveryConfirmation (the contract's signatures are not all in,
 * or GRENKE has not processed them), or still being examined. The confirmation may be given
 * again once GRENKE waits for it; nothing was sent.
 */
export const DELIVERY_NOT_AWAITED = 'DELIVERY_NOT_AWAITED';

/** The refusal's code of an account set-up problem: the account has no condition list for what was asked. */
export const ACCOUNT_SETUP = 'ACCOUNT_SETUP';

/**
 * GRENKE answers a problem with the account's set-up (no condition list for the product type,
 * payment frequency or market) as HTTP 500: "There is a problem with this User Account. Please
 * contact your GRENKE representative." / "No condition list found for the submitted parameters"
 * (STATE.md@b9d5884:236-241; the reseller reads `Details` for it, index.ts:625-642). That is a
 * refusal the lender's operator must act on with GRENKE, not an outage: it opens no circuit.
 * Other 5xx answers are outages.
 */
export function accountSetupProblem(status: number, body: unknown): boolean {
  if (status !== 500) return false;
  const parsed = errorAnswer.safeParse(body);
  if (!parsed.success) return false;
  const { Message = '', Details } = parsed.data;
  return /condition list/i.test(Details ?? '') || /problem with this user account/i.test(Message);
}

/** GRENKE's CorrelationId in an error body, for the log. */
export function correlationIdOf(body: unknown): string | undefined {
  const parsed = errorAnswer.safeParse(body);
  return parsed.success ? parsed.data.CorrelationId : undefined;
}

/** A refusal that needs no meaning beyond its status (GRENKE's 409 on a contract generated already). */
export const isConflict = <T>(result: ProviderResult<T>) => !result.ok && result.failure.kind === 'refused' && result.failure.status === 409;
