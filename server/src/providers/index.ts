/**
 * The provider adapters, built from the configuration. In sandbox mode their base URLs point at
 * the simulators on this server; nothing else changes. Every call is measured (health.ts, the
 * metrics) before it is written to the interaction log; the lenders' calls pass their circuits.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGrenkeClient } from './grenke/client';
import type { GrenkeClient } from './grenke/types';
import { createProviderHealth, type ProviderHealth } from './health';
import { databaseRecorder } from './interactions';
import { createRegistryClient } from './registry/client';
import type { CompanyRegistryClient } from './registry/types';
import { createResursV1Client } from './resurs-v1/client';
import type { ResursV1Client } from './resurs-v1/types';
import { createResursV2Client } from './resurs-v2/client';
import type { ResursV2Client } from './resurs-v2/types';
import { createSigningClient } from './signing/client';
import type { SigningClient } from './signing/types';

export interface Providers {
  resursV2: ResursV2Client;
  resursV1: ResursV1Client;
  grenke: GrenkeClient;
  signing: SigningClient;
  registry: CompanyRegistryClient;
}

declare module 'fastify' {
  interface FastifyInstance {
    providers: Providers;
    /** How each provider is doing on this instance: circuits, error rate, latency (ADR 17). */
    providerHealth: ProviderHealth;
  }
}

export default fp(async function providers(app: FastifyInstance) {
  const { config } = app;
  const health = createProviderHealth({
    probeIntervalMs: config.providerProbeIntervalMs,
    log: app.log,
    events: {
      onCall: (interaction) => app.metrics.providerCall(interaction),
      onShortCircuit: (provider, operation) => app.metrics.shortCircuited(provider, operation),
    },
  });
  const recorder = health.recorder(databaseRecorder(app.db, app.log));
  const timeoutMs = config.providerTimeoutMs;
  const p = config.providers;
  const providers = {
    resursV2: createResursV2Client({ ...p.resursV2, timeoutMs, recorder, guard: health.guard('resurs-v2') }),
    resursV1: createResursV1Client({ ...p.resursV1, timeoutMs, recorder, guard: health.guard('resurs-v1') }),
    grenke: createGrenkeClient({ ...p.grenke, timeoutMs, recorder, guard: health.guard('grenke'), log: app.log }),
    signing: createSigningClient({ ...p.signing, timeoutMs, recorder }),
    registry: createRegistryClient({ ...p.registry, timeoutMs, recorder }),
  } satisfies Providers;
  app.decorate('providers', providers);
  app.decorate('providerHealth', health);
  // Open circuits are tested in the background from the start; nothing runs while all are closed.
  health.watch({ 'resurs-v1': () => providers.resursV1.probe(), 'resurs-v2': () => providers.resursV2.probe(), grenke: () => providers.grenke.probe() });
  app.addHook('onClose', async () => health.stop());
});
