/**
 * After the sale, as the shop's order page offers it: what an order allows now (read from the
 * merchant API's view of it and the lines the shop sold), the merchant API call each button
 * makes, and what its answer means for the shop. The money rules are the portal's published ones
 * (`openAmount`, `refundableAmount` in @portal/domain), not a copy; the portal still decides.
 */
import {
  isApiErrorBody,
  MERCHANT_API,
  type MerchantApplicationView,
  type MerchantStatus,
  type Money,
  moneyAfter,
  type MoneyOperationKind,
  type MoneyOperationView,
  openAmount,
  refundableAmount,
  route,
} from '@portal/domain';
import type { OrderLine } from './scenarios';
import type { ActionRecord, ActionResult, OrderAction } from './store';

/** The shop's own route for a button on an order page (a form post; it answers with a redirect). */
export const ORDER_ACTION = route('/demo-shop/orders/:merchantPaymentReference/:action');

/** Before the lender's final answer an order is cancelled whole, as before the sale. */
const UNDECIDED: readonly MerchantStatus[] = ['CREATED', 'SUBMITTED', 'PENDING', 'APPROVED', 'SIGNING'];

/** A line and how many of it a button may take: ship, or take back. */
export interface LineChoice {
  line: OrderLine;
  max: number;
}

/** One delivered unit of a leased line: the lessor asks for a serial number for each. */
export interface Unit {
  sku: string;
  name: string;
  /** 1-based, of `count` units of the line. */
  number: number;
  count: number;
}

/** What an order allows now; null where a button has nothing to do. */
export interface Possible {
  /** Everything still open, to capture. */
  ship: number | null;
  shipPart: LineChoice[] | null;
  /** Everything captured and not refunded. */
  return: number | null;
  returnPart: LineChoice[] | null;
  /** The order before the decision, or what is still open of a granted one. */
  cancel: { whole: true } | { whole: false; amount: number } | null;
  confirmDelivery: Unit[] | null;
}

const NOTHING: Possible = { ship: null, shipPart: null, return: null, returnPart: null, cancel: null, confirmDelivery: null };

const isMove = (kind: MoneyOperationKind): kind is Exclude<MoneyOperationKind, 'confirm-delivery'> => kind !== 'confirm-delivery';
const counts = (operation: MoneyOperationView) => operation.state !== 'failed';

/** The money once the operations still pending are done, as the portal checks a new one. */
export function expectedMoney(money: Money, operations: readonly MoneyOperationView[]): Money {
  return operations
    .filter((operation) => operation.state === 'pending')
    .reduce((sum, operation) => (isMove(operation.kind) && operation.amount !== null ? moneyAfter(operation.kind, sum, operation.amount) : sum), money);
}

/** How many of a line the operations of a kind took by lines. */
const taken = (operations: readonly MoneyOperationView[], kind: MoneyOperationKind, sku: string): number =>
  operations
    .filter((operation) => operation.kind === kind && counts(operation))
    .flatMap((operation) => operation.lines)
    .reduce((sum, line) => sum + (line.sku === sku ? line.quantity : 0), 0);

/**
 * Whether an operation of a kind took everything there was for it: the shop sends no lines for
 * that (all that is open, all that was captured). An amount alone, which the shop never sends,
 * would count as everything too; the portal still refuses what does not fit.
 */
const tookAll = (operations: readonly MoneyOperationView[], kind: MoneyOperationKind): boolean =>
  operations.some((operation) => operation.kind === kind && counts(operation) && operation.lines.length === 0);

/** A part is a choice of more than one unit: a single unit is the whole. */
const partOf = (choices: LineChoice[]): LineChoice[] | null => {
  const offered = choices.filter((choice) => choice.max > 0);
  return offered.reduce((sum, choice) => sum + choice.max, 0) > 1 ? offered : null;
};

/**
 * A signed lease the lessor has not contracted: it waits for its delivery. The merchant API says
 * PENDING both before the decision and after the signature; only a signature lies behind the latter.
 */
const signedAndWaiting = (view: MerchantApplicationView) => view.status === 'PENDING' && view.timeline.some((event) => event.status === 'SIGNING');

