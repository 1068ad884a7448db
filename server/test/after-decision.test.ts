/**
 * After the decision (issue 32): the customer's own page lists a person's applications and nobody
 * else's; a declined consumer is sent to the decline page, asks for a review by a person (their
 * view and a document), gets a reference and a receipt, and sees the sandbox lender's answer;
 * a consumer withdraws from a concluded agreement within the period (once), the shop hears
 * `application.withdrawn` and the merchant API says WITHDRAWN; after the period there is no way
 * to; the reminder of the right is mailed once between day 1 and day 7.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MERCHANT_API, SANDBOX_CONCLUDED_CONTROL, type MyApplication, type MyApplicationsAnswer, type ReviewView, withdrawalDeadline, type WithdrawalView } from '@portal/domain';
import { sendWithdrawalReminders } from '../src/services/after-decision/reminders';
import { call, type Customer, eventually, signAtResursV1, startBusiness, startConsumer } from './flow-helpers';
import { ENGINES, merchantAuth, startTestServer, type TestApp } from './helpers';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(ENGINES)('after the decision on %s', (engine) => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => t.close());

  const mine = async (customer: Customer) => (await call(t, customer, 'GET', API.myApplications.pattern)).json<MyApplicationsAnswer>();
  const entry = async (customer: Customer): Promise<MyApplication> => {
    const found = (await mine(customer)).applications.find((a) => a.reference === customer.reference);
    if (!found) throw new Error(`${customer.reference} is not on the page`);
    return found;
  };
  const applicationId = async (customer: Customer) =>
    (await t.db.query<{ id: string }>('SELECT id FROM applications WHERE reference = $1', [customer.reference]))[0]?.id ?? '';
  const mails = async (customer: Customer) => (await t.app.repos.mailOutbox.listForApplication(await applicationId(customer))).map((m) => m.kind);
  const webhookTypes = async (customer: Customer) =>
    (
      await t.db.query<{ type: string }>(
        `SELECT w.payload->>'type' AS type FROM webhook_events w JOIN applications a ON a.id = w.application_id WHERE a.reference = $1 ORDER BY w.seq`,
        [customer.reference],
      )
    ).map((row) => row.type);
  /** The agreement concluded `days` ago: the clock moved, as a test does it. */
  const concludedDaysAgo = async (customer: Customer, days: number) =>
    t.db.query(`UPDATE applications SET concluded_at = now() - make_interval(days => $2) WHERE reference = $1`, [customer.reference, days]);

  async function declined(): Promise<Customer> {
    const customer = await startConsumer(t, '01024924986', 1, t.url);
    // Resurs declines at once: the submit answers so (400 APPLICATION_NOT_APPROVED).
    const submitted = await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
    expect(submitted.json(), submitted.body).toMatchObject({ errorCode: 'APPLICATION_NOT_APPROVED' });
    await eventually(async () => (await entry(customer)).status === 'declined');
    return customer;
  }

  async function concluded(): Promise<Customer> {
    const customer = await startConsumer(t, '18087248794', 1, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await signAtResursV1(t, customer);
    await eventually(async () => ['signed', 'completed'].includes((await entry(customer)).status));
    return customer;
  }

  it("sends a declined consumer to the decline page, which says why and where free debt advice is", async () => {
    const customer = await declined();
    const status = (
      await t.app.inject({ method: 'GET', url: `${API.paymentStatus.url()}?merchantId=demo&merchantPaymentReference=${customer.merchantPaymentReference}`, headers: { cookie: customer.cookie } })
    ).json<{ paymentStatus: string; redirectUrl: string }>();
    expect(status).toEqual({ paymentStatus: 'REJECTED', redirectUrl: `${t.url}/loan-subscription/form/declined` });

    const page = await entry(customer);
    expect(page).toMatchObject({ lender: 'Resurs Bank', status: 'declined', countryCode: 'NO', withdrawal: { available: false, unavailableBecause: 'not_concluded' } });
    expect(page.decline).toEqual({
      automated: true,
      creditAgency: 'Experian AS',
      dataCategories: expect.arrayContaining(['credit-report', 'payment-remarks', 'debt-register']),
      debtAdviceUrl: 'https://www.nav.no/okonomi-og-gjeld',
      reviewAvailable: true,
    });
    expect(page.review).toBeUndefined();
    // The e-mail copy of the decline, with the way to a review.
    expect(await mails(customer)).toContain('decline-notice');
  });

  it('takes a review request with the view and a document, mails a receipt, and shows the sandbox lender\u2019s answer', async () => {
    const customer = await declined();
    const asked = await call(t, customer, 'POST', API.myReview.url({ reference: customer.reference }), {
      wants: ['explanation', 'view', 'reassessment'],
      view: 'Anmerkningen er slettet: gjelden ble betalt i oktober.',
      attachment: { filename: 'kvittering.png', contentType: 'image/png', contentBase64: PNG.toString('base64') },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const review = asked.json<ReviewView>();
    expect(review).toMatchObject({ reference: expect.stringMatching(/^R-[0-9A-Z]{8}$/), status: 'in_review', wants: ['explanation', 'view', 'reassessment'], sentToLenderAt: expect.any(String) });
    expect(await mails(customer)).toEqual(expect.arrayContaining(['review-receipt', 'review-request-to-lender']));
    // Asked twice: refused, and the first stands.
    const again = await call(t, customer, 'POST', API.myReview.url({ reference: customer.reference }), { wants: ['explanation'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'REVIEW_NOT_POSSIBLE' });
    // The customer's words are sealed at rest.
    const [stored] = await t.db.query<{ view: string; attachment: string }>('SELECT view, attachment FROM review_requests WHERE reference = $1', [review.reference]);
    expect(stored?.view).toMatch(/^pd1\./);
    expect(stored?.attachment).toMatch(/^pd1\./);

    // The sandbox's lender answers in seconds: the page shows it and a mail says it.
    const answered = await eventually(async () => {
      const now = (await entry(customer)).review;
      return now?.status === 'answered' ? now : null;
    }, 15_000);
    expect(answered.answer).toMatchObject({ outcome: 'upheld', factors: [expect.stringContaining('betalingsanmerkning'), expect.any(String)], explanation: expect.stringContaining('saksbehandler') });
    expect((await entry(customer)).decline?.reviewAvailable).toBe(false);
    await eventually(async () => (await mails(customer)).includes('review-answer'));
    const evidence = await t.db.query<{ kind: string }>(
      'SELECT e.kind FROM evidence_entries e JOIN applications a ON a.id = e.application_id WHERE a.reference = $1 ORDER BY e.seq',
      [customer.reference],
    );
    expect(evidence.map((e) => e.kind)).toEqual(expect.arrayContaining(['review.requested', 'review.answered']));
  }, 60_000);

  it('refuses a request without a choice, a document that is not what it says, and one too large, with the field named', async () => {
    const customer = await declined();
    const url = API.myReview.url({ reference: customer.reference });
    expect((await call(t, customer, 'POST', url, { wants: [] })).statusCode).toBe(400);
    const fake = await call(t, customer, 'POST', url, { wants: ['view'], attachment: { filename: 'a.pdf', contentType: 'application/pdf', contentBase64: PNG.toString('base64') } });
    expect(fake.statusCode).toBe(400);
    expect(fake.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('attachment');
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * 1024 * 1024 + 10, 0x20)]);
    const tooLarge = await call(t, customer, 'POST', url, { wants: ['view'], attachment: { filename: 'big.pdf', contentType: 'application/pdf', contentBase64: big.toString('base64') } });
    expect(tooLarge.statusCode).toBe(400);
    // Nothing was kept: a good request still goes through.
    expect((await call(t, customer, 'POST', url, { wants: ['explanation'] })).statusCode).toBe(200);
  }, 60_000);

  it('takes a view that carries the customer\u2019s own ID number: kept as typed, masked in the mails', async () => {
    const customer = await declined();
    const view = 'Mitt fødselsnummer er 010249 24986, telefon 934 56 789.';
    const asked = await call(t, customer, 'POST', API.myReview.url({ reference: customer.reference }), { wants: ['view'], view });
    expect(asked.statusCode, asked.body).toBe(200);
    const review = asked.json<ReviewView>();
    const [stored] = await t.db.query<{ id: string }>('SELECT id FROM review_requests WHERE reference = $1', [review.reference]);
    expect((await t.app.repos.afterDecision.reviewContent(stored?.id ?? ''))?.view).toBe(view);
    const sent = await eventually(async () => {
      const list = await t.app.repos.mailOutbox.listForApplication(await applicationId(customer));
      return list.filter((m) => m.kind.startsWith('review-') && m.state === 'sent').length >= 2 ? list : null;
    });
    expect(sent.some((m) => m.state === 'failed')).toBe(false);
    const arrived = (await t.app.inject({ method: 'GET', url: '/sandbox/control/mail' })).json<{ html: string | null }[]>();
    for (const mail of arrived) {
      const html = mail.html ? (await t.app.inject({ method: 'GET', url: mail.html })).body : '';
      expect(html).not.toMatch(/010249\s?24986/);
    }
  }, 60_000);

  it("answers another person's application as an unknown one, and lists only the person's own", async () => {
    const owner = await declined();
    const other = await startConsumer(t, '27028809552', 1, t.url);
    for (const reference of [owner.reference, 'no-such-reference']) {
      const review = await call(t, other, 'POST', API.myReview.url({ reference }), { wants: ['explanation'] });
      expect(review.statusCode).toBe(404);
      expect(review.json()).toMatchObject({ errorCode: 'APPLICATION_NOT_FOUND' });
      expect((await call(t, other, 'POST', API.myWithdrawal.url({ reference }), { confirm: true })).statusCode).toBe(404);
      expect((await call(t, other, 'GET', API.myDocument.url({ reference, kind: 'secci' }))).statusCode).toBe(404);
    }
    expect((await mine(other)).applications.map((a) => a.reference)).not.toContain(owner.reference);
    expect((await mine(other)).applications.map((a) => a.reference)).toContain(other.reference);
    const anonymous = await t.app.inject({ method: 'GET', url: API.myApplications.pattern });
    expect(anonymous.statusCode).toBe(401);
  }, 60_000);

  it('withdraws a concluded agreement on day 3 once, tells the shop and the merchant API, and mails the acknowledgement', async () => {
    const customer = await concluded();
    await concludedDaysAgo(customer, 3);
    const before = await entry(customer);
    expect(before.withdrawal).toMatchObject({ available: true, withdrawnAt: null });
    expect(before.documents.map((d) => d.kind)).toEqual(['secci']);
    const secci = await call(t, customer, 'GET', before.documents[0]?.url ?? '');
    expect(secci.headers['content-type']).toBe('application/pdf');
    // The deadline: the end of the 14th day after the conclusion, in Norway's time.
    const concludedAt = new Date(before.concludedAt ?? '');
    expect(before.withdrawal.deadline).toBe(withdrawalDeadline(concludedAt, 'NO').toISOString());

    const done = await call(t, customer, 'POST', API.myWithdrawal.url({ reference: customer.reference }), { confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    const withdrawal = done.json<WithdrawalView>();
    expect(withdrawal).toMatchObject({ available: false, unavailableBecause: 'withdrawn', reference: expect.stringMatching(/^W-/), withdrawnAt: expect.any(String) });
    expect(Math.abs(new Date(withdrawal.withdrawnAt ?? '').getTime() - Date.now())).toBeLessThan(60_000);
    // Confirmed twice (a double click): the same withdrawal.
    expect((await call(t, customer, 'POST', API.myWithdrawal.url({ reference: customer.reference }), { confirm: true })).json<WithdrawalView>().reference).toBe(withdrawal.reference);

    expect((await entry(customer)).status).toBe('withdrawn');
    expect(await webhookTypes(customer)).toContain('application.withdrawn');
    const merchant = await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth });
    expect(merchant.json()).toMatchObject({ status: 'WITHDRAWN' });
    expect(await mails(customer)).toEqual(expect.arrayContaining(['withdrawal-acknowledgement', 'withdrawal-to-lender']));
  }, 60_000);

  it('offers no withdrawal after the period (day 15) and refuses one, and none for a company\u2019s lease', async () => {
    const customer = await concluded();
    // The sandbox's control moves the clock as the browser tests do it.
    const moved = await t.app.inject({ method: 'POST', url: SANDBOX_CONCLUDED_CONTROL.url({ reference: customer.reference }), payload: { daysAgo: 15 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: SANDBOX_CONCLUDED_CONTROL.url({ reference: 'unknown' }), payload: { daysAgo: 15 } })).statusCode).toBe(404);
    expect((await entry(customer)).withdrawal).toMatchObject({ available: false, unavailableBecause: 'period_over' });
    const late = await call(t, customer, 'POST', API.myWithdrawal.url({ reference: customer.reference }), { confirm: true });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'WITHDRAWAL_NOT_POSSIBLE' });
    expect(await webhookTypes(customer)).not.toContain('application.withdrawn');

    const company = await startBusiness(t, '892831270', t.url);
    expect((await entry(company)).withdrawal).toMatchObject({ available: false, unavailableBecause: 'business' });
  }, 60_000);

  it('mails the reminder of the right of withdrawal once, between day 1 and day 7', async () => {
    const early = await concluded();
    const due = await concluded();
    const late = await concluded();
    await concludedDaysAgo(due, 3);
    await concludedDaysAgo(late, 8);
    // Its SECCI went minutes before the signature (the checkout): a reminder is due.
    await sendWithdrawalReminders(t.app);
    await sendWithdrawalReminders(t.app);
    expect((await mails(due)).filter((kind) => kind === 'withdrawal-reminder')).toHaveLength(1);
    expect(await mails(early)).not.toContain('withdrawal-reminder');
    expect(await mails(late)).not.toContain('withdrawal-reminder');
    // On day 2 the earlier one's turn comes, once.
    await sendWithdrawalReminders(t.app, new Date(Date.now() + 2 * DAY_MS));
    await sendWithdrawalReminders(t.app, new Date(Date.now() + 2 * DAY_MS));
    expect((await mails(early)).filter((kind) => kind === 'withdrawal-reminder')).toHaveLength(1);
  }, 90_000);
});
