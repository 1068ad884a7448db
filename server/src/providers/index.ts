/**
 * The provider adapters, built from the configuration. In sandbox mode their base URLs point at
 * the simulators on this server; nothing else changes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGrenkeClient } from './grenke/client';
import type { GrenkeClient } from './grenke/types';
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
  }
}

export default fp(async function providers(app: FastifyInstance) {
  const { config } = app;
  const recorder = databaseRecorder(app.db, app.log);
  const timeoutMs = config.providerTimeoutMs;
  const p = config.providers;
  app.decorate('providers', {
    resursV2: createResursV2Client({ ...p.resursV2, timeoutMs, recorder }),
    resursV1: createResursV1Client({ ...p.resursV1, timeoutMs, recorder }),
    grenke: createGrenkeClient({ ...p.grenke, timeoutMs, recorder, log: app.log }),
    signing: createSigningClient({ ...p.signing, timeoutMs, recorder }),
    registry: createRegistryClient({ ...p.registry, timeoutMs, recorder }),
  } satisfies Providers);
});
