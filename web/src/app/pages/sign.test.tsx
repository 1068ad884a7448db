import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_WATCH_INTERVAL_MS } from '@portal/domain';
import type { SigningSessions } from '@/features/sign/api/signing-sessions';
import { SIGNING_WAIT_RETRY_MS } from '@/features/sign/hooks/use-signing-sessions';
import { type Answer, applicationsAnswer, flowApplication, recordLeaving, renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import SignPage from './sign';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderSign = () => renderFlowPage(<SignPage />, '/form/sign');
const terms = (title: string, html: string): Answer => ({ body: { termsType: 'COMMON', title, html } });
/** The key facts step (issue 31): the SECCI mailed, and the customer went on to the signature (or not yet). */
const keyFacts = (continued: boolean): Answer => ({
  body: {
    keyFacts: { lender: 'Resurs Bank', currency: 'NOK', creditAmount: 15000, termMonths: 36, numberOfPayments: 36, interestRate: 14.95, effectiveInterestRate: 27.6, costOfCredit: 3660, totalAmountPayable: 18660, monthlyPayment: 518.33, withdrawalDays: 14 },
    document: { title: 'SEF', url: '/api/loan-application/precontractual/secci.pdf', sha256: 'a'.repeat(64), bytes: 30000, lenderUrl: 'https://resurs.example/secci', sections: [] },
    mail: { state: 'sent', sentTo: 'kari@example.com', sentAt: '2026-11-28T10:00:00.000Z' },
    continued,
  },
});
const KEY_FACTS_DONE = { 'GET /api/loan-application/precontractual': keyFacts(true) };

/** GRENKE still deciding: the server answers the status, with no order to sign yet. */
const STILL_DECIDING: Answer = {
  body: { applicationStatus: 'SUBMITTED', orderId: null, packagingTaskId: null, packagingStatus: null, sessions: [], signedDocumentAvailable: false } satisfies SigningSessions,
};

describe('the sign page, Resurs version 1', () => {
  it('shows both individualised documents, safely, and signs with a new session at Resurs', async () => {
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication()),
      ...KEY_FACTS_DONE,
      'GET /api/loan-application/resurs/get-individualized-terms': (call) =>
        call.url.includes('ISEKKI_NEW_ACCOUNT')
          ? terms('Standardisert europeisk opplysningsskjema', '<section><h2>1. Kredittgiver</h2><p>Resurs Bank AB</p><script>alert(1)</script></section>')
          : terms('Generelle vilkår', '<ol><li>Kredittgrense 15 000 kr</li></ol>'),
      'POST /api/loan-application/resurs/create-signing-session': { body: { signingUrl: 'http://localhost/sandbox/resurs-v1/sign/REF-123', paymentId: 'PAY-123' } },
    });
    const leaving = recordLeaving();
    renderSign();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign your credit agreement' })).toBeInTheDocument();

    const secci = await screen.findByRole('button', { name: 'Standardisert europeisk opplysningsskjema' });
    await userEvent.click(secci);
    expect(secci).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { level: 4, name: '1. Kredittgiver' })).toBeInTheDocument();
    expect(screen.getByText('Resurs Bank AB')).toBeInTheDocument();
    expect(document.querySelector('main script, script:not([src])')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Generelle vilkår' }));
    expect(screen.getByText('Kredittgrense 15 000 kr')).toBeInTheDocument();
    // The lender's document is in the country's language, and says so.
    expect(screen.getByText('Kredittgrense 15 000 kr').closest('[lang]')).toHaveAttribute('lang', 'nb');

    await userEvent.click(screen.getByRole('button', { name: 'Sign with BankID' }));
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/create-signing-session'))).toBe(true);
    expect(leaving).toHaveBeenCalledWith('http://localhost/sandbox/resurs-v1/sign/REF-123');
  });

  it('shows a failed start with the way back to the shop', async () => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication()),
      ...KEY_FACTS_DONE,
      'GET /api/loan-application/resurs/get-individualized-terms': terms('Terms', '<p>x</p>'),
      'POST /api/loan-application/resurs/create-signing-session': { status: 503, body: { status: 503, errorCode: 'WEB_SERVICE_DOWN', message: '' } },
    });
    renderSign();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign with BankID' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The signing could not be started');
    expect(alert).toHaveTextContent('Bank services are unavailable. Please try again later.');
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeInTheDocument();
  });
});

