import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MERCHANT_API } from '@portal/domain';
import { signingStoresOf } from '@portal/sandbox/testing';
import { CONTRACT_DELIVERY_QUEUE } from '../src/services/queues';
import { ENGINES, merchantAuth, startTestServer, SUBMIT_STORM_LIMITS, type TestApp } from './helpers';
import { call, type Customer, eventually, outcomeOf, startBusiness, withFault } from './flow-helpers';

interface Sessions {
  orderId: string | null;
  packagingTaskId: string | null;
  packagingStatus: string | null;
  sessions: { taskId: string; name: string; status: string; signingUrl: string }[];
  signedDocumentAvailable: boolean;
}

/**
 * Business leasing through the client API: GRENKE's decision (polled in the background, no
 * webhooks), the mock panel, the signing order with the signing service, the signed contract
 * back to GRENKE, and the merchant told at every step.
 */
describe.each(ENGINES)('business leasing (GRENKE and the signing service) on %s', (engine) => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    // One test submits twenty times at once: the submit limits are raised for it.
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '5000', RATE_LIMITS: SUBMIT_STORM_LIMITS });
  });
  afterAll(async () => t.close());

  const submit = (customer: Customer) => call(t, customer, 'PATCH', API.grenkeSubmit.pattern, customer.form);
  const merchantView = async (customer: Customer) =>
    (
      await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth })
    ).json<{ status: string; outcome: string | null; timeline: { type: string; outcome: string | null }[] }>();

  it('takes an approved company from submission through signing to a contracted lease', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    const submitted = await submit(customer);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ applicationResults: [{ state: 'PENDING' }] });

    // GRENKE has no webhooks: the background poller sees the approval.
    await eventually(async () => (await merchantView(customer)).status === 'APPROVED', 15_000);
    expect((await merchantView(customer)).outcome).toBe('apply_approved');

    const first = await call(t, customer, 'GET', API.signB2bSessions.pattern);
    expect(first.statusCode, first.body).toBe(200);
    const sessions = first.json<Sessions>();
    expect(sessions.sessions).toHaveLength(1);
    expect(sessions.sessions[0]).toMatchObject({ name: 'Kari Nordmann', status: 'CREATED' });
    // Asking again (a second tab) gives the same order, never a second one.
    const againResponse = await call(t, customer, 'GET', API.signB2bSessions.pattern);
    expect(againResponse.statusCode, againResponse.body).toBe(200);
    const again = againResponse.json<Sessions>();
    expect(again.orderId).toBe(sessions.orderId);

    const signed = await fetch(sessions.sessions[0]?.signingUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=sign&name=Kari+Nordmann',
      redirect: 'manual',
    });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(`${t.url}/loan-subscription/form/sign`);

    const refreshed = (await call(t, customer, 'PATCH', API.signB2bSessions.pattern)).json<Sessions>();
    expect(refreshed.sessions[0]?.status).toBe('COMPLETED');
    expect(refreshed.signedDocumentAvailable).toBe(true);

    const document = await call(
      t,
      customer,
      'GET',
      `${API.signedDocument.pattern}?signingRef=${refreshed.orderId}&packagingTaskId=${refreshed.packagingTaskId}`,
    );
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(document.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThan(1);

    const merchant = await merchantView(customer);
    expect(merchant).toMatchObject({ status: 'COMPLETED', outcome: 'client_sign_success_approved' });
    expect(merchant.timeline.map((e) => e.type)).toEqual(expect.arrayContaining(['signing.started', 'signing.completed', 'decision.granted']));

    // Someone else's order is not reachable through this application.
    const wrong = await call(t, customer, 'GET', `${API.signedDocument.pattern}?signingRef=other&packagingTaskId=${refreshed.packagingTaskId}`);
    expect(wrong.statusCode).toBe(404);
  });

  it('binds the signing order to the identified signatory: another person\'s BankID cannot sign the contract', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    await submit(customer);
    await eventually(async () => (await merchantView(customer)).status === 'APPROVED', 15_000);
    const sessions = (await call(t, customer, 'GET', API.signB2bSessions.pattern)).json<Sessions>();
    const signingUrl = sessions.sessions[0]?.signingUrl ?? '';

    // The order the signing service got binds its one task to the person who identified (Kari), by national ID.
    const order = await signingStoresOf(t.db).orders.get(sessions.orderId ?? '');
    expect(order?.tasks.map((task) => task.subject.attributes)).toEqual([[{ name: 'national-id', value: '18087248794', methods: ['nbid'] }]]);
    expect(order?.tasks[0]?.signatureMethods).toEqual([{ name: 'nbid', type: 'AUTHENTICATION_BASED' }]);

    const press = (nationalId: string, name: string) =>
      fetch(signingUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'sign', name, nationalId }),
        redirect: 'manual',
      });
    // Someone with the link and their own BankID (Ola's) is refused; nothing is signed.
    expect((await press('27028809552', 'Ola Hansen')).status).toBe(403);
    const after = (await call(t, customer, 'PATCH', API.signB2bSessions.pattern)).json<Sessions>();
    expect(after.sessions[0]?.status).toBe('CREATED');
    expect(after.signedDocumentAvailable).toBe(false);
    expect((await merchantView(customer)).status).not.toBe('COMPLETED');

    // Kari's own BankID signs, and the lease is contracted.
    expect((await press('18087248794', 'Kari Nordmann')).status).toBe(303);
    const signed = (await call(t, customer, 'PATCH', API.signB2bSessions.pattern)).json<Sessions>();
    expect(signed.sessions[0]?.status).toBe('COMPLETED');
    expect((await merchantView(customer)).status).toBe('COMPLETED');
  });

  it('hands a signed contract to GRENKE later when GRENKE was down at the moment of signing', async () => {
    const customer = await startBusiness(t, '6997368573', t.url);
    await submit(customer);
    await eventually(async () => (await merchantView(customer)).status === 'APPROVED', 15_000);
    const sessions = (await call(t, customer, 'GET', API.signB2bSessions.pattern)).json<Sessions>();
    await fetch(sessions.sessions[0]?.signingUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=sign&name=Anna+Andersson',
      redirect: 'manual',
    });
    await withFault(t, 'grenke', 'down', async () => {
      const refreshed = await call(t, customer, 'PATCH', API.signB2bSessions.pattern);
      expect(refreshed.json<Sessions>().sessions[0]?.status).toBe('COMPLETED');
      // Signed, but GRENKE has not got the contract: not contracted yet, the lender's word pending.
      expect((await merchantView(customer)).status).toBe('PENDING');
    });
    // The stored delivery job tries again (here at once rather than after its 30 s wait).
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM applications WHERE reference = $1', [customer.reference]);
    await t.app.jobs.send(CONTRACT_DELIVERY_QUEUE, { applicationId: row?.id, attempt: 1 });
    await eventually(async () => (await merchantView(customer)).status === 'COMPLETED', 15_000);
    expect((await merchantView(customer)).outcome).toBe('client_sign_success_approved');
  });

  it.each([
    ['996030962', 'NO'],
    ['9468958195', 'SE'],
  ])('declines the company %s (%s) at once: the merchant hears apply_denied', async (organisationNumber) => {
    const customer = await startBusiness(t, organisationNumber, t.url);
    const submitted = await submit(customer);
    expect(submitted.json()).toMatchObject({ applicationResults: [{ state: 'DECLINED' }] });
    expect(await merchantView(customer)).toMatchObject({ status: 'DECLINED', outcome: 'apply_denied' });
    const again = await submit(customer);
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['denied', 'DECLINED', 'apply_denied'],
    ['cancelled', 'CANCELLED', 'apply_cancelled'],
    ['approved', 'APPROVED', 'apply_approved'],
  ] as const)('lets the mock panel make GRENKE decide %s', async (action, status, outcome) => {
    const customer = await startBusiness(t, '6997368573', t.url);
    const mocked = await call(t, customer, 'POST', `${API.grenkeMock.url({ action, merchantPaymentReference: customer.merchantPaymentReference })}?delay=0`);
    expect(mocked.statusCode, mocked.body).toBe(200);
    await submit(customer);
    await eventually(async () => (await merchantView(customer)).status === status, 15_000);
    expect((await merchantView(customer)).outcome).toBe(outcome);
  });

  it('refuses a mock decision for another order or a delay beyond five minutes', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    const other = await call(t, customer, 'POST', `${API.grenkeMock.url({ action: 'approved', merchantPaymentReference: 'not-mine' })}?delay=0`);
    expect(other.statusCode).toBe(404);
    const long = await call(t, customer, 'POST', `${API.grenkeMock.url({ action: 'approved', merchantPaymentReference: customer.merchantPaymentReference })}?delay=300001`);
    expect(long.statusCode).toBe(400);
  });

  it('creates one GRENKE request when submitted twenty times at once', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(customer)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const financingIds = new Set(responses.map((r) => r.json<{ applicationResults: { financingId: string }[] }>().applicationResults[0]?.financingId));
    expect(financingIds.size).toBe(1);
    const [{ n } = { n: 0 }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM provider_interactions i JOIN applications a ON a.id = i.application_id
        WHERE a.reference = $1 AND i.operation = 'createRequest'`,
      [customer.reference],
    );
    expect(n).toBe(1);
  });

  it('answers a GRENKE outage with WEB_SERVICE_DOWN and a slow GRENKE the same way, then goes through', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    for (const mode of ['down', 'rate-limited'] as const) {
      await withFault(t, 'grenke', mode, async () => {
        const failed = await submit(customer);
        expect(failed.json<{ errorCode: string }>().errorCode).toBe(mode === 'down' ? 'WEB_SERVICE_DOWN' : 'TOO_MANY_REQUESTS');
      });
    }
    const retried = await submit(customer);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(outcomeOf(`${t.url}/?outcome=x`)).toBe('x');
  });

  /** Puts the simulated GRENKE request into a state (sandbox control), as GRENKE's back office would. */
  const grenkeState = (financingId: string | undefined, state: string) =>
    fetch(`${t.url}/sandbox/grenke/control/decide`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ financingId, state }) });
  const operationsOf = async (customer: Customer) =>
    (
      await t.db.query<{ operation: string }>(
        `SELECT i.operation FROM provider_interactions i JOIN applications a ON a.id = i.application_id WHERE a.reference = $1 AND i.provider = 'grenke' ORDER BY i.id`,
        [customer.reference],
      )
    ).map((row) => row.operation);

  it('waits for GRENKE to contract a signed lease in its own time, and reads a Cancelled then as uncertain, not as a cancellation', async () => {
    for (const [grenkeWord, expected] of [
      ['Contracted', 'COMPLETED'],
      ['Cancelled', 'PENDING'],
    ] as const) {
      const customer = await startBusiness(t, '892831270', t.url);
      const submitted = await submit(customer);
      const financingId = submitted.json<{ applicationResults: { financingId: string }[] }>().applicationResults[0]?.financingId;
      await eventually(async () => (await merchantView(customer)).status === 'APPROVED', 15_000);
      const sessions = (await call(t, customer, 'GET', API.signB2bSessions.pattern)).json<Sessions>();
      // GRENKE has a step of its own under way: the signed contract does not contract the lease at once.
      expect((await grenkeState(financingId, 'AwaitingDeliveryConfirmation')).status).toBe(200);
      await fetch(sessions.sessions[0]?.signingUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=sign&name=Kari+Nordmann',
        redirect: 'manual',
      });
      const refreshed = await call(t, customer, 'PATCH', API.signB2bSessions.pattern);
      expect(refreshed.json<Sessions>().sessions[0]?.status).toBe('COMPLETED');
      // Signed and handed over; GRENKE's word is still to come.
      expect(await merchantView(customer)).toMatchObject({ status: 'PENDING', outcome: 'apply_continue' });
      expect(await operationsOf(customer)).toContain('uploadSignedContract');

      expect((await grenkeState(financingId, grenkeWord)).status).toBe(200);
      if (expected === 'COMPLETED') {
        await eventually(async () => (await merchantView(customer)).status === 'COMPLETED', 15_000);
        expect((await merchantView(customer)).outcome).toBe('client_sign_success_approved');
      } else {
        // "A Grenke 'Cancelled' request is often a request that became a contract": the lender checks with GRENKE.
        const flagged = async () =>
          (await t.db.query<{ flag: string | null }>(
            `SELECT p.data->>'cancelledAfterSignedContract' AS flag FROM provider_applications p JOIN applications a ON a.id = p.application_id WHERE a.reference = $1`,
            [customer.reference],
          ))[0]?.flag === 'true';
        await eventually(flagged, 15_000);
        expect((await merchantView(customer)).status).toBe('PENDING');
      }
    }
  });

  it("withdraws an approved lease on the merchant's cancel by never handing its contract over: GRENKE publishes no cancel call, it is only read", async () => {
    const customer = await startBusiness(t, '6997368573', t.url);
    await submit(customer);
    await eventually(async () => (await merchantView(customer)).status === 'APPROVED', 15_000);
    const cancelled = await t.app.inject({ method: 'POST', url: MERCHANT_API.cancel.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await merchantView(customer)).status).toBe('CANCELLED');
    const operations = await operationsOf(customer);
    expect(operations.at(-1)).toBe('getRequest');
    expect(operations).not.toContain('cancelRequest');
    expect(operations).not.toContain('uploadSignedContract');
    // Nothing is left to sign.
    expect((await call(t, customer, 'GET', API.signB2bSessions.pattern)).json<Sessions>().sessions).toEqual([]);
  });
});
