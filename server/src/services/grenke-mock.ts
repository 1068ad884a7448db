/** Sandbox only: the business screen's mock panel makes the simulated GRENKE decide after a delay. */
import type { FastifyInstance } from 'fastify';
import type { ApplicationRecord } from '../db/repositories/applications';
import { decideGrenkeSandboxRequest, type GrenkeMockAction } from '../providers/grenke/sandbox-control';
import { apiErrorFor } from './provider-errors';
import { schedulePoll } from './refresh-status';

export async function mockGrenkeDecision(app: FastifyInstance, application: ApplicationRecord, action: GrenkeMockAction, delayMs: number): Promise<void> {
  const grenke = app.config.providers.grenke;
  if (!grenke) throw apiErrorFor({ kind: 'unavailable', reason: 'not-configured' });
  const result = await decideGrenkeSandboxRequest(
    { baseUrl: grenke.baseUrl, timeoutMs: app.config.providerTimeoutMs, recorder: { record: async () => undefined } },
    { externalReference: application.reference, action, delayMs },
    { applicationId: application.id },
  );
  if (!result.ok) throw apiErrorFor(result.failure);
  await app.repos.events.append(application.id, { type: 'sandbox.mock-decision', detail: { action, delayMs } });
  if (await app.repos.providerApplications.find(application.id)) await schedulePoll(app, application.id, 0);
}
