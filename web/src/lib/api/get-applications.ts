import useSWR from 'swr';
import { API, type LoanApplicationsResponse, loanApplicationsResponseAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

export const APPLICATIONS_KEY = API.applications.url();

export const getApplications = (): Promise<LoanApplicationsResponse> =>
  api.get(APPLICATIONS_KEY, loanApplicationsResponseAnswer);

/** The session's applications; `revalidateOnMount: false` reads what the apply route loaded. */
export const useApplications = (options: { fetch?: boolean } = {}) =>
  useSWR(APPLICATIONS_KEY, getApplications, {
    revalidateOnFocus: false,
    revalidateOnMount: options.fetch ?? true,
    revalidateIfStale: options.fetch ?? true,
  });

/** The active application: the first of the list (spec section 3). */
export const useActiveApplication = (options?: { fetch?: boolean }) =>
  useApplications(options).data?.loanApplications[0] ?? null;
