/**
 * Money after the sale in the back office (issue 30, item 4): support sees an application's money
 * and the merchant's operations on it, and tries a failed one again, with a reason that goes to
 * the audit log. The retried operation is then sent by its job like any other: the money moves
 * once and the merchant hears it. An operation that has not failed, or that the money no longer
 * allows (operations still pending counted), is refused with 409 and left as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  type ApplicationDetail,
  type AuditEntry,
  BACK_OFFICE_API,
  findTestOperator,
  MERCHANT_API,
  type MerchantApplicationView,
  type MoneyOperationResponse,
} from '@portal/domain';
import { MAX_OPERATION_ATTEMPTS, runMoneyOperation } from '../src/services/money-operations';
import { OperatorBrowser } from './back-office-helpers';
import { call, type Customer, eventually, paymentStatus, press, startConsumer, withFault, throughKeyFacts } from './flow-helpers';
import { merchantAuth, startTestServer, type TestApp, XHR } from './helpers';

type Server = TestApp & { url: string };

/** Kari's order: 15 000 in all. */
const items = [
  { sku: 'PHN-128', name: 'Phone 128 GB', quantity: 1, unitPrice: 10_000 },
  { sku: 'CASE-1', name: 'Phone case', quantity: 2, unitPrice: 2_500 },
];

let keys = 0;
const newKey = () => `bo-key-${Date.now().toString(36)}-${(keys += 1)}`;

/** A consumer credit granted through Resurs version 2 (Kari, who is accepted). */
async function grantedConsumer(t: Server): Promise<Customer> {
  const customer = await startConsumer(t, '18087248794', 2, t.url, { items, loan: { loanAmount: 15_000, loanPeriod: 36 } });
  const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const pressed = await press(`${await throughKeyFacts(t, customer)}/approve`);
  await t.app.inject({ method: 'GET', url: (pressed.location ?? '').replace(t.url, ''), headers: { cookie: customer.cookie } });
  await eventually(async () => (await paymentStatus(t, customer)).paymentStatus === 'ACCEPTED' || null, 30_000);
  return customer;
}

