import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { API, type DummyLoginAnswer, dummyLoginAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

export const dummyLogin = (reference?: string): Promise<DummyLoginAnswer> =>
  api.post(API.dummyLogin.url(), dummyLoginAnswer, reference ? { reference } : {});

/** Logs in; everything loaded for the previous session (or none) is forgotten. */
export function useDummyLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(API.dummyLogin.url(), async (_key: string, { arg }: { arg: string | undefined }) => {
    const result = await dummyLogin(arg);
    await mutate((key) => key !== API.features.url(), undefined, { revalidate: false });
    return result;
  });
}
