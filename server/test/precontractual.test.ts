import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type PrecontractualAnswer, TEST_PEOPLE } from '@portal/domain';
import { ENGINES, startTestServer, type TestApp } from './helpers';
import { call, type Customer, eventually, press, startBusiness, startConsumer, throughKeyFacts } from './flow-helpers';

/**
 * The pre-contractual information step (issue 31, item 1): before a consumer can be bound (the
 * signature with Resurs, versions 1 and 2) the key facts are shown, the lender's SECCI is mailed
 * as a PDF to the customer's address (over SMTP, to the sandbox's mailbox), and the signature is
 * refused until that mail went. The mail links back to the same step.
 */
describe.each(ENGINES)('pre-contractual information on %s', (engine) => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => t.close());

  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const state = async (customer: Customer) => (await call(t, customer, 'GET', API.precontractual.pattern)).json<PrecontractualAnswer>();
  const signingStart = (customer: Customer) =>
    call(t, customer, 'POST', API.resursCreateSigningSession.pattern, { successUrl: `${t.url}${API.signSuccess.url()}`, failUrl: '/loan-subscription/form/sign/fail' });

  /** The sandbox mailbox's messages about an application (by its link back), as its pages show them. */
  async function mailbox(reference: string): Promise<{ id: string; page: string }[]> {
    const list = await (await fetch(`${t.url}/sandbox/mail/`)).text();
    const ids = [...new Set([...list.matchAll(/\/sandbox\/mail\/messages\/([\w-]+)/g)].map((m) => m[1] as string))];
    const pages = await Promise.all(ids.map(async (id) => ({ id, page: await (await fetch(`${t.url}/sandbox/mail/messages/${id}`)).text() })));
    return pages.filter(({ page }) => page.includes(`/loan-subscription/${reference}`));
  }

  it('refuses the version 1 signature until the SECCI was mailed, then mails it with the PDF and a link back', async () => {
    const person = TEST_PEOPLE.find((p) => p.nationalId === '18087248794');
    const customer = await startConsumer(t, '18087248794', 1, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // Straight to the signature: refused, and the customer is told why.
    const early = await signingStart(customer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'PRECONTRACTUAL_INFORMATION_PENDING' });
    const tooSoon = await call(t, customer, 'POST', API.precontractualContinue.pattern);
    expect(tooSoon.json()).toMatchObject({ errorCode: 'PRECONTRACTUAL_INFORMATION_PENDING' });

    // The key facts are the lender's figures for this credit.
    const before = await state(customer);
    const list = (await call(t, customer, 'GET', API.applications.pattern)).json<{ loanApplications: { loan: { interestRate: number; effectiveInterestRate: number; totalAmount: number; totalMonthlyPayment: number; loanAmount: number; loanPeriod: number } }[] }>();
    const loan = list.loanApplications[0]?.loan;
    expect(before.keyFacts).toMatchObject({
      lender: 'Resurs Bank',
      creditAmount: loan?.loanAmount,
      termMonths: loan?.loanPeriod,
      interestRate: loan?.interestRate,
      effectiveInterestRate: loan?.effectiveInterestRate,
      totalAmountPayable: loan?.totalAmount,
      monthlyPayment: loan?.totalMonthlyPayment,
      withdrawalDays: 14,
    });
    expect(before.mail).toBeUndefined();

    const url = await throughKeyFacts(t, customer);
    expect(url).toBe('/loan-subscription/form/sign');
    const after = await state(customer);
    expect(after).toMatchObject({ continued: true, mail: { state: 'sent', sentTo: person?.email } });
    // Resurs serves its SECCI as a web page: its words, in order, are shown beneath the card too.
    expect(after.document?.sections.some((section) => section.kind === 'heading')).toBe(true);
    expect(after.document?.sections.length).toBeGreaterThan(3);

    // The PDF the page offers is the one mailed, byte for byte.
    const pdf = await t.app.inject({ method: 'GET', url: API.precontractualDocument.pattern, headers: { cookie: customer.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(pdf.rawPayload)).toBe(after.document?.sha256);

    const [mail] = await mailbox(customer.reference);
    expect(mail, 'the mail in the sandbox mailbox').toBeDefined();
    const attachment = await fetch(`${t.url}/sandbox/mail/messages/${mail?.id}/attachments/0`);
    expect(attachment.headers.get('content-type')).toContain('application/pdf');
    expect(sha256(new Uint8Array(await attachment.arrayBuffer()))).toBe(after.document?.sha256);
    // The link back to the same step: the application's own address.
    expect(mail?.page).toContain(`${t.url}/loan-subscription/${customer.reference}`);
    expect(mail?.page).not.toContain('18087248794');

    // Now the signature can start.
    const session = await signingStart(customer);
    expect(session.statusCode, session.body).toBe(200);
  });

  it('sends version 2 to the key facts after the submit, and to Resurs only once the SECCI went', async () => {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ decision: 'TASK_REDIRECTION_REQUIRED', callBackUrl: `${t.url}/loan-subscription/form/key-facts` });
    const early = await call(t, customer, 'POST', API.precontractualContinue.pattern);
    expect(early.statusCode).toBe(409);

    const taskUrl = await throughKeyFacts(t, customer);
    expect(taskUrl).toMatch(/\/sandbox\/resurs-v2\/task\//);
    expect((await press(`${taskUrl}/approve`)).status).toBe(303);
    // Sent once: a second provide neither fetches nor mails again.
    const again = await call(t, customer, 'POST', API.precontractual.pattern);
    expect(again.statusCode).toBe(200);
    expect(await mailbox(customer.reference)).toHaveLength(1);
  });

  it('has no SECCI step for a company lease', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    const answer = await call(t, customer, 'GET', API.precontractual.pattern);
    expect(answer.statusCode).toBe(404);
  });

  it('records what the key facts showed and which SECCI was sent in the evidence', async () => {
    const customer = await startConsumer(t, '27028809552', 2, t.url);
    await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    await throughKeyFacts(t, customer);
    const { document } = await state(customer);
    const application = await t.app.repos.applications.findByReference(customer.reference);
    const rows = await t.app.db.query<{ kind: string; body: string }>('SELECT kind, body FROM evidence_entries WHERE application_id = $1 ORDER BY seq', [application?.id ?? '']);
    const shown = rows.find((row) => row.kind === 'shown' && row.body.includes('"key-facts"'));
    expect(shown?.body).toContain(document?.sha256);
    await eventually(async () => {
      const sent = await t.app.db.query<{ body: string }>("SELECT body FROM evidence_entries WHERE application_id = $1 AND kind = 'mail.sent'", [application?.id ?? '']);
      return sent.length === 1;
    });
  });
});
