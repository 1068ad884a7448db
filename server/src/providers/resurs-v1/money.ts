/**
 * A Resurs v1 payment's money, from its payment diffs, and the specs the adapter sends to move it
 * (finalizePayment, creditPayment, annulPayment). Pure: client.ts reads the diffs with getPayment
 * and sends what is built here.
 *
 * Resurs keeps a payment as its diffs, "the complete history of the payment. (The current state of
 * the payment, if needed, must be calculated client side.)" (its published aftershopflow.xsd), each
 * an AUTHORIZE, DEBIT, CREDIT or ANNUL with a paymentSpec. What may still be done follows from their
 * sums (docs after-shop-service-api/index.md, "Maximum amount for"): finalizePayment and
 * annulPayment at most AUTHORIZE − DEBIT − ANNUL, creditPayment at most DEBIT − CREDIT.
 */
import type { MoneyLine, PaymentMoney } from '../types';

export const RESURS_V1_DIFF_TYPES = ['AUTHORIZE', 'DEBIT', 'CREDIT', 'ANNUL'] as const;
export type ResursV1DiffType = (typeof RESURS_V1_DIFF_TYPES)[number];

/** A specLine as the adapter reads and sends it (Resurs' specLine, its id aside). */
export interface ResursV1SpecLine {
  artNo: string;
  description: string;
  quantity: number;
  unitMeasure: string;
  unitAmountWithoutVat: number;
  vatPct: number;
  totalVatAmount: number;
  totalAmount: number;
}

/** One of the payment's diffs, as read from getPayment. */
export interface ResursV1PaymentDiff {
  type: ResursV1DiffType;
  /**
   * The caller's preferredTransactionId (the portal sends its operation id), or Resurs' own: the
   * payment id when none was given (docs api-types/paymentdiff.md).
   */
  transactionId: string | null;
  /** Who made it: the portal sends its operation id as createdBy (annulPayment takes no transaction id). */
  createdBy: string | null;
  /** When Resurs made it (ISO 8601), when it says. */
  created: string | null;
  /** paymentSpec.totalAmount, VAT included. */
  amount: number;
  lines: ResursV1SpecLine[];
}

/** The spec of an operation: lines with their totals, or an amount alone (no lines, no VAT total). */
export type ResursV1Spec = { specLines: ResursV1SpecLine[]; totalAmount: number; totalVatAmount: number } | { totalAmount: number };

/** The after-shop operations, by the diff each adds. */
export type ResursV1MoneyMove = 'DEBIT' | 'CREDIT' | 'ANNUL';

const cents = (amount: number): number => Math.round(amount * 100);
const fromCents = (value: number): number => value / 100;
/** Resurs asks for all decimals rather than rounded ones (docs development/rounding.md); five is what getPayment answers with. */
const round5 = (value: number): number => Math.round(value * 100_000) / 100_000;

const sumOf = (diffs: readonly ResursV1PaymentDiff[], types: readonly ResursV1DiffType[]): number =>
  diffs.filter((diff) => types.includes(diff.type)).reduce((sum, diff) => sum + cents(diff.amount), 0);

/** Authorized = the AUTHORIZE diffs (the booked total), captured = DEBIT, refunded = CREDIT, cancelled = ANNUL. */
export function moneyOf(diffs: readonly ResursV1PaymentDiff[]): PaymentMoney {
  return {
    authorized: fromCents(sumOf(diffs, ['AUTHORIZE'])),
    captured: fromCents(sumOf(diffs, ['DEBIT'])),
    refunded: fromCents(sumOf(diffs, ['CREDIT'])),
    cancelled: fromCents(sumOf(diffs, ['ANNUL'])),
  };
}

/** What each operation is taken from, and what already took from it. */
const FROM: Readonly<Record<ResursV1MoneyMove, { plus: readonly ResursV1DiffType[]; minus: readonly ResursV1DiffType[] }>> = {
  DEBIT: { plus: ['AUTHORIZE'], minus: ['DEBIT', 'ANNUL'] },
  ANNUL: { plus: ['AUTHORIZE'], minus: ['DEBIT', 'ANNUL'] },
  CREDIT: { plus: ['DEBIT'], minus: ['CREDIT'] },
};

/** How much the operation may still take, VAT included (0 when nothing). */
export function openFor(move: ResursV1MoneyMove, diffs: readonly ResursV1PaymentDiff[]): number {
  const { plus, minus } = FROM[move];
  return Math.max(0, fromCents(sumOf(diffs, plus) - sumOf(diffs, minus)));
}

