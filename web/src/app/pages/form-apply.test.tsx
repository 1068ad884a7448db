import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/domain';
import { buildApplication, buildResponse } from '@/testing/applications';
import { renderWithApp, serve } from '@/features/apply/testing/render-apply';
import { chooseLanguage } from '@/lib/i18n';
import FormApplyPage from './form-apply';

const features = { [`GET ${API.features.url()}`]: { body: { showDummyLogin: false, resursMerchantApiEnabled: true } } };

beforeEach(async () => {
  await chooseLanguage('en', { renderedPages: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/form/apply', () => {
  it("shows the screen of the session's active application", async () => {
    serve({ ...features, [`GET ${API.applications.url()}`]: { body: buildResponse(buildApplication({ customer: { type: 'LEGAL', firstName: null, companyName: 'Fjord Bygg AS' } })) } });
    renderWithApp(<FormApplyPage />, '/form/apply');
    expect(await screen.findByRole('textbox', { name: 'Company name' })).toHaveValue('Fjord Bygg AS');
  });

  it.each([
    ['declined', 'DECLINED', 1, '/form/payment/loading/demo/order-1'],
    ['cancelled by the shop', 'CANCELLED', 2, '/form/payment/loading/demo/order-1'],
    ['at signing', 'SIGNING', 1, '/form/key-facts'],
  ] as const)('sends an application already past applying (%s) to where it stands', async (_name, status, version, page) => {
    serve({ ...features, [`GET ${API.applications.url()}`]: { body: buildResponse(buildApplication({ status, version })) } });
    const { history } = renderWithApp(<FormApplyPage />, '/form/apply');
    await waitFor(() => expect(history.at(-1)).toBe(page));
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
  });

  it('without an active application answers as not found', async () => {
    serve({ ...features, [`GET ${API.applications.url()}`]: { body: { person: { firstName: 'Kari', lastName: 'Nordmann' }, loanApplications: [], consents: [], products: [], lenderAvailable: true } } });
    const { history } = renderWithApp(<FormApplyPage />, '/form/apply');
    await waitFor(() => expect(history.at(-1)).toBe('/404'));
  });

  it('goes to the technical-issue page, and reports it, when the answer breaks the contract', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const malformed = buildResponse(buildApplication());
    const [first] = malformed.loanApplications;
    // The server answers a status the app does not know, and no customer.
    serve({ ...features, [`GET ${API.applications.url()}`]: { body: { ...malformed, loanApplications: [{ ...first, status: 'ARCHIVED', customer: undefined }] } } });
    const { history } = renderWithApp(<FormApplyPage />, '/form/apply');
    await waitFor(() => expect(history.at(-1)).toBe('/500'));
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    expect(String(report.mock.calls[0]?.[0])).toContain('does not match the client API contract');
    report.mockRestore();
  });

  it('without a session goes to the session page', async () => {
    serve({ ...features, [`GET ${API.applications.url()}`]: { status: 401, body: { status: 401, errorCode: 'INVALID_CREDENTIALS', message: '' } } });
    const { history } = renderWithApp(<FormApplyPage />, '/form/apply');
    await waitFor(() => expect(history.at(-1)).toBe('/401'));
  });
});
