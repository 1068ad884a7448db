import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/components/ui/test-render';
import { buildApplication } from '@/features/apply/testing/applications';
import { browser } from '@/lib/api-client';
import { Header } from './header';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the header’s way back to the shop', () => {
  it('records the leaving first, then goes to the address the server answers (with the outcome)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ redirectUrl: 'https://shop.example.com/return?outcome=client_sign_failed' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderUi(<Header application={buildApplication({ version: 1 })} />);
    await userEvent.click(screen.getByRole('link', { name: /Back to/ }));
    expect(fetchMock).toHaveBeenCalledWith('/api/loan-application/leave', expect.objectContaining({ method: 'POST' }));
    expect(assign).toHaveBeenCalledWith('https://shop.example.com/return?outcome=client_sign_failed');
  });

  it('still takes the customer to the shop when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const application = buildApplication({ version: 1 });
    renderUi(<Header application={application} />);
    await userEvent.click(screen.getByRole('link', { name: /Back to/ }));
    expect(assign).toHaveBeenCalledWith(application.callbackUrl);
  });
});
