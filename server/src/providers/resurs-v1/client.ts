import { fail, type InteractionRecorder } from '../types';
import type { ResursV1Client } from './types';

export type ResursV1ClientOptions = { baseUrl: string; username: string; password: string; timeoutMs: number; recorder: InteractionRecorder };

/** The production adapter: not built yet. */
export function createResursV1Client(_options: ResursV1ClientOptions): ResursV1Client {
  // Until the adapter exists every call answers as an unreachable provider.
  return new Proxy({}, { get: () => async () => fail({ kind: 'unavailable', reason: 'network' }) }) as ResursV1Client;
}
