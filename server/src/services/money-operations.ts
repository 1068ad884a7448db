/**
 * Money after the sale (issue 30): the merchant captures (as goods ship, all or in parts),
 * refunds (as they come back) and cancels (what it will never capture) a granted consumer
 * credit, and confirms a lease's delivery. Each request is idempotent by its Idempotency-Key.
 *
 * What the money allows is checked first (domain/settlement.ts, counting operations still
 * pending), then the operation is kept, with its job, in one transaction: from then on it is
 * never lost. It is sent at once when it can be; a lender that does not answer leaves it pending
 * (202) for the job, which retries with backoff. Whoever sends it holds its lease, so it is never
 * sent by two; after a crash between sending and recording, the lender's money is read before
 * anything is sent again. Done or failed, the application's money, its timeline and the
 * merchant's webhook change together, through the lifecycle table.
 */
import type { FastifyInstance } from 'fastify';
import {
  type ConfirmDeliveryRequest,
  type ErrorCode,
  isAllowed,
  isFinalStatus,
  type Money,
  moneyAfter,
  type MoneyOperationKind,
  type MoneyOperationRequest,
  type MoneyOperationResponse,
  type MoneyOperationView,
  moneyRefusal,
  type MoneyView,
  operationAmount,
  settlementOf,
  validationKey,
  vatPercentOf,
} from '@portal/domain';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { Merchant } from '../db/repositories/merchants';
import type { MoneyLineRef, MoneyOperationRecord } from '../db/repositories/money';
import { canonicalJson, sha256Hex } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import type { MoneyMove } from '../lenders/types';
import type { MoneyLine, MoneyScope, ProviderFailure } from '../providers/types';
import { applyEvent } from './apply-event';
import { apiErrorFor } from './provider-errors';
import { MONEY_OPERATION_QUEUE } from './queues';
import { schedulePoll } from './refresh-status';

/** How long one sending of an operation may take before another may take it over (its sender died). */
export const OPERATION_LEASE_MS = 60_000;
/**
 * How often an operation the lender does not answer is tried before it fails (with the job's
 * backoff, about half a day): the merchant then hears `payment.operation_failed` and may try again.
 */
export const MAX_OPERATION_ATTEMPTS = 12;

const EVENT_OF: Readonly<Record<MoneyMove, 'payment.captured' | 'payment.refunded' | 'payment.cancelled'>> = {
  capture: 'payment.captured',
  refund: 'payment.refunded',
  cancel: 'payment.cancelled',
};

const isMove = (kind: MoneyOperationKind): kind is MoneyMove => kind !== 'confirm-delivery';
const cents = (amount: number) => Math.round(amount * 100);

export function operationView(operation: MoneyOperationRecord): MoneyOperationView {
  return {
    id: operation.id,
    kind: operation.kind,
    state: operation.state,
    amount: operation.amount,
    lines: operation.lines,
    createdAt: operation.createdAt.toISOString(),
    completedAt: operation.completedAt?.toISOString() ?? null,
    failure: operation.failureCode ? { errorCode: operation.failureCode as ErrorCode } : null,
  };
}

export function moneyView(application: Pick<ApplicationRecord, 'currency'>, money: Money | null): MoneyView | null {
  return money && { currency: application.currency, ...money, settlement: settlementOf(money) };
}

/** The money once the operations still pending are done: what a new operation must fit in. */
export function expectedMoney(money: Money, pending: readonly MoneyOperationRecord[]): Money {
  return pending.reduce((sum, operation) => (isMove(operation.kind) && operation.amount !== null ? moneyAfter(operation.kind, sum, operation.amount) : sum), money);
}

/** The lines' amount, from the application's own items; a line that names no item, or more than it has, is refused. */
function amountOfLines(application: ApplicationRecord, lines: readonly MoneyLineRef[]): number {
  const fieldErrors: Record<string, { key: string; params?: Record<string, number> }> = {};
  let total = 0;
  lines.forEach((line, index) => {
    const item = application.items.find((candidate) => candidate.sku === line.sku);
    if (!item) fieldErrors[`lines.${index}.sku`] = { key: validationKey('unknownItem') };
    else if (line.quantity > item.quantity) fieldErrors[`lines.${index}.quantity`] = { key: validationKey('tooLarge'), params: { max: item.quantity } };
    else total += line.quantity * cents(item.unitPrice);
  });
  if (Object.keys(fieldErrors).length > 0) throw ApiError.badRequest(fieldErrors);
  return total / 100;
}

