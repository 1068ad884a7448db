import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AfterDecisionQueue, BACK_OFFICE_API, type QueueReview, type QueueWithdrawal } from '@portal/domain';
import { i18n } from '@/lib/i18n';
import { loadLanguage } from '../i18n';
import { QueuePage } from './queue';

const renderConsole = (ui: ReactElement) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </SWRConfig>,
  );

const review = (overrides: Partial<QueueReview>): QueueReview => ({
  reference: 'R-7K2M9QXD',
  applicationReference: 'app-ref-1',
  merchantId: 'demo',
  merchantName: 'Demobutikken',
  countryCode: 'NO',
  status: 'in_review',
  wants: ['explanation', 'reassessment'],
  createdAt: '2026-11-01T10:00:00Z',
  dueAt: '2026-12-01T10:00:00Z',
  overdue: false,
  attachment: { name: 'kvittering.png', type: 'image/png' },
  ...overrides,
});

const overdue = review({ reference: 'R-OVERDUE1', applicationReference: 'app-ref-0', dueAt: '2026-11-20T10:00:00Z', overdue: true, attachment: null, wants: ['view'] });
const onTime = review({});

const withdrawal: QueueWithdrawal = {
  reference: 'W-4H8N2PLC',
  applicationReference: 'app-ref-2',
  merchantId: 'demo',
  merchantName: 'Demobutikken',
  countryCode: 'SE',
  receivedAt: '2026-11-25T09:00:00Z',
  deadline: '2026-12-06T22:59:59.999Z',
  state: 'lender_queue',
  lenderAction: 'open-amount-cancelled',
};

const queueOf = (reviews: QueueReview[], withdrawals: QueueWithdrawal[]): AfterDecisionQueue => ({ reviews, withdrawals, limit: 200 });

/** The back office answering: the queue, then each POST's answer in turn. */
function serve(initial: AfterDecisionQueue, posts: { status: number; body: unknown }[] = []) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return answer(200, initial);
      const next = posts.shift() ?? { status: 500, body: {} };
      return answer(next.status, next.body);
    }),
  );
  return calls;
}

