/**
 * The sandbox: simulators of every outside party (Resurs v1 and v2, GRENKE, the signing service,
 * the BankID broker, the company registries), as one Fastify plugin mounted under /sandbox/… by
 * its host. It imports nothing of the portal: what it needs comes as options (where it is
 * reached, a database handle it keeps its own tables in, the clients registered with each party),
 * and the portal reaches it only over HTTP, exactly as it would reach the real providers. Each
 * simulator documents its contract and choices in its README.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import bankIdSimulator from './bankid';
import type { SandboxClients, SandboxContext } from './context';
import { FAULT_MODES, faultHook, faultStore, type SimulatedProvider, SIMULATED_PROVIDERS } from './faults';
import grenkeSimulator from './grenke';
import mailbox from './mail';
import { type SandboxStorage, sandboxRecords } from './records';
import registrySimulator from './registry';
import resursV1Simulator from './resurs-v1';
import resursV2Simulator from './resurs-v2';
import signingSimulator from './signing';

export type { BrokerClient, SandboxClients } from './context';
export type { SandboxSql, SandboxStorage, SqlValue } from './records';
export { FAULT_MODES, type FaultMode, SIMULATED_PROVIDERS, type SimulatedProvider } from './faults';

export type SandboxOptions = {
  /** The origin the simulators are reached at (their pages, issuer and links), without a trailing slash. */
  publicUrl: string;
  /** A PostgreSQL database the sandbox keeps its own tables in (`sandbox_store`, `sandbox_keys`). */
  storage: SandboxStorage;
  /** The credentials each party issued to its callers. */
  clients: SandboxClients;
  /** How long a provider in the `slow` fault mode takes to answer: longer than its callers wait. */
  slowAnswerMs: number;
  /** Trust X-Forwarded-* from a load balancer. */
  trustProxy?: boolean;
  /** Told the address of the sandbox's SMTP server (its mailbox is at /sandbox/mail/) once it listens. */
  onMailServer?: (smtpUrl: string) => void;
};

const SIMULATORS: Readonly<Record<SimulatedProvider, FastifyPluginAsync<SandboxContext>>> = {
  'resurs-v2': resursV2Simulator,
  'resurs-v1': resursV1Simulator,
  grenke: grenkeSimulator,
  signing: signingSimulator,
  bankid: bankIdSimulator,
  registry: registrySimulator,
};

/** Expired records (tokens, logins, old payments) go every quarter of an hour. */
const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;

export default async function sandbox(app: FastifyInstance, options: SandboxOptions) {
  const records = await sandboxRecords(options.storage);
  const context: SandboxContext = {
    records,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    clients: options.clients,
    trustProxy: options.trustProxy ?? false,
  };

  // The simulators' own housekeeping, on their own clock: deleting twice is harmless, so every
  // instance may do it.
  const housekeeping = setInterval(() => {
    records.deleteExpired().then(
      (deleted) => app.log.info({ sandboxRecords: deleted }, 'sandbox housekeeping'),
      (error: unknown) => app.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'sandbox housekeeping failed'),
    );
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));

  const faults = faultStore(records);
  for (const provider of SIMULATED_PROVIDERS) {
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', faultHook(faults, provider, options.slowAnswerMs));
        await scope.register(SIMULATORS[provider], context);
      },
      { prefix: `/sandbox/${provider}` },
    );
  }

  // The customers' mailbox: an SMTP server in this process, and its pages (mail/README.md).
  await app.register(mailbox, { onListening: options.onMailServer });

  // Control: put a provider into a fault mode and back (tests, demos).
  app.get('/sandbox/control/faults', async () =>
    Object.fromEntries(await Promise.all(SIMULATED_PROVIDERS.map(async (p) => [p, await faults.mode(p)]))),
  );
  const faultParams = z.object({ provider: z.enum(SIMULATED_PROVIDERS) });
  const faultBody = z.strictObject({ mode: z.enum(FAULT_MODES) });
  app.put('/sandbox/control/faults/:provider', async (request, reply) => {
    const params = faultParams.safeParse(request.params);
    const body = faultBody.safeParse(request.body);
    if (!params.success || !body.success) {
      return reply.status(400).send({ error: 'Bad Request', message: `provider: one of ${SIMULATED_PROVIDERS.join(', ')}; body: {"mode": one of ${FAULT_MODES.join(', ')}}` });
    }
    await faults.set(params.data.provider, body.data.mode);
    return { provider: params.data.provider, mode: body.data.mode };
  });
}
