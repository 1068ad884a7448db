import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_OFFICE_API } from '@portal/domain';
import { i18n } from '@/lib/i18n';
import { loadLanguage } from '../i18n';
import { EvidenceExport } from './evidence-export';

const FILE = '{\n  "header": {},\n  "entries": [\n  ]\n}\n';

describe("an application's evidence in the back office", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const clicked: { href: string; download: string }[] = [];
  const saved: Blob[] = [];

  beforeAll(async () => {
    await loadLanguage('en');
  });
  beforeEach(() => {
    clicked.length = 0;
    saved.length = 0;
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      saved.push(blob as Blob);
      return 'blob:evidence';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const renderIt = () => render(<I18nProvider i18n={i18n}><EvidenceExport reference="ref-123" /></I18nProvider>);

  it('asks why, then downloads the file exactly as the server sent it', async () => {
    fetchMock.mockResolvedValue(
      new Response(FILE, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': 'attachment; filename="evidence-ref-123.json"' } }),
    );
    renderIt();
    expect(screen.getByRole('heading', { name: 'Evidence for a supervisor' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Why are you exporting the evidence\?/ }), 'The supervisor asked');
    await userEvent.click(screen.getByRole('button', { name: 'Download the evidence' }));

    expect(await screen.findByText('Downloaded evidence-ref-123.json.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(BACK_OFFICE_API.exportEvidence.route.url({ reference: 'ref-123' }));
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ reason: 'The supervisor asked' }), headers: expect.objectContaining({ 'X-Requested-With': 'XMLHttpRequest' }) });
    expect(clicked).toEqual([{ href: 'blob:evidence', download: 'evidence-ref-123.json' }]);
    expect(await saved[0]?.text()).toBe(FILE);
    expect(screen.getByRole('textbox', { name: /Why are you exporting the evidence\?/ })).toHaveValue('');
  });

  it('says what is wrong when the reason is missing, and downloads nothing', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ status: 400, errorCode: 'REQUEST_ERROR', message: 'Bad request', fieldErrors: { reason: 'Please give a reason.' } }, { status: 400 }),
    );
    renderIt();
    await userEvent.click(screen.getByRole('button', { name: 'Download the evidence' }));
    expect(await screen.findByText('Please give a reason.')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it('says so when the operator may not export it', async () => {
    fetchMock.mockResolvedValue(Response.json({ status: 403, errorCode: 'FORBIDDEN', message: 'Forbidden' }, { status: 403 }));
    renderIt();
    await userEvent.type(screen.getByRole('textbox', { name: /Why are you exporting the evidence\?/ }), 'Curious');
    await userEvent.click(screen.getByRole('button', { name: 'Download the evidence' }));
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});
