/**
 * The sandbox: simulators of every outside party, mounted under /sandbox/… of the same server
 * (sandbox mode only). The production adapters reach them over HTTP exactly as they would reach
 * the real providers. Each simulator documents its choices in its README.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@portal/domain';
import type { ProviderName } from '../providers/types';
import bankIdSimulator from './bankid';
import { FAULT_MODES, faultHook, faultStore, SIMULATED_PROVIDERS } from './faults';
import grenkeSimulator from './grenke';
import registrySimulator from './registry';
import resursV1Simulator from './resurs-v1';
import resursV2Simulator from './resurs-v2';
import { deleteExpiredSandboxRecords, sealSandboxRecords } from './records';
import signingSimulator from './signing';

const SIMULATORS: [ProviderName, FastifyPluginAsync][] = [
  ['resurs-v2', resursV2Simulator],
  ['resurs-v1', resursV1Simulator],
  ['grenke', grenkeSimulator],
  ['signing', signingSimulator],
  ['bankid', bankIdSimulator],
  ['registry', registrySimulator],
];

export default async function sandbox(app: FastifyInstance) {
  // Records an earlier version kept in clear are sealed before any simulator reads them (ADR 12).
  await sealSandboxRecords(app.db);
  // The simulators' own housekeeping: their expired records go on the same schedule as the portal's.
  app.jobs.register<Record<string, never>>({
    name: 'sandbox-housekeeping',
    cron: '*/15 * * * *',
    pollingIntervalSeconds: 5,
    async handler() {
      app.log.info({ sandboxRecords: await deleteExpiredSandboxRecords(app.db) }, 'sandbox housekeeping');
    },
  });

  for (const [provider, simulator] of SIMULATORS) {
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', faultHook(scope, provider));
        await scope.register(simulator);
      },
      { prefix: `/sandbox/${provider}` },
    );
  }

  // Control: put a provider into a fault mode and back (tests, demos).
  const faults = faultStore(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/sandbox/control/faults', async () =>
    Object.fromEntries(await Promise.all(SIMULATED_PROVIDERS.map(async (p) => [p, await faults.mode(p)]))),
  );
  api.put(
    '/sandbox/control/faults/:provider',
    {
      schema: {
        params: z.object({ provider: z.enum(SIMULATED_PROVIDERS) }),
        body: z.strictObject({ mode: z.enum(FAULT_MODES) }),
      },
    },
    async (request) => {
      await faults.set(request.params.provider, request.body.mode);
      return { provider: request.params.provider, mode: request.body.mode };
    },
  );
}