describe('the back office\u2019s reviews and withdrawals', () => {
  beforeAll(async () => {
    await loadLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the review requests with their due dates, the overdue one said in words, and the withdrawals with their deadlines', async () => {
    serve(queueOf([overdue, onTime], [withdrawal]));
    renderConsole(<QueuePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews and withdrawals' })).toBeInTheDocument();

    const reviews = within(screen.getByRole('region', { name: 'Review requests' })).getAllByTestId('queue-review');
    expect(reviews.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(['Review request R-OVERDUE1', 'Review request R-7K2M9QXD']);
    const [late, due] = reviews;
    if (!late || !due) throw new Error('two reviews expected');
    expect(within(late).getByTestId('due')).toHaveTextContent('Overdue');
    expect(within(due).getByTestId('due')).not.toHaveTextContent('Overdue');
    expect(within(due).getByTestId('due')).toHaveTextContent(new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(onTime.dueAt)));
    expect(due).toHaveTextContent('An explanation of the decision');
    expect(due).toHaveTextContent('A new assessment by a person');
    expect(due).toHaveTextContent('kvittering.png (image/png)');
    expect(due).toHaveTextContent('Norway');
    expect(within(due).getByRole('link', { name: 'app-ref-1' })).toBeInTheDocument();
    // No outcome is chosen for the operator.
    for (const radio of within(due).getAllByRole('radio')) expect(radio).not.toBeChecked();

    const [item] = within(screen.getByRole('region', { name: 'Withdrawals' })).getAllByTestId('queue-withdrawal');
    if (!item) throw new Error('a withdrawal expected');
    expect(within(item).getByRole('heading', { level: 3 })).toHaveTextContent('Withdrawal W-4H8N2PLC');
    expect(within(item).getByTestId('deadline')).toHaveTextContent(new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(withdrawal.deadline)));
    expect(item).toHaveTextContent("Waiting for the lender's staff");
    expect(item).toHaveTextContent('The amount not yet paid to the shop was cancelled');
  });

  it('asks for an outcome first, then posts the answer with the factors one per line, and says it is recorded', async () => {
    const calls = serve(queueOf([onTime], []), [{ status: 200, body: queueOf([], []) }]);
    renderConsole(<QueuePage />);
    const item = await screen.findByTestId('queue-review');
    await userEvent.type(within(item).getByRole('textbox', { name: /Main factors of the assessment/ }), 'A payment remark is registered.{enter}{enter}  Debt is high compared with income.  ');
    await userEvent.type(within(item).getByRole('textbox', { name: /Explanation to the customer/ }), 'A case officer went through the application. The decision stands.');
    await userEvent.type(within(item).getByRole('textbox', { name: /Reason for the audit log \(R-7K2M9QXD\)/ }), 'Answer from the credit desk');
    await userEvent.click(within(item).getByRole('button', { name: 'Record the answer' }));
    expect(within(item).getByText('Choose an outcome.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.click(within(item).getByRole('radio', { name: 'The decision stands' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Record the answer' }));
    expect(await screen.findByText('The answer to R-7K2M9QXD is recorded. The customer is told on their own page and by e-mail.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: BACK_OFFICE_API.answerReview.route.url({ reference: 'app-ref-1' }),
        body: {
          outcome: 'upheld',
          factors: ['A payment remark is registered.', 'Debt is high compared with income.'],
          explanation: 'A case officer went through the application. The decision stands.',
          reason: 'Answer from the credit desk',
        },
      },
    ]);
    expect(screen.queryByTestId('queue-review')).toBeNull();
    expect(screen.getByText('No review request is waiting.')).toBeInTheDocument();
  });

  it('says so when the request was answered already, and keeps what was written', async () => {
    serve(queueOf([onTime], []), [{ status: 409, body: { status: 409, errorCode: 'REQUEST_ERROR', message: 'Conflict' } }]);
    renderConsole(<QueuePage />);
    const item = await screen.findByTestId('queue-review');
    await userEvent.click(within(item).getByRole('radio', { name: 'The decision is changed: the credit is approved' }));
    await userEvent.type(within(item).getByRole('textbox', { name: /Main factors/ }), 'The remark was removed.');
    await userEvent.type(within(item).getByRole('textbox', { name: /Explanation to the customer/ }), 'Approved after a new assessment.');
    await userEvent.type(within(item).getByRole('textbox', { name: /Reason for the audit log/ }), 'Answer from the credit desk');
    await userEvent.click(within(item).getByRole('button', { name: 'Record the answer' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('This request has already been answered. The first answer stands.');
    expect(within(item).getByRole('textbox', { name: /Explanation to the customer/ })).toHaveValue('Approved after a new assessment.');
  });

  it('opens the customer\u2019s view only after a reason is given', async () => {
    const calls = serve(queueOf([onTime], []), [
      { status: 200, body: { reference: onTime.reference, view: 'The remark was paid in October.\nI have a new job.', attachment: null } },
    ]);
    renderConsole(<QueuePage />);
    const item = await screen.findByTestId('queue-review');
    expect(within(item).queryByTestId('review-content')).toBeNull();
    await userEvent.type(within(item).getByRole('textbox', { name: /Why are you opening them\? \(R-7K2M9QXD\)/ }), 'Handling the review request');
    await userEvent.click(within(item).getByRole('button', { name: 'Open the view and document' }));
    expect(await within(item).findByTestId('review-content')).toHaveTextContent('The remark was paid in October.');
    expect(within(item).getByTestId('review-content')).toHaveTextContent('There is no document');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: BACK_OFFICE_API.reviewContent.route.url({ reference: 'app-ref-1' }), body: { reason: 'Handling the review request' } },
    ]);
  });

  it('marks a withdrawal handled with its note and reason', async () => {
    const calls = serve(queueOf([], [withdrawal]), [{ status: 200, body: queueOf([], []) }]);
    renderConsole(<QueuePage />);
    const item = await screen.findByTestId('queue-withdrawal');
    await userEvent.type(within(item).getByRole('textbox', { name: /^Note/ }), 'Repayment arranged with the shop');
    await userEvent.type(within(item).getByRole('textbox', { name: /Reason for the audit log \(W-4H8N2PLC\)/ }), 'Handled at the lender today');
    await userEvent.click(within(item).getByRole('button', { name: 'Mark as handled' }));
    expect(await screen.findByText('W-4H8N2PLC is marked as handled.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: BACK_OFFICE_API.handleWithdrawal.route.url({ reference: 'app-ref-2' }),
        body: { note: 'Repayment arranged with the shop', reason: 'Handled at the lender today' },
      },
    ]);
    expect(screen.getByText('No withdrawal is waiting.')).toBeInTheDocument();
  });
});
