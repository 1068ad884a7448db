import { createContext, useContext, useEffect, useState } from 'react';
import { isPageData, PAGE_DATA_ID, type PageData } from '@portal/domain';

/**
 * What a server-rendered page was rendered from (domain/src/page-data.ts, ADR 26): read once from
 * the page; null when the server sent the page without (every page it does not render, an old
 * server, or data that does not parse).
 */
export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const value: unknown = JSON.parse(element.textContent);
    return isPageData(value) ? value : null;
  } catch {
    return null;
  }
}

export const PageDataContext = createContext<PageData | null>(null);

/** Answers already used by a page that mounted: a later visit to a page asks the server anew. */
const used = new WeakMap<PageData, Set<string>>();

/**
 * The answer at `url` the page was rendered with, for the first page that asks for it; after that
 * page has mounted, undefined (the pages that ask anew on every visit then do).
 */
export function useRenderedAnswer<T>(url: string): T | undefined {
  const data = useContext(PageDataContext);
  const [answer] = useState(() => (data && !used.get(data)?.has(url) ? (data.answers[url] as T | undefined) : undefined));
  useEffect(() => {
    if (!data) return;
    const set = used.get(data) ?? new Set<string>();
    set.add(url);
    used.set(data, set);
  }, [data, url]);
  return answer;
}
