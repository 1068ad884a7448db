import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrecontractualAnswer } from '@portal/domain';
import { type Answer, applicationsAnswer, flowApplication, recordLeaving, renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import KeyFactsPage from './key-facts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const KEY_FACTS: PrecontractualAnswer['keyFacts'] = {
  lender: 'Resurs Bank',
  currency: 'NOK',
  creditAmount: 15000,
  termMonths: 36,
  numberOfPayments: 36,
  interestRate: 14.95,
  effectiveInterestRate: 27.62,
  costOfCredit: 3660.12,
  totalAmountPayable: 18660.12,
  monthlyPayment: 518.34,
  withdrawalDays: 14,
};
const DOCUMENT = { title: 'Standardisert europeisk opplysningsskjema om forbrukerkreditt (SEF)', url: '/api/loan-application/precontractual/secci.pdf', sha256: 'ab'.repeat(32), bytes: 31_000, lenderUrl: 'https://resurs.example/secci?amount=15000', sections: [{ kind: 'heading', text: '1. Kredittgiver' }, { kind: 'paragraph', text: 'Resurs Bank AB, Helsingborg' }] };
const step = (mail: PrecontractualAnswer['mail'], continued = false): Answer => ({ body: { keyFacts: KEY_FACTS, ...(mail ? { document: DOCUMENT, mail } : {}), continued } });
const SENT = { state: 'sent', sentTo: 'kari.nordmann@example.com', sentAt: '2026-11-28T10:02:00.000Z' } as const;
const renderStep = () => renderFlowPage(<KeyFactsPage />, '/form/key-facts');
const continueButton = () => screen.getByRole('button', { name: /^Continue to/ });

describe('the key facts step (issue 31)', () => {
  it("shows every key fact in one card at one size and weight, has the SECCI mailed once, and opens the way on once it went", async () => {
    let mail: PrecontractualAnswer['mail'] = undefined;
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNING' })),
      'GET /api/loan-application/precontractual': () => step(mail),
      'POST /api/loan-application/precontractual': () => {
        mail = { state: 'queued', sentTo: SENT.sentTo, sentAt: null };
        return step(mail);
      },
    });
    renderStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Information about your credit' }, { timeout: 5000 })).toBeInTheDocument();
    const card = await screen.findByTestId('key-facts', {}, { timeout: 5000 });
    for (const label of ['Lender', 'Amount of credit', 'Duration', 'Borrowing rate (fixed, per year)', 'Annual percentage rate (APR)', 'Total amount payable', 'Total cost of the credit', 'Payments', 'Right of withdrawal']) {
      expect(within(card).getByText(label)).toBeInTheDocument();
    }
    expect(within(card).getByText(/^27\.62\s?%$/)).toBeInTheDocument();
    expect(within(card).getByText('14 days from signing')).toBeInTheDocument();
    const classes = new Set([...card.querySelectorAll('[data-secci-value]')].map((value) => value.className));
    expect(classes.size).toBe(1);
    // No control hides an item.
    expect(within(card).queryByRole('button')).toBeNull();

    // The first visit has the mail sent; the way on waits for it.
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST' && call.url.endsWith('/precontractual'))).toHaveLength(1));
    expect(await screen.findByText(/Sending the information to kari\.nordmann@example\.com/)).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription('You can continue once the e-mail with the information has been sent.');

    mail = SENT;
    expect(await screen.findByText('We have e-mailed you the information', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText(/^Sent to kari\.nordmann@example\.com/)).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: /\(PDF, 30 kB\)/ })).toHaveAttribute('href', DOCUMENT.url);
    expect(calls.filter((call) => call.method === 'POST' && call.url.endsWith('/precontractual'))).toHaveLength(1);

    // The lender's own words beneath the card, in the lender's language, to open and read.
    const full = screen.getByRole('button', { name: DOCUMENT.title });
    await userEvent.click(full);
    expect(screen.getByRole('heading', { level: 4, name: '1. Kredittgiver' }).closest('[lang]')).toHaveAttribute('lang', 'nb');
    expect(screen.getByText('Resurs Bank AB, Helsingborg')).toBeInTheDocument();
  });

  it('says a mail that failed, and sends it again on request', async () => {
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNING' })),
      'GET /api/loan-application/precontractual': step({ state: 'failed', sentTo: SENT.sentTo, sentAt: null }),
      'POST /api/loan-application/precontractual': step({ state: 'queued', sentTo: SENT.sentTo, sentAt: null }),
    });
    renderStep();
    expect(await screen.findByText('The e-mail could not be sent', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/precontractual'))).toBe(true));
  });

  it("sends a version 2 customer on to Resurs' signing page from here", async () => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ version: 2, status: 'SIGNING' })),
      'GET /api/loan-application/precontractual': step(SENT),
      'POST /api/loan-application/precontractual/continue': { body: { url: 'http://localhost/sandbox/resurs-v2/task/PAY-1' } },
    });
    const leaving = recordLeaving();
    renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Resurs Bank to sign' }, { timeout: 5000 }));
    await waitFor(() => expect(leaving).toHaveBeenCalledWith('http://localhost/sandbox/resurs-v2/task/PAY-1'));
  });

  it("shows Konsumentverket's warning on a Swedish consumer's credit, and none in Norway", async () => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNING', customer: { countryCode: 'SE' } })),
      'GET /api/loan-application/precontractual': step(SENT),
    });
    renderStep();
    await screen.findByTestId('key-facts', {}, { timeout: 5000 });
    expect(document.querySelector('[data-credit-warning]')).not.toBeNull();
  });

  it('sends a company lease, which has no such step, to its own step', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ loanProduct: { provider: 'GRENKE' }, version: 2, status: 'APPROVED', customer: { type: 'LEGAL', companyName: 'Nordlys Kontor AS' } })) });
    renderStep();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/sign');
  });
});
