import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/components/ui/test-render';
import { buildApplication } from '@/testing/applications';
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

describe('the header before the application has loaded', () => {
  // On a phone the links take a row of their own; a page that will show them keeps that row from
  // the first paint, so nothing below moves when they arrive (layout shift, issue 16).
  it('keeps the links’ row on a page that loads an application, hidden from assistive technology', () => {
    const { container } = renderUi(<Header application={null} expectApplication />);
    const row = container.querySelector('header [aria-hidden="true"].min-h-11');
    expect(row).not.toBeNull();
    expect(screen.queryByRole('link', { name: /Back to/ })).toBeNull();
  });

  it('has no such row where no application is shown, nor once the links are there', () => {
    const without = renderUi(<Header application={null} />);
    expect(without.container.querySelector('header [aria-hidden="true"].min-h-11')).toBeNull();
    without.unmount();
    const loaded = renderUi(<Header application={buildApplication({ version: 1 })} expectApplication />);
    expect(loaded.container.querySelector('header [aria-hidden="true"].min-h-11')).toBeNull();
  });
});