/**
 * The diff an operation of the portal's made, found by its id: a finalization or credit by its
 * transactionId (the portal sends the operation id as preferredTransactionId, and Resurs reports it
 * back on the diff), any by its createdBy. Null when the payment has none: it was not done.
 */
export function findMoneyDiff(diffs: readonly ResursV1PaymentDiff[], operationId: string, type?: ResursV1MoneyMove): ResursV1PaymentDiff | null {
  return diffs.find((diff) => (type === undefined || diff.type === type) && (diff.transactionId === operationId || diff.createdBy === operationId)) ?? null;
}

/**
 * The portal's order lines as Resurs' specLines: the merchant's prices include VAT, and Resurs
 * "always respect[s] the price values (except VAT values) as total amount in each row", working
 * out the net price and VAT from them within 0.05 (docs development/rounding.md). So each row's
 * total is the merchant's (quantity × unit price), and the net price and VAT are derived from it
 * unrounded (to five decimals), not rounded on our side.
 */
export function specOfLines(lines: readonly MoneyLine[], unitMeasure: string): ResursV1Spec {
  const specLines = lines.map((line): ResursV1SpecLine => {
    const factor = 1 + line.vatPercent / 100;
    const totalAmount = fromCents(cents(line.quantity * line.unitAmountIncludingVat));
    return {
      artNo: line.reference,
      description: line.description,
      quantity: line.quantity,
      unitMeasure,
      unitAmountWithoutVat: round5(line.unitAmountIncludingVat / factor),
      vatPct: line.vatPercent,
      totalVatAmount: round5(totalAmount - totalAmount / factor),
      totalAmount,
    };
  });
  return withTotals(specLines);
}

function withTotals(specLines: ResursV1SpecLine[]): ResursV1Spec {
  return {
    specLines,
    totalAmount: fromCents(specLines.reduce((sum, line) => sum + cents(line.totalAmount), 0)),
    totalVatAmount: round5(specLines.reduce((sum, line) => sum + line.totalVatAmount, 0)),
  };
}

/**
 * Everything still open for the operation: by line where every diff it is taken from or was
 * taken by has lines that add up (what was booked, less what was debited or annulled by line, as
 * Resurs' own library does it), otherwise as an amount alone ("If the full payment is finalized,
 * no row information needs to be supplied, only the amount", Resurs' published schema). Null
 * when nothing is open.
 */
export function openSpec(move: ResursV1MoneyMove, diffs: readonly ResursV1PaymentDiff[]): ResursV1Spec | null {
  const open = openFor(move, diffs);
  if (cents(open) <= 0) return null;
  const lines = openLines(move, diffs);
  if (lines) {
    const spec = withTotals(lines);
    if (cents(spec.totalAmount) === cents(open)) return spec;
  }
  return { totalAmount: open };
}

/** The lines still open, merged by article, description and VAT; null when they cannot be told apart. */
function openLines(move: ResursV1MoneyMove, diffs: readonly ResursV1PaymentDiff[]): ResursV1SpecLine[] | null {
  const { plus, minus } = FROM[move];
  const involved = diffs.filter((diff) => plus.includes(diff.type) || minus.includes(diff.type));
  if (involved.some((diff) => diff.lines.length === 0 && cents(diff.amount) !== 0)) return null;
  const merged = new Map<string, ResursV1SpecLine>();
  for (const diff of involved) {
    const sign = plus.includes(diff.type) ? 1 : -1;
    for (const line of diff.lines) {
      const key = JSON.stringify([line.artNo, line.description, line.vatPct]);
      const known = merged.get(key) ?? { ...line, quantity: 0, totalAmount: 0, totalVatAmount: 0 };
      merged.set(key, {
        ...known,
        quantity: known.quantity + sign * line.quantity,
        totalAmount: fromCents(cents(known.totalAmount) + sign * cents(line.totalAmount)),
        totalVatAmount: round5(known.totalVatAmount + sign * line.totalVatAmount),
      });
    }
  }
  const open: ResursV1SpecLine[] = [];
  for (const line of merged.values()) {
    const quantity = round5(line.quantity);
    if (quantity === 0 && cents(line.totalAmount) === 0) continue;
    // Taken beyond what there was, or an amount left on no quantity: the lines do not tell.
    if (quantity <= 0) return null;
    open.push({ ...line, quantity, unitAmountWithoutVat: round5(line.totalAmount / ((1 + line.vatPct / 100) * quantity)) });
  }
  return open;
}
