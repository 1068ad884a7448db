import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/components/ui/test-render';
import { Layout } from './layout';

const features = { showDummyLogin: true, resursMerchantApiEnabled: true };

function serve(handler: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(handler));
}
const ok = () => Promise.resolve(new Response(JSON.stringify(features), { status: 200, headers: { 'content-type': 'application/json' } }));

function renderLayout(children: ReactNode, path = '/') {
  const { hook } = memoryLocation({ path });
  return renderUi(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <Router hook={hook}>
        <Layout>{children}</Layout>
      </Router>
    </SWRConfig>,
    // React reports errors an error boundary caught; here they are the point of the test.
    { onCaughtError: () => undefined },
  );
}

function Broken({ error }: { error: Error }): ReactNode {
  throw error;
}

afterEach(() => vi.unstubAllGlobals());

describe('Layout', () => {
  it('has a skip link that moves focus to the main content', async () => {
    serve(ok);
    renderLayout(<h1>Page</h1>);
    await screen.findByRole('heading', { name: 'Page' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('shows the page only once the features are loaded, and a retry when the server cannot be reached', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLayout(<h1>Page</h1>);
    expect(await screen.findByRole('heading', { name: 'No connection' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page' })).toBeNull();

    serve(ok);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
  });

  it('shows the error pages even when the features cannot be loaded', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLayout(<h1>Not found</h1>, '/404');
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('turns a page that breaks into a message with a retry, never a blank screen', async () => {
    serve(ok);
    renderLayout(<Broken error={new Error('boom')} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toBeInTheDocument();
  });

  it('offers a reload when the code of a page could not be downloaded', async () => {
    serve(ok);
    renderLayout(<Broken error={new TypeError('Failed to fetch dynamically imported module: /assets/apply.js')} />);
    expect(await screen.findByRole('heading', { name: 'The page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
