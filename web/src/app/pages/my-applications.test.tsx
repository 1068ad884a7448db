import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/domain';
import { recordLeaving, renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import { declinedApplication, MY_APPLICATIONS, myApplication, myApplicationsAnswer, UNIDENTIFIED } from '@/features/my-applications/testing/my-application';
import { formatDateTime } from '@/lib/format';
import MyApplicationsPage from './my-applications';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = (path = '/my-applications') => renderFlowPage(<MyApplicationsPage />, path, '/my-applications');
const cards = () => screen.getAllByTestId('my-application');
const SECCI = { kind: 'secci', url: '/api/loan-application/my-applications/REF-NEW/documents/secci', sha256: 'ab'.repeat(32) } as const;

describe("the customer's own page (issue 32)", () => {
  it('lists every application newest first, with the status in words, its documents and the way on', async () => {
    serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(
        declinedApplication({ reference: 'REF-OLD', merchantName: 'Old shop', createdAt: '2026-10-01T09:00:00.000Z' }),
        myApplication({ reference: 'REF-NEW', merchantName: 'New shop', createdAt: '2026-11-20T10:00:00.000Z', documents: [SECCI] }),
        myApplication({ reference: 'REF-MID', merchantName: 'Middle shop', createdAt: '2026-11-01T10:00:00.000Z', status: 'open', concludedAt: null, continueUrl: '/loan-subscription/REF-MID', withdrawal: { available: false, deadline: null, unavailableBecause: 'not_concluded', withdrawnAt: null, reference: null } }),
      ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your applications, Kari Nordmann' })).toBeInTheDocument();
    expect(cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['New shop', 'Middle shop', 'Old shop']);
    const [newest, middle, oldest] = cards() as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(newest).getByText('Concluded')).toBeInTheDocument();
    expect(within(newest).getByText('Resurs Bank')).toBeInTheDocument();
    expect(within(newest).getByText(/15,000\.00/)).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: /^Pre-contractual information \(SECCI\), PDF/ })).toHaveAttribute('href', SECCI.url);
    expect(within(newest).getByText(`You can withdraw until ${formatDateTime('2026-12-04T22:59:59.999Z', 'en')}.`)).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: 'Withdraw from the agreement' })).toHaveAttribute('href', '/my-applications/REF-NEW/withdraw');

    expect(within(middle).getByText('Not finished')).toBeInTheDocument();
    // The address as the server names it: the same in the server's render of the page and here (ADR 26).
    expect(within(middle).getByRole('link', { name: 'Continue your application' })).toHaveAttribute('href', '/loan-subscription/REF-MID');
    expect(within(middle).queryByRole('link', { name: 'Withdraw from the agreement' })).toBeNull();

    expect(within(oldest).getByText('Not approved')).toBeInTheDocument();
    expect(within(oldest).getByText(/made automatically/)).toBeInTheDocument();
    expect(within(oldest).getByRole('link', { name: 'Request a review by a person' })).toHaveAttribute('href', '/my-applications/REF-OLD/review');
    expect(within(oldest).queryByRole('link', { name: 'Withdraw from the agreement' })).toBeNull();
  });

  it("shows a review's answer: the outcome in words, the main factors and the lender's explanation", async () => {
    serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(
        declinedApplication({
          decline: { automated: true, creditAgency: 'Experian AS', dataCategories: ['income'], debtAdviceUrl: 'https://www.nav.no/okonomi-og-gjeld', reviewAvailable: false },
          review: {
            reference: 'R-7K2M9QXD',
            status: 'answered',
            wants: ['explanation'],
            createdAt: '2026-11-21T08:00:00.000Z',
            sentToLenderAt: '2026-11-21T08:01:00.000Z',
            answer: { outcome: 'upheld', factors: ['Income too low for the amount', 'Existing credit'], explanation: 'We looked at it again.', answeredAt: '2026-11-25T12:00:00.000Z' },
          },
        }),
      ),
    });
    renderPage();
    const review = await screen.findByTestId('review-state');
    expect(within(review).getByText('Answered')).toBeInTheDocument();
    expect(within(review).getByText('The decision stands')).toBeInTheDocument();
    expect(within(review).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Income too low for the amount', 'Existing credit']);
    expect(within(review).getByText('We looked at it again.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a review by a person' })).toBeNull();
  });

  it('says why there is no withdrawal: a company lease, the period over, already withdrawn', async () => {
    serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(
        myApplication({ reference: 'REF-A', merchantName: 'Shop A', customerType: 'LEGAL', withdrawal: { available: false, deadline: null, unavailableBecause: 'business', withdrawnAt: null, reference: null } }),
        myApplication({ reference: 'REF-B', merchantName: 'Shop B', createdAt: '2026-11-19T10:00:00.000Z', withdrawal: { available: false, deadline: '2026-11-10T22:59:59.999Z', unavailableBecause: 'period_over', withdrawnAt: null, reference: null } }),
        myApplication({ reference: 'REF-C', merchantName: 'Shop C', createdAt: '2026-11-18T10:00:00.000Z', status: 'withdrawn', withdrawal: { available: false, deadline: '2026-12-02T22:59:59.999Z', unavailableBecause: 'withdrawn', withdrawnAt: '2026-11-22T14:05:00.000Z', reference: 'W-4F7Q2' } }),
      ),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/A company's lease has no statutory right of withdrawal/)).toBeInTheDocument();
    expect(screen.getByText(`The withdrawal period ended on ${formatDateTime('2026-11-10T22:59:59.999Z', 'en')}.`)).toBeInTheDocument();
    expect(screen.getByText(`You withdrew from the agreement on ${formatDateTime('2026-11-22T14:05:00.000Z', 'en')}. Reference W-4F7Q2.`)).toBeInTheDocument();
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Withdraw from the agreement' })).toBeNull();
  });

  it('offers no way on to an address outside the app', async () => {
    serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(
        myApplication({ reference: 'REF-A', status: 'open', continueUrl: 'https://elsewhere.example/loan-subscription/REF-A' }),
        myApplication({ reference: 'REF-B', status: 'open', continueUrl: 'javascript:alert(1)' }),
      ),
    });
    renderPage();
    await screen.findAllByTestId('my-application');
    expect(screen.queryByRole('link', { name: 'Continue your application' })).toBeNull();
  });

  it('says so plainly when there are no applications', async () => {
    serve({ [MY_APPLICATIONS]: myApplicationsAnswer() });
    renderPage();
    expect(await screen.findByText('You have no applications with financing through this service.')).toBeInTheDocument();
    expect(screen.queryByTestId('my-application')).toBeNull();
  });

  it('asks a person nobody has identified for the country of their BankID, none chosen, and starts BankID back to this page', async () => {
    const broker = 'http://localhost/sandbox/bankid/auth?state=s';
    const calls = serve({ [MY_APPLICATIONS]: UNIDENTIFIED, [`POST ${API.bankIdStart.url({ country: 'se' })}`]: { body: { authorizationUrl: broker } } });
    const leaving = recordLeaving();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your applications' })).toBeInTheDocument();
    const sweden = screen.getByRole('radio', { name: 'Sweden' });
    const norway = screen.getByRole('radio', { name: 'Norway' });
    expect(sweden).not.toBeChecked();
    expect(norway).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Which country is your BankID from?' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Identify with BankID' }));
    expect(screen.getByText('Choose the country your BankID is from.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(sweden);
    await userEvent.click(screen.getByRole('button', { name: 'Identify with BankID' }));
    await waitFor(() => expect(leaving).toHaveBeenCalledWith(broker));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/loan-application/auth/bankid/se', body: { then: 'my-applications', lang: 'en' } });
  });

  it("takes the country the address names as the BankID's", async () => {
    serve({ [MY_APPLICATIONS]: UNIDENTIFIED });
    renderPage('/my-applications?countryCode=NO');
    expect(await screen.findByRole('radio', { name: 'Norway' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sweden' })).not.toBeChecked();
  });

  it('says so when the person comes back from BankID without an identification, with the country kept to try again', async () => {
    serve({ [MY_APPLICATIONS]: UNIDENTIFIED });
    renderPage('/my-applications?countryCode=SE&identification=cancelled');
    expect(await screen.findByText('The identification was not completed. You can try again.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sweden' })).toBeChecked();
    cleanup();
    renderPage('/my-applications');
    await screen.findByRole('radio', { name: 'Norway' });
    expect(screen.queryByText(/not completed/)).toBeNull();
  });
});
