import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { isPageData, PAGE_DATA_ID, type PageData, SPA_BASE } from '@portal/domain';

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
 * The answer at `url` the page was rendered with, for that page (its address) the first time it
 * asks; after that, and on every other page, undefined (the pages that ask anew on every visit
 * then do).
 */
export function useRenderedAnswer<T>(url: string): T | undefined {
  const data = useContext(PageDataContext);
  const [location] = useLocation();
  const [answer] = useState(() =>
    data && data.path === `${SPA_BASE}${location}` && !used.get(data)?.has(url) ? (data.answers[url] as T | undefined) : undefined,
  );
  const given = answer !== undefined;
  useEffect(() => {
    if (!data || !given) return;
    const set = used.get(data) ?? new Set<string>();
    set.add(url);
    used.set(data, set);
  }, [data, url, given]);
  return answer;
}

/** The answers standing in for data not yet in the cache (SWR's fallback), while the session lasts. */
let standingIn: Record<string, unknown> = {};

/**
 * The rendered page's answers as the data's first value (SWR's `fallback`: what the page was
 * rendered with is what the app's first render shows, so the app takes the markup over as it is).
 * The page data's own record, so that however often React calls this, forgetting empties the one
 * SWR reads (and `useRenderedAnswer` finds nothing after the session ended either).
 */
export function renderedAnswers(data: PageData): Record<string, unknown> {
  standingIn = data.answers;
  return standingIn;
}

/**
 * Forgets everything loaded for the session that ended: the data cache, and the answers the page
 * came with (else they would stand in again for the emptied cache).
 */
export function useForgetSession(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    for (const key of Object.keys(standingIn)) delete standingIn[key];
    await mutate(() => true, undefined, { revalidate: false });
  }, [mutate]);
}
