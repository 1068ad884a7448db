import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/domain';
import { applicationsAnswer, flowApplication, recordLeaving, renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import { declinedApplication, MY_APPLICATIONS, myApplicationsAnswer } from '@/features/my-applications/testing/my-application';
import DeclinedPage from './declined';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FLOW = `GET ${API.applications.url()}`;
const renderPage = () => renderFlowPage(<DeclinedPage />, '/form/declined');

describe('the decline page (issue 32)', () => {
  it('says the lender decided automatically, with which data and agency, where free debt advice is in Norway, and offers a review by a person', async () => {
    const calls = serve({
      [FLOW]: applicationsAnswer(flowApplication({ status: 'DECLINED' })),
      [MY_APPLICATIONS]: myApplicationsAnswer(declinedApplication()),
      [`POST ${API.leave.url()}`]: { body: { redirectUrl: 'http://localhost/demo-shop/return?status=declined' } },
    });
    const leaving = recordLeaving();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Resurs Bank could not approve your application' })).toBeInTheDocument();
    expect(screen.getByText(/The decision was made automatically/)).toBeInTheDocument();
    expect(screen.getByText(/You may ask for a person at Resurs Bank to review the decision/)).toBeInTheDocument();
    expect(screen.getByText('Resurs Bank obtained a credit report from the credit reference agency Experian AS.')).toBeInTheDocument();
    const details = screen.getByTestId('decline-details');
    expect(within(details).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a credit report about you', 'your income', 'the debt register']);

    expect(screen.getByRole('link', { name: /^NAV's financial advice \(økonomi- og gjeldsrådgivning\)/ })).toHaveAttribute('href', 'https://www.nav.no/okonomi-og-gjeld');
    expect(screen.getByText(/55 55 33 39/)).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Request a review by a person' })).toHaveAttribute('href', '/my-applications/REF-123/review');
    expect(screen.getByRole('link', { name: 'Your applications' })).toHaveAttribute('href', '/my-applications');

    await userEvent.click(screen.getByRole('button', { name: 'Choose another way to pay' }));
    await waitFor(() => expect(leaving).toHaveBeenCalledWith('http://localhost/demo-shop/return?status=declined'));
    expect(calls.some((call) => call.method === 'POST' && call.url === API.leave.url())).toBe(true);
  });

  it("points a Swedish consumer to their municipality's budget and debt advice", async () => {
    serve({
      [FLOW]: applicationsAnswer(flowApplication({ status: 'DECLINED', customer: { countryCode: 'SE' }, loan: { ...flowApplication().loan, currency: 'SEK' } })),
      [MY_APPLICATIONS]: myApplicationsAnswer(declinedApplication({ countryCode: 'SE', currency: 'SEK' })),
    });
    renderPage();
    const link = await screen.findByRole('link', { name: /^the budget and debt advice service in your municipality \(contact details at konsumentverket\.se\)/ });
    expect(link).toHaveAttribute('href', 'https://www.konsumentverket.se/');
    expect(screen.getByText(/credit reference agency UC AB/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /NAV/ })).toBeNull();
  });

  it('shows where a review already asked for stands, instead of the way to ask', async () => {
    serve({
      [FLOW]: applicationsAnswer(flowApplication({ status: 'DECLINED' })),
      [MY_APPLICATIONS]: myApplicationsAnswer(
        declinedApplication({
          decline: { automated: true, creditAgency: null, dataCategories: [], debtAdviceUrl: 'https://www.nav.no/okonomi-og-gjeld', reviewAvailable: false },
          review: { reference: 'R-7K2M9QXD', status: 'in_review', wants: ['reassessment'], createdAt: '2026-11-21T08:00:00.000Z', sentToLenderAt: '2026-11-21T08:01:00.000Z' },
        }),
      ),
    });
    renderPage();
    const review = await screen.findByTestId('review-state');
    expect(within(review).getByText('With the lender')).toBeInTheDocument();
    expect(within(review).getByText(/Reference R-7K2M9QXD/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a review by a person' })).toBeNull();
    expect(screen.queryByText(/credit reference agency/)).toBeNull();
  });

  it('still says what happened and where advice is when the reasons cannot be loaded', async () => {
    serve({ [FLOW]: applicationsAnswer(flowApplication({ status: 'DECLINED' })), [MY_APPLICATIONS]: { status: 503, body: { status: 503, errorCode: 'WEB_SERVICE_DOWN', message: 'Down' } } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'The lender could not approve your application' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^NAV's financial advice/ })).toHaveAttribute('href', 'https://www.nav.no/okonomi-og-gjeld');
    expect(screen.getByRole('button', { name: 'Choose another way to pay' })).toBeInTheDocument();
  });

  it('sends an application that was not declined to the step it is at', async () => {
    serve({ [FLOW]: applicationsAnswer(flowApplication({ status: 'PENDING' })), [MY_APPLICATIONS]: myApplicationsAnswer() });
    renderPage();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/payment/loading/');
  });
});
