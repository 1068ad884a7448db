import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, type ReviewView } from '@portal/domain';
import { renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import { declinedApplication, MY_APPLICATIONS, myApplicationsAnswer } from '@/features/my-applications/testing/my-application';
import { formatDateTime } from '@/lib/format';
import ReviewPage from './review';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const POST_REVIEW = `POST ${API.myReview.url({ reference: 'REF-123' })}`;
const SENT: ReviewView = { reference: 'R-7K2M9QXD', status: 'in_review', wants: ['explanation', 'reassessment'], createdAt: '2026-11-28T10:02:00.000Z', sentToLenderAt: '2026-11-28T10:02:30.000Z' };
const renderPage = (reference = 'REF-123') => renderFlowPage((params) => <ReviewPage key={params.reference} />, `/my-applications/${reference}/review`, '/my-applications/:reference/review');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');
const fileInput = () => screen.getByLabelText('A document (optional)');

describe('a review by a person (issue 32)', () => {
  it('ticks nothing for the customer and refuses a request that asks for nothing', async () => {
    const calls = serve({ [MY_APPLICATIONS]: myApplicationsAnswer(declinedApplication()), [POST_REVIEW]: { body: SENT } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a review by a person' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'What would you like? Choose at least one.' })).toBeInTheDocument();
    for (const name of ['An explanation of the assessment', 'Add my own view', 'A new assessment by a person']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
    await submit();
    expect(screen.getByText('Choose at least one thing you want')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'An explanation of the assessment' })).toHaveFocus();
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses a file over 2 MB and keeps everything typed', async () => {
    const calls = serve({ [MY_APPLICATIONS]: myApplicationsAnswer(declinedApplication()), [POST_REVIEW]: { body: SENT } });
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Add my own view' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your view' }), 'My income rose in October.');
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'payslip.pdf', { type: 'application/pdf' });
    await userEvent.upload(fileInput(), big);
    expect(await screen.findByText(/The file is too large: attach at most 2 MB/)).toBeInTheDocument();
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining('at most 2 MB'));
    expect(screen.getByRole('textbox', { name: 'Your view' })).toHaveValue('My income rose in October.');
    expect(screen.getByRole('checkbox', { name: 'Add my own view' })).toBeChecked();
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses a file that is not a PDF, JPEG or PNG', async () => {
    serve({ [MY_APPLICATIONS]: myApplicationsAnswer(declinedApplication()) });
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), new File(['hello'], 'notes.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(await screen.findByText('Attach a PDF, JPEG or PNG file')).toBeInTheDocument();
  });

  it('sends what was asked for, the view and the document, then says when, to whom and the reference', async () => {
    const calls = serve({ [MY_APPLICATIONS]: myApplicationsAnswer(declinedApplication()), [POST_REVIEW]: { body: SENT } });
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'An explanation of the assessment' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'A new assessment by a person' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your view' }), '  I have a new job.  ');
    expect(screen.getByText('21 of 4000 characters')).toBeInTheDocument();
    await userEvent.upload(fileInput(), new File([new Uint8Array([137, 80, 78, 71])], 'letter.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: 'Remove the file' })).toBeInTheDocument();
    await submit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Your request has been sent' })).toHaveFocus();
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        url: API.myReview.url({ reference: 'REF-123' }),
        body: { wants: ['explanation', 'reassessment'], view: 'I have a new job.', attachment: { filename: 'letter.png', contentType: 'image/png', contentBase64: 'iVBORw==' } },
      },
    ]);
    expect(
      screen.getByText(`Sent to Resurs Bank on ${formatDateTime(SENT.sentToLenderAt ?? '', 'en')}. Your reference is R-7K2M9QXD. You will get a receipt and the answer by e-mail.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your applications' })).toHaveAttribute('href', '/my-applications');
  });

  it("shows the server's refusal in its own words and keeps the input", async () => {
    serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(declinedApplication()),
      [POST_REVIEW]: { status: 409, body: { status: 409, errorCode: 'REVIEW_NOT_POSSIBLE', message: 'A review of this application has already been asked for.' } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'A new assessment by a person' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your view' }), 'Please look again.');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('A review of this application has already been asked for.');
    expect(screen.getByRole('textbox', { name: 'Your view' })).toHaveValue('Please look again.');
    expect(screen.getByRole('checkbox', { name: 'A new assessment by a person' })).toBeChecked();
  });

  it('says when there is no such application among the identified person’s', async () => {
    serve({ [MY_APPLICATIONS]: myApplicationsAnswer(declinedApplication()) });
    renderPage('REF-OTHER');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the request' })).toBeNull();
  });

  it('shows where a request already made stands, and no form', async () => {
    serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(
        declinedApplication({
          decline: { automated: true, creditAgency: null, dataCategories: [], debtAdviceUrl: 'https://www.nav.no/okonomi-og-gjeld', reviewAvailable: false },
          review: { ...SENT, status: 'received', sentToLenderAt: null },
        }),
      ),
    });
    renderPage();
    expect(await screen.findByText('Received')).toBeInTheDocument();
    expect(screen.getByText(`We received your request on ${formatDateTime(SENT.createdAt, 'en')}. Reference R-7K2M9QXD.`)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send the request' })).toBeNull());
  });
});
