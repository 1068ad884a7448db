import useSWR, { useSWRConfig } from 'swr';
import { API, type LoanApplicationsResponse, loanApplicationsResponseAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';
import { APPLICATIONS_KEY } from '@/lib/api/get-applications';

export const validateReference = (reference: string): Promise<LoanApplicationsResponse> =>
  api.get(API.validate.url({ reference }), loanApplicationsResponseAnswer);

/**
 * Validates the reference for this session (spec section 2); its answer is the session's
 * applications, which then fill the applications cache.
 */
export function useValidateReference(reference: string) {
  const { mutate } = useSWRConfig();
  return useSWR(API.validate.url({ reference }), () => validateReference(reference), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onSuccess: (data) => void mutate(APPLICATIONS_KEY, data, { revalidate: false }),
  });
}
