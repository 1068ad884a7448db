/**
 * Test helper for the design-system components: renders with Lingui in English (the compiled
 * catalogue, as in the browser), so components show their real texts.
 */
import { I18nProvider } from '@lingui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { messages } from 'virtual:messages/en';
import { i18n, loadNamespaces } from '@/lib/i18n';

i18n.loadAndActivate({ locale: 'en', messages });
// Every page's namespace counts as loaded, so a language switch in a test loads them all again.
await loadNamespaces('index', 'apply', 'sign', 'payment', 'closed', 'error-page', 'sandbox', 'sign-fail', 'ds', 'my', 'my-list', 'my-review', 'my-withdraw');

function Providers({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function renderUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Providers, ...options });
}
