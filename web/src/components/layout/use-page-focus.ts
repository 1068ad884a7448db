import { useEffect, useRef } from 'react';

const MAIN_ID = 'main-content';
/** A page that has not shown its heading by then is left alone (it may never have one). */
const GIVE_UP_MS = 10_000;

/**
 * The page's heading as shown. While a lazy page loads, React keeps the previous page in the DOM,
 * hidden, behind the spinner: its heading is not the one to focus or to name the tab after.
 */
const headingOf = (main: HTMLElement) =>
  [...main.querySelectorAll<HTMLElement>('h1')].find((heading) => heading.getClientRects().length > 0) ?? null;

/**
 * After each navigation (not the first load, where the browser starts at the top anyway) the new
 * page's heading takes focus, so a screen reader says where the person landed and Tab goes on
 * from there. Pages load lazily and show a spinner first, so this waits for the heading to appear.
 */
export function useFocusHeadingOnNavigation(location: string) {
  // The location focus was last settled for; the first load counts as settled.
  const settled = useRef(location);
  useEffect(() => {
    if (settled.current === location) return;
    settled.current = location;
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    window.scrollTo(0, 0);
    let done = false;
    const focusHeading = () => {
      const heading = headingOf(main);
      if (done || !heading) return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      done = document.activeElement === heading;
      if (done) observer.disconnect();
    };
    const observer = new MutationObserver(focusHeading);
    // Attributes too: React shows a page that was hidden behind a spinner by changing its style.
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'hidden'] });
    focusHeading();
    const giveUp = setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [location]);
}

/** Rendering on the server (ADR 26): the title's parts, for `renderedTitle` after the render. */
let rendering: { site: string; format: (page: string) => string } | null = null;
const rememberTitleParts = (site: string, format: (page: string) => string) => {
  rendering = { site, format };
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' };

/**
 * On the server (ADR 26): the title of the page just rendered into `markup`, by the same rule as
 * `useDocumentTitle` in the browser, so the tab and a screen reader have it from the first paint.
 */
export function renderedTitle(markup: string): string | null {
  const parts = rendering;
  rendering = null;
  if (!parts) return null;
  const main = new RegExp(`<main[^>]*id="${MAIN_ID}"[^>]*>([\\s\\S]*)</main>`).exec(markup)?.[1] ?? '';
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1] ?? '';
  const page = heading
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .trim();
  return page ? parts.format(page) : parts.site;
}

/**
 * Keeps the document title as "<page heading> – <site>" (WCAG 2.4.2), following the heading as
 * pages load, change and switch language, without each page having to set it.
 */
export function useDocumentTitle(site: string, format: (page: string) => string) {
  // On the server no effect runs: the parts are kept for the title the page is sent with.
  if (typeof window === 'undefined') rememberTitleParts(site, format);
  const formatRef = useRef(format);
  useEffect(() => {
    formatRef.current = format;
  });
  useEffect(() => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const sync = () => {
      const page = headingOf(main)?.textContent?.trim();
      const title = page ? formatRef.current(page) : site;
      if (document.title !== title) document.title = title;
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(main, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['style', 'hidden'] });
    return () => observer.disconnect();
  }, [site]);
}
