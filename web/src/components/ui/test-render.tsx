/**
 * Test helper for the design-system components: renders with Lingui in English (the compiled
 * catalogue, as in the browser), so components show their real texts.
 */
import { I18nProvider } from '@lingui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { messages } from 'virtual:messages/en';
import { WEB_CATALOGUE_EN } from '@/locales';
import { i18n, loadNamespaces, type Namespace } from '@/lib/i18n';

i18n.loadAndActivate({ locale: 'en', messages });
// Every page's namespace counts as loaded, so a language switch in a test (which loads only the
// namespaces counted) loads them all again: taken from the catalogue, so a new page's cannot be
// left out (the key facts' once was, and its texts were gone after a test switched back to English).
export const PAGE_NAMESPACES = Object.keys(WEB_CATALOGUE_EN).filter((name): name is Namespace => name !== 'app' && name !== 'pages');
await loadNamespaces(...PAGE_NAMESPACES);

function Providers({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function renderUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Providers, ...options });
}
