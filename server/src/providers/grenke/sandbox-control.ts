/**
 * The business screen's mock panel (spec: continue, apply+denied, apply+cancelled, apply+approved
 * after a delay) drives the GRENKE simulator's decision. GRENKE itself has no such call: this
 * reaches the simulator's control endpoint over HTTP, like every other adapter call, so it works
 * whichever server instance runs the simulator. Sandbox mode only; the portal route that calls it
 * is off unless showDummyLogin is on.
 */
import { type GrenkeMockAction, MOCK_DELAY_SECONDS } from '@portal/domain';
import { createHttpClient } from '../http';
import { fail, ok, type CallContext, type InteractionRecorder, type ProviderResult } from '../types';
import type { GrenkeClient } from './types';

export { GRENKE_MOCK_ACTIONS, type GrenkeMockAction } from '@portal/domain';

export const GRENKE_MOCK_MAX_DELAY_MS = MOCK_DELAY_SECONDS.max * 1000;

export interface GrenkeSandboxControlOptions {
  /** config.providers.grenke.baseUrl: the simulator's base URL in sandbox mode. */
  baseUrl: string;
  timeoutMs: number;
  recorder: InteractionRecorder;
}

/**
 * Makes the GRENKE request of this application (by its reference) take the mock decision once
 * `delayMs` has passed: continue → ApplicationReceived, denied → Declined, cancelled → Cancelled,
 * approved → ReadyToSign. It may be called before or after the request is created.
 */
export async function decideGrenkeSandboxRequest(
  options: GrenkeSandboxControlOptions,
  input: { externalReference: string; action: GrenkeMockAction; delayMs: number },
  context?: CallContext,
): Promise<ProviderResult<void>> {
  if (!Number.isInteger(input.delayMs) || input.delayMs < 0 || input.delayMs > GRENKE_MOCK_MAX_DELAY_MS) {
    return fail({ kind: 'refused', status: 400, code: 'INVALID_DELAY' });
  }
  const http = createHttpClient({ provider: 'grenke', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, recorder: options.recorder });
  const response = await http.request({
    operation: 'sandboxDecide',
    method: 'POST',
    path: 'control/decide',
    json: { externalReference: input.externalReference, action: input.action, delayMs: input.delayMs },
    responseType: 'none',
    context,
  });
  return response.ok ? ok(undefined) : response;
}

/**
 * GRENKE's request carries no reference of the portal's (its documented body has none), so the
 * simulator cannot tell by itself which application a request is for, and a mock decision taken
 * before the request exists could not find it. In sandbox mode the portal tells the simulator,
 * right after creating a request, which application it belongs to. Sandbox only: the production
 * client is this one's `client`, untouched.
 */
export function withSandboxLink(client: GrenkeClient, options: Omit<GrenkeSandboxControlOptions, 'recorder'>): GrenkeClient {
  // Not a call to GRENKE: nothing for the interaction log.
  const http = createHttpClient({ provider: 'grenke', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, recorder: { record: async () => undefined } });
  return {
    ...client,
    async createRequest(input, context) {
      const created = await client.createRequest(input, context);
      if (created.ok) {
        // The request exists either way: a failed link only leaves a mock decision without its request.
        await http.request({
          operation: 'sandboxLink',
          method: 'POST',
          path: 'control/link',
          json: { externalReference: input.reference, financingId: created.value.financingId },
          responseType: 'none',
          context,
        });
      }
      return created;
    },
  };
}