describe('the sign page, over a rate limit', () => {
  const TOO_MANY: Answer = { status: 429, body: { status: 429, errorCode: 'TOO_MANY_REQUESTS', message: 'Too many requests' } };

  it('says to try again in 15 minutes when the Resurs signing start is refused as one too many', async () => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication()),
      ...KEY_FACTS_DONE,
      'GET /api/loan-application/resurs/get-individualized-terms': terms('Terms', '<p>x</p>'),
      'POST /api/loan-application/resurs/create-signing-session': TOO_MANY,
    });
    renderSign();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign with BankID' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 15 minutes.');
  });

  it('says so when the business contract’s signing start is refused as one too many', async () => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ loanProduct: { provider: 'GRENKE' }, version: 2, status: 'APPROVED', customer: { type: 'LEGAL', companyName: 'Nordlys Kontor AS' } })),
      'PATCH /api/loan-application/sign/b2b/sessions': TOO_MANY,
    });
    renderSign();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 15 minutes.');
  });
});

describe('the sign page, when the application turns final while it is open', () => {
  const CANCELLED = 'http://localhost/demo-shop/return?outcome=apply_cancelled&merchantPaymentReference=order-1';

  it('says the shop has cancelled it (checked every 15 s), with the way back to the shop', async () => {
    let status = 'TASK_REDIRECTION_REQUIRED';
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNING' })),
      ...KEY_FACTS_DONE,
      'GET /api/loan-application/resurs/get-individualized-terms': terms('Terms', '<p>Terms</p>'),
      'GET /api/loan-application/payment/status': () => ({ body: { paymentStatus: status, redirectUrl: CANCELLED } }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderSign();
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign your credit agreement' })).toBeInTheDocument();
      status = 'REJECTED';
      await act(() => vi.advanceTimersByTimeAsync(APPLICATION_WATCH_INTERVAL_MS));
      const heading = await screen.findByRole('heading', { level: 1, name: 'The shop has cancelled this application' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByRole('link', { name: 'Back to Demo shop' })).toHaveAttribute('href', CANCELLED);
      expect(screen.queryByRole('button', { name: 'Sign with BankID' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the sign page, Konsumentverket's warning", () => {
  it.each([
    ['a Swedish consumer', 'SE', 1],
    ['a Norwegian consumer', 'NO', 0],
  ] as const)('%s: %i warning', async (_name, countryCode, count) => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ customer: { countryCode } })),
      ...KEY_FACTS_DONE,
      'GET /api/loan-application/resurs/get-individualized-terms': terms('Terms', '<p>x</p>'),
    });
    renderSign();
    await screen.findByRole('button', { name: 'Sign with BankID' }, { timeout: 5000 });
    expect(document.querySelectorAll('[data-credit-warning]')).toHaveLength(count);
  });
});

describe('the sign page, before the key facts step', () => {
  it('sends a version 1 customer who has not had the SECCI mailed to the key facts, and offers no signature', async () => {
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication()),
      'GET /api/loan-application/precontractual': keyFacts(false),
      'GET /api/loan-application/resurs/get-individualized-terms': terms('Terms', '<p>x</p>'),
    });
    renderSign();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/key-facts');
    expect(calls.some((call) => call.url.endsWith('/create-signing-session'))).toBe(false);
  });
});

describe('the sign page sends an application that is not at signing to its step', () => {
  it.each([
    ['Resurs version 2, before Resurs\' task page', flowApplication({ version: 2, status: 'SIGNING' }), '/form/key-facts'],
    ['Resurs version 2, signed and with Resurs', flowApplication({ version: 2, status: 'SIGNED' }), '/form/payment/loading/demo/order-1'],
    ['not submitted yet', flowApplication({ status: 'CREATED' }), '/REF-123'],
    ['signed and frozen', flowApplication({ status: 'PENDING' }), '/form/payment/loading/demo/order-1'],
    ['declined by GRENKE', flowApplication({ loanProduct: { provider: 'GRENKE' }, version: 2, status: 'DECLINED' }), '/form/payment/loading/demo/order-1'],
  ])('%s', async (_name, application, page) => {
    serve({ 'GET /api/loan-application': applicationsAnswer(application) });
    renderSign();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(page);
  });
});

