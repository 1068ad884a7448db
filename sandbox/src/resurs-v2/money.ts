/**
 * A payment's money after the sale: what is authorized, captured, refunded and cancelled, the
 * action log that records each step, what the merchant may do next, and the rules a capture,
 * refund or cancel must meet. Nothing is stored but the actions (`StoredPayment.actions`): the
 * amounts are summed from them whenever the payment is read, as its status is (model.ts).
 *
 * [O] Resurs' own library (README.md, "After the sale"): `authorizedAmount` is what is still
 * authorized, neither captured nor cancelled; Resurs matches no line of an action to the order's
 * lines, it only checks that there is money enough for the call. [?] When each possible action
 * is offered, the statuses and words of a refusal, and the lines of a whole operation.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { PaymentState, StoredAction, StoredOrderLine, StoredPayment } from './model';

export type MoneyKind = 'capture' | 'refund' | 'cancel';

/** [O] shipped ecom `Module/Payment/Enum/PossibleAction.php`. */
export type PossibleAction = 'CAPTURE' | 'PARTIAL_CAPTURE' | 'REFUND' | 'PARTIAL_REFUND' | 'CANCEL' | 'PARTIAL_CANCEL';

const ACTION_TYPE = { capture: 'CAPTURE', refund: 'REFUND', cancel: 'CANCEL' } as const satisfies Record<MoneyKind, StoredAction['type']>;

const cents = (amount: number) => Math.round(amount * 100);
const fromCents = (value: number) => value / 100;
const sumOf = (lines: readonly { totalAmountIncludingVat: number }[]) => fromCents(lines.reduce((sum, line) => sum + cents(line.totalAmountIncludingVat), 0));

/** An id of the simulator's own making that is the same whenever it is made (the action log's ids for what is not stored). */
export function derivedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Every capture, refund and cancel of the payment, oldest first: those the merchant asked for,
 * and two Resurs did of itself: the capture of an accepted payment with `automaticCapture` (or
 * of the accepted-final test people), when it was signed; and the cancel of a record kept before
 * cancels were stored as actions (`cancelledAt` alone).
 */
export function actionsOf(payment: StoredPayment, state: PaymentState): StoredAction[] {
  const stored = payment.actions ?? [];
  const whole = (type: StoredAction['type'], created: string): StoredAction => ({
    actionId: derivedUuid(`${payment.id}:${type.toLowerCase()}`),
    type,
    created,
    orderLines: payment.orderLines,
    transactionId: null,
    creator: null,
    amount: payment.totalAmount,
  });
  const automatic = state.capturedAtOnce && payment.task.state === 'SIGNED' ? [whole('CAPTURE', payment.task.completedAt)] : [];
  const legacyCancel = payment.cancelledAt && !stored.some((action) => action.type === 'CANCEL') ? [whole('CANCEL', payment.cancelledAt)] : [];
  return [...automatic, ...stored, ...legacyCancel];
}

/** The payment's money, in Resurs' terms: `authorized` is what is still authorized (Resurs' `authorizedAmount`). */
export interface Money {
  total: number;
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
}

export function moneyOf(payment: StoredPayment, state: PaymentState, actions: readonly StoredAction[]): Money {
  const sum = (type: StoredAction['type']) => actions.filter((a) => a.type === type).reduce((total, a) => total + cents(a.amount), 0);
  const [captured, refunded, cancelled] = [sum('CAPTURE'), sum('REFUND'), sum('CANCEL')];
  // Nothing is authorized before Resurs accepts the payment, nor once it is rejected.
  const authorized = state.status === 'ACCEPTED' ? Math.max(0, cents(payment.totalAmount) - captured - cancelled) : 0;
  return { total: payment.totalAmount, authorized: fromCents(authorized), captured: fromCents(captured), refunded: fromCents(refunded), cancelled: fromCents(cancelled) };
}

const refundableOf = (money: Money) => fromCents(Math.max(0, cents(money.captured) - cents(money.refunded)));

/**
 * [O values, ? when] What the merchant may do now: before Resurs decides, only cancel the whole
 * payment (a customer who never signs is let go); once accepted, capture or cancel (all or part)
 * while something is still authorized, refund (all or part) while something captured is not
 * refunded; nothing once rejected (declined, aborted, timed out, cancelled).
 */
