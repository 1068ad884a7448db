import { useCallback, useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { LoanApplicationsResponse } from '@portal/domain';
import { APPLICATIONS_KEY, getApplications } from '@/lib/api/get-applications';
import { useRenderedAnswer } from '@/lib/page-data';
import { rememberedReference, rememberReference } from '../logic/remembered-reference';

interface Loaded {
  data?: LoanApplicationsResponse;
  error?: unknown;
}

/**
 * The session's active application for the pages after the apply screen. It is always asked
 * anew when the page opens, never taken from what an earlier page loaded: its status moved on
 * while the customer was away at a provider, and these pages decide where to send the customer
 * by it. The answer also fills the shared cache, for the header. Its reference is remembered for
 * the tab, so an expired session can send the customer to identify for this same application.
 * A page the server rendered starts from the answer the server asked for it as the page opened
 * (ADR 26).
 */
export function useFlowApplication() {
  const { mutate } = useSWRConfig();
  const rendered = useRenderedAnswer<LoanApplicationsResponse>(APPLICATIONS_KEY);
  const [loaded, setLoaded] = useState<Loaded>(() => (rendered ? { data: rendered } : {}));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && rendered) return;
    let active = true;
    getApplications().then(
      (data) => {
        if (!active) return;
        void mutate(APPLICATIONS_KEY, data, { revalidate: false });
        setLoaded({ data });
      },
      (error: unknown) => {
        // A failed reload keeps what was loaded: the page goes on with it.
        if (active) setLoaded((previous) => ({ data: previous.data, error }));
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, mutate, rendered]);

  const application = loaded.data?.loanApplications[0] ?? null;
  const reference = application?.reference;
  useEffect(() => {
    if (reference) rememberReference(reference);
  }, [reference]);

  /** Asks again (a retry after a failure, or a check whether the status moved on). */
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  return {
    application,
    /** The application's reference, or the one remembered from before the session expired. */
    reference: reference ?? rememberedReference(),
    /** Loaded, and the session has no active application. */
    missing: loaded.data !== undefined && application === null,
    /** Why it could not be loaded (only while nothing was). */
    error: loaded.data === undefined ? loaded.error : undefined,
    reload,
  };
}