/** What the lender is told the operation covers. */
export function scopeOf(application: ApplicationRecord, operation: MoneyOperationRecord): MoneyScope {
  const vatPercent = vatPercentOf(application.countryCode);
  if (operation.lines.length > 0) {
    const lines: MoneyLine[] = operation.lines.map((line) => {
      const item = application.items.find((candidate) => candidate.sku === line.sku);
      return { reference: line.sku, description: item?.name ?? line.sku, quantity: line.quantity, unitAmountIncludingVat: item?.unitPrice ?? 0, vatPercent };
    });
    return { kind: 'lines', lines };
  }
  if (operation.amount === null) return { kind: 'all' };
  // An amount alone: one line of it, named after the order.
  return { kind: 'lines', lines: [{ reference: application.merchantPaymentReference, description: application.merchantPaymentReference, quantity: 1, unitAmountIncludingVat: operation.amount, vatPercent }] };
}

function requireKey(idempotencyKey: string | undefined): string {
  if (!idempotencyKey) throw ApiError.badRequest({ 'Idempotency-Key': { key: validationKey('required') } }, 'An Idempotency-Key header is required: the same key again answers the same operation');
  return idempotencyKey;
}

export interface MoneyAnswer {
  /** 200 when the lender has answered (done or failed), 202 while the operation is pending. */
  status: 200 | 202;
  body: MoneyOperationResponse;
}

async function answerOf(app: FastifyInstance, application: ApplicationRecord, operation: MoneyOperationRecord): Promise<MoneyAnswer> {
  const { money } = await app.repos.money.ofApplication(application.id);
  return { status: operation.state === 'pending' ? 202 : 200, body: { operation: operationView(operation), money: moneyView(application, money) } };
}

type Checked = { amount: number | null; lines: MoneyLineRef[]; delivery: MoneyOperationRecord['delivery'] };

/** What the application and its money allow; throws the catalogue's answer otherwise. */
async function check(q: Queryable, application: ApplicationRecord, kind: MoneyOperationKind, request: MoneyOperationRequest | ConfirmDeliveryRequest): Promise<Checked> {
  const repos = repositories(q);
  if (kind === 'confirm-delivery') {
    if (application.provider !== 'GRENKE') throw ApiError.badRequest(undefined, 'Only a lease has a delivery to confirm: capture a consumer credit instead');
    if (application.status !== 'SIGNED' && application.status !== 'COMPLETED') throw new ApiError(409, 'APPLICATION_NOT_APPROVED');
    const pending = (await repos.money.listForApplication(application.id)).filter((operation) => operation.kind === 'confirm-delivery' && operation.state !== 'failed');
    if ((await repos.money.ofApplication(application.id)).deliveryConfirmedAt || pending.length > 0) throw new ApiError(409, 'PAYMENT_STATUS_FINAL');
    const delivery = request as ConfirmDeliveryRequest;
    const serialNumbers = delivery.serialNumbers ?? [];
    const unknown = serialNumbers.findIndex((entry) => !application.items.some((item) => item.sku === entry.sku));
    if (unknown >= 0) throw ApiError.badRequest({ [`serialNumbers.${unknown}.sku`]: { key: validationKey('unknownItem') } });
    return { amount: null, lines: [], delivery: { deliveredOn: delivery.deliveredOn ?? today(), serialNumbers } };
  }

  if (application.provider === 'GRENKE') throw ApiError.badRequest(undefined, 'A lease is not captured, refunded or cancelled through the portal: confirm its delivery');
  if (application.status !== 'COMPLETED') throw new ApiError(409, isFinalStatus(application.status) ? 'PAYMENT_STATUS_FINAL' : 'APPLICATION_NOT_APPROVED');
  const { money } = await repos.money.ofApplication(application.id);
  if (!money) throw new ApiError(409, 'APPLICATION_NOT_APPROVED');
  const body = request as MoneyOperationRequest;
  const lines = body.lines ?? [];
  const asked = lines.length > 0 ? amountOfLines(application, lines) : (body.amount ?? null);
  const pending = (await repos.money.listForApplication(application.id)).filter((operation) => operation.state === 'pending');
  const expected = expectedMoney(money, pending);
  const refusal = moneyRefusal(kind, expected, asked);
  if (refusal === 'nothing-open' || refusal === 'nothing-captured') throw new ApiError(409, 'PAYMENT_STATUS_FINAL');
  if (refusal) throw ApiError.badRequest({ [lines.length > 0 ? 'lines' : 'amount']: { key: validationKey(refusal === 'more-than-open' ? 'moreThanOpen' : 'moreThanRefundable') } });
  return { amount: operationAmount(kind, expected, asked), lines, delivery: null };
}

