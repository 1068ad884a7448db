import { fail, type InteractionRecorder } from '../types';
import type { ResursV2Client } from './types';

export type ResursV2ClientOptions = { baseUrl: string; clientId: string; clientSecret: string; storeId: string; timeoutMs: number; recorder: InteractionRecorder };

/** The production adapter: not built yet. */
export function createResursV2Client(_options: ResursV2ClientOptions): ResursV2Client {
  // Until the adapter exists every call answers as an unreachable provider.
  return new Proxy({}, { get: () => async () => fail({ kind: 'unavailable', reason: 'network' }) }) as ResursV2Client;
}
