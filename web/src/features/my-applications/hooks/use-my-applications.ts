/**
 * What every page of the customer's own loads with: their applications, whether anybody is
 * identified, one application by its reference, the language of its country, and focus that
 * follows a step. One module, so the pages download it as one piece (bench/bundle-size.mjs).
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { useSearch } from 'wouter';
import type { CountryCode } from '@portal/domain';
import { ApiRequestError } from '@/lib/api-client';
import { activateLanguage, i18n, type MessageKey, type MessageValues, pickLanguage } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { getMyApplications, type MyApplication, MY_APPLICATIONS_KEY } from '../api/my-applications';

/**
 * The customer's own applications. Asked anew each time a page of theirs opens: a review's
 * state and the withdrawal period move on while the customer is away.
 */
export const useMyApplications = () => useSWR(MY_APPLICATIONS_KEY, getMyApplications, { revalidateOnMount: true });

export type MyApplicationState =
  | { kind: 'loading' }
  | { kind: 'unidentified' }
  | { kind: 'error'; error: unknown; retry: () => void }
  | { kind: 'missing' }
  | { kind: 'found'; application: MyApplication };

/** A refusal of a request (4xx) in the API's own words, which come in the customer's language; else the app's words for the failure. */
export const refusalText = (error: unknown, t: (key: MessageKey, values?: MessageValues) => string) =>
  error instanceof ApiRequestError && error.status < 500 && error.body.message ? error.body.message : errorText(error, t);

/** Nobody identified in the session: the customer's own pages then offer BankID. */
export const isUnidentified = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** One of the identified person's applications, by its reference (the review and withdrawal pages). */
export function useMyApplication(reference: string): MyApplicationState & { reload: () => Promise<unknown> } {
  const { data, error, mutate } = useMyApplications();
  const reload = () => mutate();
  if (isUnidentified(error)) return { kind: 'unidentified', reload };
  if (!data && error) return { kind: 'error', error, retry: () => void mutate(), reload };
  if (!data) return { kind: 'loading', reload };
  const application = data.applications.find((candidate) => candidate.reference === reference);
  return application ? { kind: 'found', application, reload } : { kind: 'missing', reload };
}

/**
 * The customer's own pages speak the language of the application's country, unless the person
 * chose one or the address names one (as lib/flow/use-application-language.ts does for the flow's
 * pages, whose chunk these pages would otherwise download for this alone: vite.config.ts, FLOW).
 * Answers whether it is in place; with no country yet, the first paint's language stays.
 */
export function useCountryLanguage(country: CountryCode | undefined): boolean {
  const search = useSearch();
  const wanted = country ? pickLanguage(search, country) : null;
  const [active, setActive] = useState(i18n.locale);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void activateLanguage(wanted).then(() => {
      if (current) setActive(wanted);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return wanted === null || active === wanted;
}

/**
 * Moves focus to `target` (a step's heading, with `tabIndex={-1}`) whenever `step` changes within
 * a page, as the layout does after a navigation: the screen changed under the person, and a
 * screen reader should say where they are now. The first render is left to the layout.
 */
export function useFocusOnChange(target: RefObject<HTMLElement | null>, step: string) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    target.current?.focus();
  }, [target, step]);
}