/**
 * A merchant's money operation on its application: checked, kept, and sent at once when the
 * lender answers. The same key with the same request answers the same operation again; with
 * another request, 409.
 */
export async function requestMoneyOperation(
  app: FastifyInstance,
  merchant: Merchant,
  merchantPaymentReference: string,
  kind: MoneyOperationKind,
  request: MoneyOperationRequest | ConfirmDeliveryRequest,
  idempotencyKey: string | undefined,
): Promise<MoneyAnswer> {
  const key = requireKey(idempotencyKey);
  const requestHash = sha256Hex(canonicalJson({ kind, merchantPaymentReference, request }));
  const found = await app.repos.applications.findByMerchantReference(merchant.id, merchantPaymentReference);
  if (!found) throw ApiError.notFound();

  const again = async (): Promise<MoneyAnswer | null> => {
    const existing = await app.repos.money.byKey(merchant.id, key);
    if (!existing) return null;
    if (existing.requestHash !== requestHash) throw ApiError.conflict();
    return answerOf(app, found, existing);
  };
  const repeated = await again();
  if (repeated) return repeated;
  if (kind === 'confirm-delivery') refuseWhatTheLessorWould(app, found, request as ConfirmDeliveryRequest);

  const kept = await app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    // One operation of an application at a time is checked and kept: two captures at once cannot both fit.
    const application = await repos.applications.lockById(found.id);
    if (!application) throw ApiError.notFound();
    const checked = await check(tx, application, kind, request);
    const operation = await repos.money.insert({ applicationId: application.id, merchantId: merchant.id, idempotencyKey: key, requestHash, kind, ...checked });
    if (operation) await app.jobs.send(MONEY_OPERATION_QUEUE, { operationId: operation.id }, { transaction: tx, singletonKey: operation.id });
    return operation;
  });
  // Two requests with one key at once: the other one kept it.
  if (!kept) return (await again()) ?? Promise.reject(new Error('money operation vanished'));
  app.log.info({ reference: found.reference, operationId: kept.id, kind }, 'money operation accepted');
  return answerOf(app, found, await runMoneyOperation(app, kept.id));
}

/** What the lessor would refuse in a delivery confirmation is answered at once, by field, not accepted to fail later. */
function refuseWhatTheLessorWould(app: FastifyInstance, application: ApplicationRecord, request: ConfirmDeliveryRequest): void {
  const delivery = app.lenders.for(application).delivery;
  if (!delivery || application.provider !== 'GRENKE') return;
  const fields = delivery.problems(application, { deliveredOn: request.deliveredOn ?? today(), serialNumbers: request.serialNumbers ?? [] });
  if (fields.length === 0) return;
  const messages = { deliveredOn: { key: validationKey('deliveryDate') }, serialNumbers: { key: validationKey('serialNumbers') } };
  throw ApiError.badRequest(Object.fromEntries(fields.map((field) => [field, messages[field]])));
}

const today = () => new Date().toISOString().slice(0, 10);

/** Why an operation the lender refused failed, in the catalogue's terms. */
function failureCode(failure: ProviderFailure): ErrorCode {
  return apiErrorFor(failure).errorCode;
}

/**
 * Sends a pending operation, if nobody else is sending it now, and records the answer. Answers the
 * operation as it is afterwards: done, failed, or still pending (the lender did not answer; the job
 * tries again).
 */