export function possibleActionsOf(state: PaymentState, money: Money): PossibleAction[] {
  if (state.status === 'REJECTED') return [];
  if (state.status !== 'ACCEPTED') return ['CANCEL'];
  return [
    ...(money.authorized > 0 ? (['CAPTURE', 'PARTIAL_CAPTURE', 'CANCEL', 'PARTIAL_CANCEL'] as const) : []),
    ...(refundableOf(money) > 0 ? (['REFUND', 'PARTIAL_REFUND'] as const) : []),
  ];
}

/** A capture, refund or cancel as the merchant sent it (already held to the published request). */
export interface MoneyRequest {
  orderLines?: StoredOrderLine[] | undefined;
  creator?: string | undefined;
  transactionId?: string | undefined;
}

export type MoneyRefusal = { status: number; message: string; field?: { fieldName: string; message: string } };

const WHAT: Readonly<Record<MoneyKind, string>> = { capture: 'captured', refund: 'refunded', cancel: 'cancelled' };

/**
 * The payment after the operation, or why it is refused. [?] Resurs publishes neither statuses
 * nor words for these refusals: `409` when the payment cannot do it now (not accepted, rejected,
 * nothing left for it), `400` naming `orderLines` when the lines ask for more than there is.
 */
export function applyMoneyOperation(
  kind: MoneyKind,
  payment: StoredPayment,
  state: PaymentState,
  request: MoneyRequest,
  now: string,
): { payment: StoredPayment } | { refused: MoneyRefusal } {
  const money = moneyOf(payment, state, actionsOf(payment, state));
  const cannot: MoneyRefusal = { status: 409, message: `The payment cannot be ${WHAT[kind]} in its current state` };
  const lines = request.orderLines;
  if (state.status === 'REJECTED') return { refused: cannot };
  // Before Resurs decides, the whole payment can be cancelled and nothing else done.
  if (state.status !== 'ACCEPTED' && (kind !== 'cancel' || lines)) return { refused: cannot };

  const available = state.status !== 'ACCEPTED' ? money.total : kind === 'refund' ? refundableOf(money) : money.authorized;
  if (cents(available) <= 0) return { refused: cannot };
  const amount = lines ? sumOf(lines) : available;
  if (lines && cents(amount) <= 0) return { refused: { status: 400, message: 'Validation error', field: { fieldName: 'orderLines', message: 'the lines must add up to more than 0' } } };
  if (cents(amount) > cents(available)) {
    return { refused: { status: 400, message: 'Validation error', field: { fieldName: 'orderLines', message: `more than can be ${WHAT[kind]} (${available.toFixed(2)})` } } };
  }

  const action: StoredAction = {
    actionId: randomUUID(),
    type: ACTION_TYPE[kind],
    created: now,
    orderLines: lines ?? wholeLines(payment, amount),
    transactionId: request.transactionId ?? null,
    creator: request.creator ?? null,
    amount,
  };
  const actions = [...(payment.actions ?? []), action];
  const cancelled = actions.filter((a) => a.type === 'CANCEL').reduce((sum, a) => sum + cents(a.amount), 0);
  // All of it cancelled: the payment reads REJECTED with CANCELED, as Resurs' library expects (model.ts).
  const allCancelled = kind === 'cancel' && cancelled >= cents(payment.totalAmount);
  return { payment: { ...payment, actions, ...(allCancelled ? { cancelledAt: now } : {}) } };
}

/**
 * [?] The lines of an operation sent without lines: the order's own when it takes all of it,
 * else one line of what it takes (Resurs keeps no line-by-line account to say which lines).
 */
function wholeLines(payment: StoredPayment, amount: number): StoredOrderLine[] {
  if (cents(amount) === cents(payment.totalAmount)) return payment.orderLines;
  const [first] = payment.orderLines;
  return [{ quantity: 1, quantityUnit: first?.quantityUnit ?? 'st', vatRate: first?.vatRate ?? 0, totalAmountIncludingVat: amount }];
}
