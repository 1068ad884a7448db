import useSWR from 'swr';
import { API, precontractualAnswer, type PrecontractualAnswer, precontractualContinueAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

export type { PrecontractualAnswer } from '@portal/domain';

/** The key facts step as it stands: the figures, the SECCI as mailed, the mail. */
export const getPrecontractual = (): Promise<PrecontractualAnswer> => api.get(API.precontractual.url(), precontractualAnswer);
/** Has the SECCI mailed (once; again after a failed mail). */
export const providePrecontractual = (): Promise<PrecontractualAnswer> => api.post(API.precontractual.url(), precontractualAnswer);
/** On to the signature, once the mail went: where the browser goes. */
export const continueToSignature = () => api.post(API.precontractualContinue.url(), precontractualContinueAnswer);

/**
 * The step, polled while its mail is on its way (a mail server answers in seconds; the screen
 * says so while it waits), then not again.
 */
export const usePrecontractual = (enabled: boolean) =>
  useSWR(enabled ? API.precontractual.url() : null, getPrecontractual, {
    revalidateOnFocus: false,
    refreshInterval: (data) => (data?.mail?.state === 'queued' ? 1500 : 0),
  });