export async function runMoneyOperation(app: FastifyInstance, operationId: string): Promise<MoneyOperationRecord> {
  const current = async () => {
    const operation = await app.repos.money.find(operationId);
    if (!operation) throw new Error(`money operation ${operationId} vanished`);
    return operation;
  };
  const operation = await app.repos.money.claim(operationId, OPERATION_LEASE_MS);
  if (!operation) return current();
  const application = await app.repos.applications.findById(operation.applicationId);
  const provider = application && (await app.repos.providerApplications.find(application.id));
  if (!application || !provider) {
    await settle(app, operation, null, 'failed', 'APPLICATION_NOT_FOUND');
    return current();
  }
  const flow = app.lenders.for(application, provider);

  if (operation.kind === 'confirm-delivery') {
    const delivery = flow.delivery;
    if (!delivery || !operation.delivery) {
      await settle(app, operation, application, 'failed', 'REQUEST_ERROR');
      return current();
    }
    // A previous attempt (before its sender died, or before support retried a failed one) may
    // have reached the lessor, which takes no id of ours: ask first, always.
    const confirmed = await delivery.confirmed(application, provider);
    if (confirmed.ok && confirmed.value) {
      await settle(app, operation, application, 'done', null);
      return current();
    }
    const result = await delivery.confirm(application, provider, { operationId: operation.id, ...operation.delivery });
    await recordResult(app, operation, application, result.ok ? null : result.failure, null);
    return current();
  }

  const money = flow.money;
  if (!money || !isMove(operation.kind)) {
    await settle(app, operation, application, 'failed', 'REQUEST_ERROR');
    return current();
  }
  // A previous attempt may have reached the lender before its sender died: if its money already
  // shows the operation, it is done, and nothing is sent again.
  if (operation.attempts > 1 && operation.amount !== null) {
    const read = await money.read(application, provider);
    const before = (await app.repos.money.ofApplication(application.id)).money;
    if (read.ok && before && cents(moneyAfter(operation.kind, before, operation.amount)[fieldOf(operation.kind)]) <= cents(read.value[fieldOf(operation.kind)])) {
      await settle(app, operation, application, 'done', null, read.value);
      return current();
    }
  }
  const result = await money.move(application, provider, operation.kind, { operationId: operation.id, scope: scopeOf(application, operation) });
  await recordResult(app, operation, application, result.ok ? null : result.failure, result.ok ? result.value : null);
  return current();
}

const fieldOf = (kind: MoneyMove): keyof Money => (kind === 'capture' ? 'captured' : kind === 'refund' ? 'refunded' : 'cancelled');

async function recordResult(app: FastifyInstance, operation: MoneyOperationRecord, application: ApplicationRecord, failure: ProviderFailure | null, money: Money | null): Promise<void> {
  if (!failure) return settle(app, operation, application, 'done', null, money);
  // Not answered: kept pending for the job, until it has been tried long enough.
  const unanswered = failure.kind === 'unavailable' || failure.kind === 'rate-limited';
  if (unanswered && operation.attempts < MAX_OPERATION_ATTEMPTS) {
    app.log.warn({ reference: application.reference, operationId: operation.id, attempt: operation.attempts, failure: failure.kind }, 'money operation not answered: tried again later');
    await app.repos.money.release(operation.id);
    return;
  }
  app.log.warn({ reference: application.reference, operationId: operation.id, failure: failure.kind }, 'money operation failed');
  await settle(app, operation, application, 'failed', failureCode(failure));
}

/** Done or failed: the operation, the application's money, its timeline and the webhook, together. */
async function settle(
  app: FastifyInstance,
  operation: MoneyOperationRecord,
  application: ApplicationRecord | null,
  state: 'done' | 'failed',
  failure: ErrorCode | null,
  money: Money | null = null,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    await repos.money.settle(operation.id, state, failure);
    if (!application) return;
    if (state === 'done' && operation.kind === 'confirm-delivery') {
      await repos.money.confirmDelivery(application.id, new Date());
      // The lessor contracts the lease after the delivery, in its own time: the status poll follows it.
      await schedulePoll(app, application.id, 0, tx);
    }
    // The lender's own reading where it gave one; the expected amounts otherwise.
    const before = (await repos.money.ofApplication(application.id)).money;
    const after = state === 'done' && isMove(operation.kind) ? (money ?? (before && operation.amount !== null ? moneyAfter(operation.kind, before, operation.amount) : before)) : before;
    if (after) await repos.money.update(application.id, after);
    const settled = (await repos.money.find(operation.id)) ?? operation;
    const event = state === 'failed' ? 'payment.operation_failed' : isMove(operation.kind) ? EVENT_OF[operation.kind] : 'lease.delivery_confirmed';
    // An application that has moved on meanwhile (a lease cancelled before its delivery) keeps the operation's answer only.
    const now = await repos.applications.findById(application.id);
    if (!now || !isAllowed(now.status, event)) return;
    await applyEvent(app, application.id, event, {
      tx,
      detail: { operationId: operation.id, kind: operation.kind, amount: operation.amount, ...(failure ? { failure } : {}) },
      webhookData: { operation: operationView(settled), money: moneyView(application, after) },
    });
  });
}