export function possible(view: MerchantApplicationView, lines: readonly OrderLine[]): Possible {
  const operations = view.operations;
  if (view.customerType === 'LEGAL') {
    const delivering = operations.some((operation) => operation.kind === 'confirm-delivery' && counts(operation));
    const confirmDelivery =
      signedAndWaiting(view) && view.deliveryConfirmedAt === null && !delivering && lines.length > 0
        ? lines.flatMap((line) => Array.from({ length: line.quantity }, (_, i) => ({ sku: line.sku, name: line.name, number: i + 1, count: line.quantity })))
        : null;
    return { ...NOTHING, confirmDelivery, cancel: UNDECIDED.includes(view.status) ? { whole: true } : null };
  }
  if (UNDECIDED.includes(view.status)) return { ...NOTHING, cancel: { whole: true } };
  if (view.status !== 'COMPLETED' || !view.money) return NOTHING;

  const money = expectedMoney(view.money, operations);
  const open = openAmount(money);
  const refundable = refundableAmount(money);
  const cancelled = (line: OrderLine) => taken(operations, 'cancel', line.sku);
  // Everything captured at once took what was not shipped or cancelled before.
  const shipped = (line: OrderLine) => (tookAll(operations, 'capture') ? line.quantity - cancelled(line) : taken(operations, 'capture', line.sku));
  return {
    ...NOTHING,
    ship: open > 0 ? open : null,
    shipPart: open > 0 && !tookAll(operations, 'cancel') ? partOf(lines.map((line) => ({ line, max: Math.max(0, line.quantity - shipped(line) - cancelled(line)) }))) : null,
    return: refundable > 0 ? refundable : null,
    returnPart:
      refundable > 0 && !tookAll(operations, 'refund') ? partOf(lines.map((line) => ({ line, max: Math.max(0, shipped(line) - taken(operations, 'refund', line.sku)) }))) : null,
    cancel: open > 0 ? { whole: false, amount: open } : null,
  };
}

/** A button's form, as the browser posts it. */
export type ActionForm = Record<string, string | undefined>;

export const quantityField = (sku: string) => `quantity-${sku}`;
export const serialField = (unit: Pick<Unit, 'sku' | 'number'>) => `serial-${unit.sku}-${unit.number}`;

/** The merchant API call a button makes: its path and body, or why the form cannot be sent ('no-items'). */
export function requestOf(
  action: OrderAction,
  merchantPaymentReference: string,
  form: ActionForm,
  lines: readonly OrderLine[],
): { path: string; body: object } | 'no-items' {
  const params = { merchantPaymentReference };
  const chosen = () =>
    lines.flatMap((line) => {
      const quantity = Number(form[quantityField(line.sku)] ?? 0);
      return Number.isInteger(quantity) && quantity > 0 ? [{ sku: line.sku, quantity }] : [];
    });
  switch (action) {
    case 'ship':
      return { path: MERCHANT_API.capture.url(params), body: {} };
    case 'return':
      return { path: MERCHANT_API.refund.url(params), body: {} };
    case 'cancel':
      return { path: MERCHANT_API.cancel.url(params), body: {} };
    case 'ship-part':
    case 'return-part': {
      const picked = chosen();
      if (picked.length === 0) return 'no-items';
      return { path: (action === 'ship-part' ? MERCHANT_API.capture : MERCHANT_API.refund).url(params), body: { lines: picked } };
    }
    case 'confirm-delivery': {
      // Every unit's number as typed: one the lessor lacks is for the portal to refuse, by field.
      const serialNumbers = lines.flatMap((line) =>
        Array.from({ length: line.quantity }, (_, i) => (form[serialField({ sku: line.sku, number: i + 1 })] ?? '').trim())
          .filter((serialNumber) => serialNumber !== '')
          .map((serialNumber) => ({ sku: line.sku, serialNumber })),
      );
      const deliveredOn = /^\d{4}-\d{2}-\d{2}$/.test(form.deliveredOn ?? '') ? form.deliveredOn : undefined;
      return { path: MERCHANT_API.confirmDelivery.url(params), body: { ...(deliveredOn ? { deliveredOn } : {}), serialNumbers } };
    }
  }
}

type Answer = { status: number; body: unknown };

/**
 * What the portal's answer means: the operation's state (200 done or failed, 202 pending), the
 * cancelled order (a cancel before the decision answers the application), or the refusal with
 * the portal's message and field messages, in the order's language.
 */
export function resultOf(action: OrderAction, answer: Answer): Pick<ActionRecord, 'result' | 'operationId' | 'amount' | 'errorCode' | 'message'> {
  if (answer.status === 200 || answer.status === 202) {
    const operation = operationIn(action, answer.body);
    if (!operation) return { result: answer.status === 202 ? 'pending' : 'done', operationId: null, amount: null, errorCode: null, message: null };
    const result: ActionResult = operation.state;
    return { result, operationId: operation.id, amount: operation.amount, errorCode: operation.failure?.errorCode ?? null, message: null };
  }
  if (isApiErrorBody(answer.body)) {
    const fields = Object.values(answer.body.fieldErrors ?? {});
    return { result: 'refused', operationId: null, amount: null, errorCode: answer.body.errorCode, message: [answer.body.message, ...fields].join(' ') };
  }
  return { result: 'refused', operationId: null, amount: null, errorCode: null, message: `HTTP ${answer.status}` };
}

/**
 * The operation an answer is about: the answer's own, or, for a cancel of what is open (which
 * answers the application), its latest cancel. A cancel of the whole order before the decision
 * has none.
 */
function operationIn(action: OrderAction, body: unknown): MoneyOperationView | null {
  const answer = body as { operation?: MoneyOperationView; operations?: MoneyOperationView[]; status?: string } | null;
  if (answer?.operation) return answer.operation;
  if (action !== 'cancel' || !Array.isArray(answer?.operations) || answer.status !== 'COMPLETED') return null;
  return answer.operations.filter((operation) => operation.kind === 'cancel').at(-1) ?? null;
}
