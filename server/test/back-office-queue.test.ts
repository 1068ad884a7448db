/**
 * The lender's staff's queue after the decision (issue 32, item 5): support sees review requests
 * (the soonest due first, overdue said) and withdrawals (the oldest first) with their deadlines;
 * opens the customer's words and document only with a reason; records the lender's answer once,
 * which the customer's own page then shows; marks a withdrawal handled once. Every action is in
 * the audit log with its reason and in the application's evidence; an operator whose roles reach
 * no back-office right is refused.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AfterDecisionQueue,
  API,
  type ApplicationDetail,
  BACK_OFFICE_API,
  findTestOperator,
  type MyApplication,
  type MyApplicationsAnswer,
  REVIEW_ANSWER_DAYS,
  type ReviewContent,
  type ReviewView,
  type WithdrawalView,
} from '@portal/domain';
import { sha256Hex } from '../src/lib/crypto';
import { SANDBOX_LENDER_QUEUE } from '../src/sandbox-mode/sandbox-lender';
import { OperatorBrowser } from './back-office-helpers';
import { call, type Customer, eventually, signAtResursV1, startConsumer } from './flow-helpers';
import { ENGINES, startTestServer, type TestApp, XHR } from './helpers';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const DAY_MS = 24 * 60 * 60 * 1000;
const REASON = 'Lender desk: case taken from the queue';

describe.each(ENGINES)('the queue of review requests and withdrawals on %s', (engine) => {
  let t: TestApp & { url: string };
  let support: OperatorBrowser;
  /** An operator session whose roles reach no back-office right (taken away at the broker since). */
  let roleless = '';
  /** The signed-in operator's id, as the broker gives it. */
  let subject = '';

  beforeAll(async () => {
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '5000' });
    const operator = findTestOperator('operator-support');
    if (!operator) throw new Error('no test operator');
    support = new OperatorBrowser(t.url);
    await support.signIn(operator);
    subject = (await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.me.route.url(), headers: { cookie: support.operatorCookie } })).json<{ subject: string }>().subject;
    const token = randomBytes(32).toString('base64url');
    await t.app.repos.operatorSessions.create({
      tokenHash: sha256Hex(token),
      subject: 'operator-none',
      name: 'Tove Ek',
      email: null,
      roles: [],
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    roleless = `bo_sid=${token}`;
  }, 60_000);
  afterAll(async () => t?.close());

  const asOperator = (method: 'GET' | 'POST', url: string, payload?: object, cookie = support.operatorCookie) =>
    t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
  const queue = async () => {
    const response = await asOperator('GET', BACK_OFFICE_API.afterDecisionQueue.route.url());
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AfterDecisionQueue>();
  };
  /** The application's page in the back office (it audits the view: read it after the audit's checks). */
  const detail = async (reference: string) => {
    const response = await asOperator('GET', BACK_OFFICE_API.application.route.url({ reference }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApplicationDetail>();
  };
  const entry = async (customer: Customer): Promise<MyApplication> => {
    const found = (await call(t, customer, 'GET', API.myApplications.pattern)).json<MyApplicationsAnswer>().applications.find((a) => a.reference === customer.reference);
    if (!found) throw new Error(`${customer.reference} is not on the page`);
    return found;
  };
  const audit = (reference: string) =>
    t.db.query<{ action: string; reason: string | null; operator_subject: string; detail: Record<string, unknown> | null }>(
      'SELECT action, reason, operator_subject, detail FROM audit_log WHERE target_id = $1 ORDER BY id',
      [reference],
    );
  const evidence = async (reference: string) =>
    (
      await t.db.query<{ kind: string }>(
        'SELECT e.kind FROM evidence_entries e JOIN applications a ON a.id = e.application_id WHERE a.reference = $1 ORDER BY e.seq',
        [reference],
      )
    ).map((row) => row.kind);

  /** A declined consumer who asked for a review; the sandbox's lender desk, which would answer it in seconds, is kept out. */
  async function reviewRequested(payload: object = { wants: ['explanation'] }): Promise<{ customer: Customer; review: ReviewView }> {
    const customer = await startConsumer(t, '01024924986', 1, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
    expect(submitted.json(), submitted.body).toMatchObject({ errorCode: 'APPLICATION_NOT_APPROVED' });
    await eventually(async () => (await entry(customer)).status === 'declined');
    const asked = await call(t, customer, 'POST', API.myReview.url({ reference: customer.reference }), payload);
    expect(asked.statusCode, asked.body).toBe(200);
    const cancelled = await t.db.query(
      `UPDATE ${t.app.jobs.schema}.job SET state = 'cancelled', completed_on = now()
        WHERE name = $1 AND state IN ('created', 'retry') AND data->>'reviewId' = (SELECT id::text FROM review_requests WHERE application_id = (SELECT id FROM applications WHERE reference = $2))
        RETURNING id`,
      [SANDBOX_LENDER_QUEUE, customer.reference],
    );
    expect(cancelled).toHaveLength(1);
    return { customer, review: asked.json<ReviewView>() };
  }

  it('lists review requests the soonest due first with their due dates, overdue said, and opens the customer\u2019s words only with a reason', async () => {
    const { customer, review } = await reviewRequested({
      wants: ['explanation', 'view'],
      view: 'Anmerkningen er slettet: gjelden ble betalt i oktober.',
      attachment: { filename: 'kvittering.png', contentType: 'image/png', contentBase64: PNG.toString('base64') },
    });
    const late = await reviewRequested();
    await t.db.query(`UPDATE review_requests SET due_at = now() - interval '1 day' WHERE reference = $1`, [late.review.reference]);

    const { reviews } = await queue();
    const ours = reviews.filter((r) => [review.reference, late.review.reference].includes(r.reference));
    expect(ours.map((r) => [r.reference, r.overdue])).toEqual([
      [late.review.reference, true],
      [review.reference, false],
    ]);
    const listed = ours[1];
    expect(listed).toMatchObject({
      applicationReference: customer.reference,
      merchantId: 'demo',
      merchantName: expect.any(String),
      countryCode: 'NO',
      status: 'in_review',
      wants: ['explanation', 'view'],
      attachment: { name: 'kvittering.png', type: 'image/png' },
    });
    // Due 30 days after it came.
    expect(new Date(listed?.dueAt ?? '').getTime() - new Date(listed?.createdAt ?? '').getTime()).toBeGreaterThan((REVIEW_ANSWER_DAYS * DAY_MS) - 60_000);
    expect(new Date(listed?.dueAt ?? '').getTime() - new Date(listed?.createdAt ?? '').getTime()).toBeLessThan((REVIEW_ANSWER_DAYS * DAY_MS) + 60_000);
    // The queue never carries the customer's own words.
    expect(JSON.stringify(reviews)).not.toContain('Anmerkningen');

    const contentUrl = BACK_OFFICE_API.reviewContent.route.url({ reference: customer.reference });
    expect((await asOperator('POST', contentUrl, {})).statusCode).toBe(400);
    const opened = await asOperator('POST', contentUrl, { reason: REASON });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const content = opened.json<ReviewContent>();
    expect(content).toMatchObject({ reference: review.reference, view: 'Anmerkningen er slettet: gjelden ble betalt i oktober.', attachment: { name: 'kvittering.png', type: 'image/png' } });
    expect(Buffer.from(content.attachment?.contentBase64 ?? '', 'base64').equals(PNG)).toBe(true);
    expect(await audit(customer.reference)).toEqual([
      { action: 'review.content_viewed', reason: REASON, operator_subject: subject, detail: { review: review.reference, view: true, attachment: true } },
    ]);

    // The application's page shows the open request, never the customer's words.
    const shown = await detail(customer.reference);
    expect(shown.afterDecision).toEqual({
      review: {
        reference: review.reference,
        status: 'in_review',
        wants: ['explanation', 'view'],
        createdAt: listed?.createdAt,
        dueAt: listed?.dueAt,
        overdue: false,
        attachment: { name: 'kvittering.png', type: 'image/png' },
        answer: null,
      },
      withdrawal: null,
    });
    expect(JSON.stringify(shown)).not.toContain('Anmerkningen');
    expect((await detail(late.customer.reference)).afterDecision.review?.overdue).toBe(true);
  }, 120_000);

  it('records the lender\u2019s answer once: the customer\u2019s page shows it, the audit log and the evidence hold it, and a second answer is refused', async () => {
    const { customer, review } = await reviewRequested();
    const url = BACK_OFFICE_API.answerReview.route.url({ reference: customer.reference });
    const answer = {
      outcome: 'upheld',
      factors: ['Det er registrert en betalingsanmerkning.', 'Gjelden er høy sammenlignet med inntekten.'],
      explanation: 'En saksbehandler har gått gjennom søknaden. Avgjørelsen blir stående.',
      reason: REASON,
    };

    // Refused: an operator without a back-office right, a call a cross-site form could make, no factor, no reason.
    expect((await asOperator('POST', url, answer, roleless)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: support.operatorCookie }, payload: answer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie: customer.cookie }, payload: answer })).statusCode).toBe(401);
    expect((await asOperator('POST', url, { ...answer, factors: [] })).statusCode).toBe(400);
    expect((await asOperator('POST', url, { ...answer, factors: Array.from({ length: 11 }, (_, i) => `Factor ${i}`) })).statusCode).toBe(400);
    expect((await asOperator('POST', url, { ...answer, reason: undefined })).statusCode).toBe(400);
    expect((await entry(customer)).review?.status).toBe('in_review');

    const answered = await asOperator('POST', url, answer);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<AfterDecisionQueue>().reviews.map((r) => r.reference)).not.toContain(review.reference);
    expect((await queue()).reviews.map((r) => r.reference)).not.toContain(review.reference);

    const page = await entry(customer);
    expect(page.review).toMatchObject({ status: 'answered', answer: { outcome: 'upheld', factors: answer.factors, explanation: answer.explanation } });
    expect(page.status).toBe('declined');
    const [stored] = await t.db.query<{ answered_by: string }>('SELECT answered_by FROM review_requests WHERE reference = $1', [review.reference]);
    expect(stored?.answered_by).toBe(subject);
    expect(await audit(customer.reference)).toEqual([
      { action: 'review.answered', reason: REASON, operator_subject: subject, detail: { review: review.reference, outcome: 'upheld', factors: 2 } },
    ]);
    expect(await evidence(customer.reference)).toContain('review.answered');

    const again = await asOperator('POST', url, { ...answer, outcome: 'changed' });
    expect(again.statusCode).toBe(409);
    expect((await entry(customer)).review?.answer?.outcome).toBe('upheld');
    expect((await audit(customer.reference)).filter((e) => e.action === 'review.answered')).toHaveLength(1);

    // Gone from the queue, still on the application's page with the answer and who recorded it.
    expect((await detail(customer.reference)).afterDecision.review).toMatchObject({
      reference: review.reference,
      status: 'answered',
      overdue: false,
      answer: { outcome: 'upheld', factors: answer.factors, explanation: answer.explanation, answeredBy: subject },
    });
  }, 120_000);

  it('approves the application again when the lender changed its decision', async () => {
    const { customer } = await reviewRequested();
    const answered = await asOperator('POST', BACK_OFFICE_API.answerReview.route.url({ reference: customer.reference }), {
      outcome: 'changed',
      factors: ['Anmerkningen er slettet.'],
      // Staff typed the customer's ID number: the answer is kept as typed, the mail masks it (it may carry none).
      explanation: 'En saksbehandler har vurdert søknaden for 010249 24986 på nytt og innvilger kreditten.',
      reason: REASON,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await t.app.repos.applications.findByReference(customer.reference))?.status).toBe('APPROVED');
    const changed = await entry(customer);
    expect(changed.review?.answer?.outcome).toBe('changed');
    // No way on to a signature the lender's declined payment cannot have (ADR 38): the answer says what comes next.
    expect(changed.continueUrl).toBeNull();
    // The application's page in the back office shows staff's words with the ID masked, as the mail does.
    const shown = (await detail(customer.reference)).afterDecision.review?.answer?.explanation ?? '';
    expect(shown).toContain('for •••••• ••••• på nytt');
    expect(JSON.stringify(await detail(customer.reference))).not.toMatch(/010249\s?24986/);
  }, 120_000);

  it('lists a withdrawal with its deadline and marks it handled at the lender once, audited and in the evidence', async () => {
    const customer = await startConsumer(t, '18087248794', 1, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await signAtResursV1(t, customer);
    await eventually(async () => ['signed', 'completed'].includes((await entry(customer)).status));
    const withdrawn = await call(t, customer, 'POST', API.myWithdrawal.url({ reference: customer.reference }), { confirm: true });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const withdrawal = withdrawn.json<WithdrawalView>();

    const listed = (await queue()).withdrawals.find((w) => w.reference === withdrawal.reference);
    expect(listed).toMatchObject({
      applicationReference: customer.reference,
      merchantId: 'demo',
      countryCode: 'NO',
      receivedAt: withdrawal.withdrawnAt,
      deadline: withdrawal.deadline,
      state: 'lender_queue',
    });

    expect((await detail(customer.reference)).afterDecision).toEqual({
      review: null,
      withdrawal: { reference: withdrawal.reference, receivedAt: withdrawal.withdrawnAt, deadline: withdrawal.deadline, state: 'lender_queue', lenderAction: listed?.lenderAction ?? null, handledAt: null, handledBy: null, note: null },
    });

    const url = BACK_OFFICE_API.handleWithdrawal.route.url({ reference: customer.reference });
    expect((await asOperator('POST', url, { reason: REASON }, roleless)).statusCode).toBe(403);
    expect((await asOperator('POST', url, { note: 'Repaid' })).statusCode).toBe(400);
    const handled = await asOperator('POST', url, { note: 'Repayment of the paid amount arranged with the shop', reason: REASON });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json<AfterDecisionQueue>().withdrawals.map((w) => w.reference)).not.toContain(withdrawal.reference);
    const [stored] = await t.db.query<{ state: string; handled_by: string; note: string }>('SELECT state, handled_by, note FROM withdrawals WHERE reference = $1', [withdrawal.reference]);
    expect(stored).toEqual({ state: 'done', handled_by: subject, note: 'Repayment of the paid amount arranged with the shop' });
    expect((await asOperator('POST', url, { reason: REASON })).statusCode).toBe(409);
    expect((await audit(customer.reference)).filter((e) => e.action === 'withdrawal.handled')).toEqual([
      { action: 'withdrawal.handled', reason: REASON, operator_subject: subject, detail: { withdrawal: withdrawal.reference, note: true } },
    ]);
    expect(await evidence(customer.reference)).toContain('withdrawal.handled');
    expect((await detail(customer.reference)).afterDecision.withdrawal).toMatchObject({
      state: 'done',
      handledAt: expect.any(String),
      handledBy: subject,
      note: 'Repayment of the paid amount arranged with the shop',
    });
  }, 120_000);

  it('answers 404 for an application without a review request or withdrawal', async () => {
    const customer = await startConsumer(t, '27028809552', 1, t.url);
    const answer = { outcome: 'upheld', factors: ['x'], explanation: 'y', reason: REASON };
    expect((await asOperator('POST', BACK_OFFICE_API.answerReview.route.url({ reference: customer.reference }), answer)).statusCode).toBe(404);
    expect((await asOperator('POST', BACK_OFFICE_API.handleWithdrawal.route.url({ reference: customer.reference }), { reason: REASON })).statusCode).toBe(404);
    expect((await asOperator('POST', BACK_OFFICE_API.reviewContent.route.url({ reference: 'no-such-reference' }), { reason: REASON })).statusCode).toBe(404);
    expect((await detail(customer.reference)).afterDecision).toEqual({ review: null, withdrawal: null });
  }, 60_000);
});