describe('the sign page, business contract (GRENKE)', () => {
  const business = (status: 'SUBMITTED' | 'APPROVED' | 'SIGNING' | 'DECLINED' = 'SIGNING') =>
    flowApplication({ loanProduct: { provider: 'GRENKE' }, version: 2, status, customer: { type: 'LEGAL', companyName: 'Nordlys Kontor AS' } });
  const sessions = (status: SigningSessions['sessions'][number]['status'], packaged = false): Answer => ({
    body: {
      applicationStatus: status === 'COMPLETED' ? (packaged ? 'COMPLETED' : 'SIGNED') : 'SIGNING',
      orderId: 'order-9',
      packagingTaskId: 'signed-contract',
      packagingStatus: packaged ? 'COMPLETED' : 'CREATED',
      sessions: [{ taskId: 'task-1', name: 'Kari Nordmann', status, signingUrl: 'http://localhost/sandbox/signing/sign/order-9/task-1' }],
      signedDocumentAvailable: packaged,
    } satisfies SigningSessions,
  });

  it('refreshes the sessions when it loads, and offers signing for an open one', async () => {
    const calls = serve({ 'GET /api/loan-application': applicationsAnswer(business()), 'PATCH /api/loan-application/sign/b2b/sessions': sessions('CREATED') });
    renderSign();
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Kari Nordmann');
    expect(within(item).getByText('Waiting for signature')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Sign with BankID' })).toHaveAttribute('href', 'http://localhost/sandbox/signing/sign/order-9/task-1');
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText(/^Status updated/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2);
  });

  it.each([
    ['REJECTED', 'Declined'],
    ['EXPIRED', 'Expired'],
    ['DELETED', 'Withdrawn'],
  ] as const)('says when a session is %s, with no way to sign it and the way back to the shop', async (status, words) => {
    serve({ 'GET /api/loan-application': applicationsAnswer(business()), 'PATCH /api/loan-application/sign/b2b/sessions': sessions(status) });
    renderSign();
    expect(await screen.findByRole('heading', { level: 1, name: 'The contract could not be signed' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem')).getByText(words)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign with BankID' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeInTheDocument();
  });

  it('once everyone has signed: the signed contract to download, and on to the shop', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(business()), 'PATCH /api/loan-application/sign/b2b/sessions': sessions('COMPLETED', true) });
    renderSign();
    expect(await screen.findByRole('heading', { level: 1, name: 'The contract is signed' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem')).getByText('Signed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the signed contract (PDF)' })).toHaveAttribute(
      'href',
      '/api/loan-application/sign/signed-document?signingRef=order-9&packagingTaskId=signed-contract',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/payment/loading/demo/order-1');
  });

  it('waits while GRENKE decides, asking again by itself, then lists the sessions', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let decided = false;
    serve({
      'GET /api/loan-application': applicationsAnswer(business('SUBMITTED')),
      'PATCH /api/loan-application/sign/b2b/sessions': () => (decided ? sessions('CREATED') : STILL_DECIDING),
    });
    renderSign();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application is being assessed' })).toBeInTheDocument();
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('Waiting for the decision…');
    decided = true;
    await act(() => vi.advanceTimersByTimeAsync(SIGNING_WAIT_RETRY_MS));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign the leasing contract' })).toHaveFocus();
    // The region that was there while waiting carries the news, not only the focused heading.
    expect(region).toBeInTheDocument();
    expect(region).toHaveTextContent('The application is approved: the leasing contract is ready to sign.');
  });

  it('sends the customer on when GRENKE declines while the page waits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'SUBMITTED' | 'DECLINED' = 'SUBMITTED';
    serve({
      'GET /api/loan-application': () => applicationsAnswer(business(status)),
      'PATCH /api/loan-application/sign/b2b/sessions': STILL_DECIDING,
    });
    renderSign();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application is being assessed' })).toBeInTheDocument();
    status = 'DECLINED';
    await act(() => vi.advanceTimersByTimeAsync(SIGNING_WAIT_RETRY_MS));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/payment/loading/demo/order-1');
  });
});