describe('support and a merchant\u2019s money operations', { shuffle: false }, () => {
  let t: Server;
  let support: OperatorBrowser;
  let admin: OperatorBrowser;
  let customer: Customer;
  let reference = '';
  let failedId = '';

  const capture = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: MERCHANT_API.capture.url({ merchantPaymentReference: customer.merchantPaymentReference }),
      headers: { ...merchantAuth, 'idempotency-key': newKey() },
      payload,
    });
  const detail = async () => {
    const response = await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.application.route.url({ reference }), headers: { cookie: support.operatorCookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApplicationDetail>();
  };
  const retry = (operationId: string, payload: object, cookie: string | null = support.operatorCookie) =>
    t.app.inject({
      method: 'POST',
      url: BACK_OFFICE_API.retryMoneyOperation.route.url({ reference, operationId }),
      headers: { ...XHR, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const auditEntries = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${BACK_OFFICE_API.auditLog.route.url()}?action=money_operation.retried&targetId=${reference}`,
        headers: { cookie: admin.operatorCookie },
      })
    ).json<{ items: AuditEntry[] }>().items;
  const webhookTypes = async () =>
    (
      await t.db.query<{ type: string }>(
        `SELECT e.payload->>'type' AS type FROM webhook_events e JOIN applications a ON a.id = e.application_id WHERE a.reference = $1 ORDER BY e.seq`,
        [reference],
      )
    ).map((row) => row.type);
  /** An operation the lender refused earlier, kept as the merchant API keeps one, then failed. */
  const failedOperation = async (kind: 'capture' | 'refund', amount: number) => {
    const application = await t.app.repos.applications.findByReference(reference);
    if (!application) throw new Error('no application');
    const operation = await t.app.repos.money.insert({ applicationId: application.id, merchantId: application.merchantId, idempotencyKey: newKey(), requestHash: 'crafted', kind, amount, lines: [], delivery: null });
    if (!operation) throw new Error('not kept');
    await t.app.repos.money.settle(operation.id, 'failed', 'REQUEST_ERROR');
    return operation.id;
  };

  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '2000' });
    const operators = { support: findTestOperator('operator-support'), admin: findTestOperator('operator-admin') };
    if (!operators.support || !operators.admin) throw new Error('no test operators');
    support = new OperatorBrowser(t.url);
    await support.signIn(operators.support);
    admin = new OperatorBrowser(t.url);
    await admin.signIn(operators.admin);
    customer = await grantedConsumer(t);
    reference = customer.reference;
    // Two sign-ins and a granted credit: generous, for a machine busy with other suites.
  }, 120_000);
  afterAll(async () => t?.close());

  it('shows support the money of a granted application, and a capture that failed while Resurs was down, with its attempts and code', async () => {
    const failed = await withFault(t, 'resurs-v2', 'down', async () => {
      const accepted = await capture({ amount: 4_000 });
      expect(accepted.statusCode, accepted.body).toBe(202);
      const { id } = accepted.json<MoneyOperationResponse>().operation;
      // The job would try for about half a day: the operation is at its last attempt now.
      await t.db.query('UPDATE money_operations SET attempts = $2 WHERE id = $1', [id, MAX_OPERATION_ATTEMPTS]);
      return eventually(async () => {
        const operation = await runMoneyOperation(t.app, id);
        return operation.state === 'failed' && operation;
      }, 20_000);
    });
    failedId = failed.id;

    const shown = await detail();
    expect(shown.money).toEqual({ currency: 'NOK', authorized: 15_000, captured: 0, refunded: 0, cancelled: 0, settlement: 'AUTHORIZED' });
    expect(shown.deliveryConfirmedAt).toBeNull();
    expect(shown.moneyOperations).toEqual([
      {
        id: failedId,
        kind: 'capture',
        state: 'failed',
        amount: 4_000,
        lines: [],
        attempts: MAX_OPERATION_ATTEMPTS + 1,
        failure: { errorCode: 'WEB_SERVICE_DOWN' },
        createdAt: expect.any(String),
        completedAt: expect.any(String),
      },
    ]);
    expect(await webhookTypes()).toContain('payment.operation_failed');
  }, 60_000);

  it('refuses a retry without a reason or without an operator session, and changes nothing', async () => {
    expect((await retry(failedId, {})).statusCode).toBe(400);
    expect((await retry(failedId, { reason: 'x' })).statusCode).toBe(400);
    expect((await retry(failedId, { reason: 'Resurs is back' }, null)).statusCode).toBe(401);
    expect((await retry(failedId, { reason: 'Resurs is back' }, 'bo_sid=not-a-session')).statusCode).toBe(401);
    // An operation this application does not have is not found.
    expect((await retry('00000000-0000-4000-8000-000000000000', { reason: 'Resurs is back' })).statusCode).toBe(404);
    expect((await detail()).moneyOperations[0]).toMatchObject({ state: 'failed' });
    expect(await auditEntries()).toEqual([]);
  });

  it('tries the failed capture again for support: pending at once, then done by its job; the money moves once, the merchant hears it, the audit log keeps the reason', async () => {
    const retried = await retry(failedId, { reason: 'Resurs was down during the capture; the shop asked us to try again' });
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json<ApplicationDetail>().moneyOperations[0]).toMatchObject({ id: failedId, state: 'pending', attempts: 0, failure: null, completedAt: null });

    const done = await eventually(async () => {
      const shown = await detail();
      return shown.moneyOperations[0]?.state === 'done' && shown;
    }, 60_000);
    expect(done.money).toMatchObject({ captured: 4_000, settlement: 'PARTLY_CAPTURED' });
    expect(done.moneyOperations).toHaveLength(1);

    // The merchant sees it done, and heard the failure and then the capture, once.
    const view = (await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth })).json<MerchantApplicationView>();
    expect(view.operations.map((operation) => [operation.id, operation.state])).toEqual([[failedId, 'done']]);
    expect((await webhookTypes()).filter((type) => type.startsWith('payment.'))).toEqual(['payment.operation_failed', 'payment.captured']);

    // And Resurs captured it once.
    const application = await t.app.repos.applications.findByReference(reference);
    const provider = application && (await t.app.repos.providerApplications.find(application.id));
    if (!application || !provider) throw new Error('no application');
    expect(await t.app.lenders.for(application, provider).money?.read(application, provider)).toMatchObject({ ok: true, value: { captured: 4_000 } });

    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operatorName: findTestOperator('operator-support')?.name,
      action: 'money_operation.retried',
      targetType: 'application',
      targetId: reference,
      reason: 'Resurs was down during the capture; the shop asked us to try again',
      detail: { operationId: failedId, kind: 'capture', amount: 4_000, failure: 'WEB_SERVICE_DOWN' },
    });
  }, 90_000);

  it('refuses to retry an operation that is done', async () => {
    const again = await retry(failedId, { reason: 'Once more, to be sure' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'REQUEST_ERROR' });
    expect(await auditEntries()).toHaveLength(1);
  });

  it('refuses a retry the money no longer allows, counting the operations still pending, and leaves it failed', async () => {
    // 11 000 is open. A capture of 6 000 is pending while Resurs is down again: 5 000 is left for others.
    await withFault(t, 'resurs-v2', 'down', async () => {
      expect((await capture({ amount: 6_000 })).statusCode).toBe(202);
      const capture6000 = await failedOperation('capture', 6_000);
      const refused = await retry(capture6000, { reason: 'The shop shipped the rest' });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ errorCode: 'REQUEST_ERROR' });
      expect((await detail()).moneyOperations.find((operation) => operation.id === capture6000)).toMatchObject({ state: 'failed', failure: { errorCode: 'REQUEST_ERROR' } });
    });
    // A refund of more than was captured (4 000, or 10 000 once the pending capture is done).
    const refund = await failedOperation('refund', 10_000.01);
    expect((await retry(refund, { reason: 'The goods came back' })).json()).toMatchObject({ status: 409, errorCode: 'REQUEST_ERROR' });
    expect(await auditEntries()).toHaveLength(1);
  }, 60_000);
});
