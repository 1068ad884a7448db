/**
 * Fault modes of the simulated providers, for tests and demos (PRODUCT section 5): a provider can
 * be put down (503), unreachable (connection dropped), slow (answers after the adapters'
 * timeout) or rate-limited (429), and back to normal.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxRecords } from './records';

export const FAULT_MODES = ['normal', 'down', 'unreachable', 'slow', 'rate-limited'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
/** The simulated parties, each mounted at /sandbox/<name>. */
export const SIMULATED_PROVIDERS = ['resurs-v1', 'resurs-v2', 'grenke', 'signing', 'bankid', 'registry'] as const;
export type SimulatedProvider = (typeof SIMULATED_PROVIDERS)[number];

export function faultStore(records: SandboxRecords) {
  const store = records.store<{ mode: FaultMode }>('faults');
  return {
    async mode(provider: SimulatedProvider): Promise<FaultMode> {
      return (await store.get(provider))?.mode ?? 'normal';
    },
    async set(provider: SimulatedProvider, mode: FaultMode): Promise<void> {
      await store.put(provider, { mode });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An onRequest hook that makes a simulator misbehave as its fault mode says; `slowAnswerMs` is
 * how long a slow one takes (longer than its callers wait).
 */
export function faultHook(faults: ReturnType<typeof faultStore>, provider: SimulatedProvider, slowAnswerMs: number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const mode = await faults.mode(provider);
    if (mode === 'normal') return;
    request.log.info({ provider, mode }, 'sandbox fault');
    if (mode === 'down') {
      return reply.status(503).header('retry-after', '60').send({ error: 'Service Unavailable' });
    }
    if (mode === 'unreachable') {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (mode === 'rate-limited') {
      return reply.status(429).header('retry-after', '900').send({ error: 'Too Many Requests' });
    }
    // slow: answer only after the callers have given up.
    await sleep(slowAnswerMs);
  };
}
