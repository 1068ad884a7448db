import useSWR from 'swr';
import { API, type IndividualizedTerms, individualizedTermsAnswer, type IndividualizedTermsType } from '@portal/domain';
import { api } from '@/lib/api-client';

export type { IndividualizedTerms } from '@portal/domain';

export const getIndividualizedTerms = (termsType: IndividualizedTermsType): Promise<IndividualizedTerms> =>
  api.get(API.resursIndividualizedTerms.url(), individualizedTermsAnswer, { termsType });

export const useIndividualizedTerms = (termsType: IndividualizedTermsType) =>
  useSWR(`${API.resursIndividualizedTerms.url()}?termsType=${termsType}`, () => getIndividualizedTerms(termsType), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
