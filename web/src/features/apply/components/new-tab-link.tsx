import type { ReactNode } from 'react';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n';

// Inline, so a long name wraps like text and the icon stays after its last word.
const LINK = 'rounded-sm text-link underline underline-offset-2 hover:no-underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';

/** A document link that opens in a new tab and says so, so the form stays as it was filled in. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={LINK}>
      {children}
      <span className="sr-only"> {t('apply.newTab')}</span>
      <ExternalLinkIcon className="ml-1 inline size-4 align-[-0.125em]" />
    </a>
  );
}

/** The same for a link inside server HTML (a consent text), which React does not render itself. */
export function newTabNote(link: HTMLAnchorElement, note: string) {
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  let hint = link.querySelector<HTMLSpanElement>('span[data-new-tab]');
  if (!hint) {
    hint = document.createElement('span');
    hint.dataset.newTab = '';
    hint.className = 'sr-only';
    link.append(hint);
  }
  hint.textContent = ` ${note}`;
}
