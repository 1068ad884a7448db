import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/domain';
import { buildApplication, buildResponse } from '@/testing/applications';
import { renderWithApp, serve } from '@/features/apply/testing/render-apply';
import { ApiRequestError } from '@/lib/api-client';
import { chooseLanguage } from '@/lib/i18n';
import ApplyPage from './apply';

const validate = `GET ${API.validate.url({ reference: 'REF-123' })}`;
const features = { [`GET ${API.features.url()}`]: { body: { showDummyLogin: false, resursMerchantApiEnabled: true } } };

beforeEach(async () => {
  // The person's own choice wins over the application's country: the tests read English.
  await chooseLanguage('en', { renderedPages: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the apply route', () => {
  it('validates the reference, then shows the screen of the application', async () => {
    serve({ ...features, [validate]: { body: buildResponse(buildApplication()) } });
    renderWithApp(<ApplyPage params={{ reference: 'REF-123' }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Kari!' })).toBeInTheDocument();
  });

  it('does not bounce on an error SWR still remembers from before (the 401 before identifying)', async () => {
    serve({ ...features, [validate]: { body: buildResponse(buildApplication()) } });
    const cache = new Map<string, unknown>([
      [API.validate.url({ reference: 'REF-123' }), { error: new ApiRequestError(401, { status: 401, errorCode: 'INVALID_CREDENTIALS', message: '' }), isValidating: false, isLoading: false }],
    ]);
    const { history } = renderWithApp(<ApplyPage params={{ reference: 'REF-123' }} />, '/REF-123', cache);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Kari!' })).toBeInTheDocument();
    expect(history).toEqual(['/REF-123']);
  });

  it('acts on a failure of its own request: 401 goes to identification with the reference', async () => {
    serve({ ...features, [validate]: { status: 401, body: { status: 401, errorCode: 'INVALID_CREDENTIALS', message: '' } } });
    const { history } = renderWithApp(<ApplyPage params={{ reference: 'REF-123' }} />);
    await waitFor(() => expect(history.at(-1)).toBe('/?reference=REF-123'));
  });

  it('shows the lender as unavailable instead of the form while it cannot be reached, and the form once a retry finds it answering', async () => {
    let available = false;
    serve({ ...features, [validate]: () => ({ body: { ...buildResponse(buildApplication()), lenderAvailable: available } }) });
    renderWithApp(<ApplyPage params={{ reference: 'REF-123' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Bank services are unavailable. Please try again later.');
    expect(screen.getByRole('heading', { level: 1, name: 'Hi Kari!' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();

    // Still down: the same message.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('Bank services are unavailable.');

    available = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fetches the consent texts again in a newly chosen language, keeping what was filled in', async () => {
    const calls = serve({ ...features, [validate]: { body: buildResponse(buildApplication()) } });
    renderWithApp(<ApplyPage params={{ reference: 'REF-123' }} />);
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'kari@example.no');
    await act(() => chooseLanguage('sv', { renderedPages: true }));
    await screen.findByRole('heading', { level: 1, name: 'Hej Kari!' });
    const validations = () => calls.filter((call) => call.url === API.validate.url({ reference: 'REF-123' }));
    await waitFor(() => expect(validations()).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveValue('kari@example.no');
  });
});
