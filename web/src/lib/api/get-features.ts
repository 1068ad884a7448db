import useSWR from 'swr';
import { API, type Features, featuresAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

export const FEATURES_KEY = API.features.url();

export const getFeatures = (): Promise<Features> => api.get(FEATURES_KEY, featuresAnswer);

export const useFeatures = () => useSWR(FEATURES_KEY, getFeatures, { revalidateOnFocus: false });
