import { fail, type InteractionRecorder } from '../types';
import type { SigningClient } from './types';

export type SigningClientOptions = { baseUrl: string; clientId: string; clientSecret: string; timeoutMs: number; recorder: InteractionRecorder };

/** The production adapter: not built yet. */
export function createSigningClient(_options: SigningClientOptions): SigningClient {
  // Until the adapter exists every call answers as an unreachable provider.
  return new Proxy({}, { get: () => async () => fail({ kind: 'unavailable', reason: 'network' }) }) as SigningClient;
}
