import { fail, type InteractionRecorder } from '../types';
import type { GrenkeClient } from './types';

export type GrenkeClientOptions = { baseUrl: string; clientCertFile: string | undefined; clientKeyFile: string | undefined; timeoutMs: number; recorder: InteractionRecorder };

/** The production adapter: not built yet. */
export function createGrenkeClient(_options: GrenkeClientOptions): GrenkeClient {
  // Until the adapter exists every call answers as an unreachable provider.
  return new Proxy({}, { get: () => async () => fail({ kind: 'unavailable', reason: 'network' }) }) as GrenkeClient;
}
