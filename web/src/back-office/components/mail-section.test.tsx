import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACK_OFFICE_API, type BackOfficeMail, type BackOfficeMails } from '@portal/domain';
import { i18n } from '@/lib/i18n';
import { loadLanguage } from '../i18n';
import { MailSection } from './mail-section';

const renderConsole = (ui: ReactElement) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </SWRConfig>,
  );

const mail = (overrides: Partial<BackOfficeMail>): BackOfficeMail => ({
  id: '5b0c8d5e-0f55-4a3c-9d1e-000000000001',
  kind: 'precontractual-information',
  language: 'nb',
  state: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-27T10:00:00Z',
  sentAt: '2026-11-27T10:00:01Z',
  failedAt: null,
  messageId: '<5b0c8d5e@portal.example.no>',
  digest: 'a'.repeat(64),
  size: 4_211,
  attachments: [{ filename: 'SEF.pdf', contentType: 'application/pdf', size: 1_234, sha256: 'b'.repeat(64) }],
  erased: false,
  ...overrides,
});

const failed = mail({ id: '5b0c8d5e-0f55-4a3c-9d1e-000000000002', state: 'failed', lastError: '550 5.1.1', sentAt: null, failedAt: '2026-11-27T10:00:02Z' });
const erased = mail({ id: '5b0c8d5e-0f55-4a3c-9d1e-000000000003', state: 'failed', lastError: 'ERASED', sentAt: null, failedAt: '2026-11-27T10:00:03Z', erased: true });

/** The back office answering: the list, and the retry (409 first, then accepted). */
function serve(list: BackOfficeMail[], retryAnswers: { status: number; body: unknown }[] = []) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return answer(200, { mails: list } satisfies BackOfficeMails);
      const next = retryAnswers.shift() ?? { status: 500, body: {} };
      return answer(next.status, next.body);
    }),
  );
  return calls;
}

describe('the e-mails of an application in the back office', () => {
  beforeAll(async () => {
    await loadLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each mail with what became of it, and offers to send again only a failed one that is not erased', async () => {
    serve([mail({}), failed, erased]);
    renderConsole(<MailSection reference="ref-1" />);
    const cards = await screen.findAllByTestId('mail');
    const [sent, refused, gone] = cards;
    if (!sent || !refused || !gone) throw new Error('three mails expected');
    expect(sent).toHaveTextContent('Pre-contractual information (SECCI) · Norwegian');
    expect(sent).toHaveTextContent('Sent');
    expect(sent).toHaveTextContent('<5b0c8d5e@portal.example.no>');
    expect(sent).toHaveTextContent('a'.repeat(64));
    expect(sent).toHaveTextContent('SEF.pdf (application/pdf, 1234 bytes)');
    expect(within(sent).queryByRole('button')).toBeNull();
    expect(within(refused).getByTestId('mail-error')).toHaveTextContent('550 5.1.1');
    expect(within(refused).getByRole('textbox', { name: /Why send it again\? \(Pre-contractual information \(SECCI\)\)/ })).toBeInTheDocument();
    expect(gone).toHaveTextContent('erased with the customer');
    expect(within(gone).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Send again' })).toHaveLength(1);
  });

  it('sends the reason with the failed mail, and says so when it can no longer be sent', async () => {
    const calls = serve(
      [failed],
      [
        { status: 409, body: { status: 409, errorCode: 'REQUEST_ERROR', message: 'Conflict' } },
        { status: 202, body: { mails: [{ ...failed, state: 'queued', attempts: 0, failedAt: null }] } },
      ],
    );
    renderConsole(<MailSection reference="ref-1" />);
    await userEvent.type(await screen.findByRole('textbox', { name: /Why send it again/ }), 'Mailbox emptied');
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('It cannot be sent again');

    // The reason stays in the field after a refusal: sent as it is.
    expect(screen.getByRole('textbox', { name: /Why send it again/ })).toHaveValue('Mailbox emptied');
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Queued to be sent again. Its state below follows.')).toBeInTheDocument();
    expect(screen.getByTestId('mail')).toHaveAttribute('data-state', 'queued');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: BACK_OFFICE_API.retryMail.route.url({ reference: 'ref-1', mailId: failed.id }), body: { reason: 'Mailbox emptied' } },
      { method: 'POST', url: BACK_OFFICE_API.retryMail.route.url({ reference: 'ref-1', mailId: failed.id }), body: { reason: 'Mailbox emptied' } },
    ]);
  });

  it('says when nothing has been sent', async () => {
    serve([]);
    renderConsole(<MailSection reference="ref-1" />);
    expect(await screen.findByText('No e-mail has been sent about this application.')).toBeInTheDocument();
  });
});
