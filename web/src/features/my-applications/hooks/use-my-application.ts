import { ApiRequestError } from '@/lib/api-client';
import { type MyApplication, useMyApplications } from '../api/my-applications';

export type MyApplicationState =
  | { kind: 'loading' }
  | { kind: 'unidentified' }
  | { kind: 'error'; error: unknown; retry: () => void }
  | { kind: 'missing' }
  | { kind: 'found'; application: MyApplication };

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
