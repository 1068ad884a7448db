import useSWR from 'swr';
import { API, type IndividualizedTermsType } from '@portal/domain';
import { api } from '@/lib/api-client';

/** Resurs' individualised terms for the active application (version 1): a title and HTML. */
export interface IndividualizedTerms {
  termsType: IndividualizedTermsType;
  title: string;
  html: string;
}

export const getIndividualizedTerms = (termsType: IndividualizedTermsType): Promise<IndividualizedTerms> =>
  api.get<IndividualizedTerms>(API.resursIndividualizedTerms.url(), { termsType });

export const useIndividualizedTerms = (termsType: IndividualizedTermsType) =>
  useSWR(`${API.resursIndividualizedTerms.url()}?termsType=${termsType}`, () => getIndividualizedTerms(termsType), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
