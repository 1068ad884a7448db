/**
 * How each provider is doing, as this instance sees it (ADR 17): every call's outcome and
 * duration over the last minutes (error rate, latency), and for the lenders a circuit breaker
 * (cockatiel). A lender's circuit opens after CIRCUIT_FAILURE_THRESHOLD calls in a row it did not
 * answer (unreachable, timed out, 5xx); while it is open its calls fail at once as `circuit-open`
 * (WEB_SERVICE_DOWN) and new customers are told before they fill a form. No customer's call
 * tests an open circuit: a background probe (the adapter's cheapest read) does, every probe
 * interval, and closes it as soon as the lender answers.
 *
 * The signing service and the company registry are measured the same way but have no circuit:
 * they are reached mid-flow, where failing at once would win nothing over trying.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { BrokenCircuitError, type CircuitBreakerPolicy, CircuitState, circuitBreaker, ConsecutiveBreaker, handleWhenResult, IsolatedCircuitError } from 'cockatiel';
import { type CircuitStateName, MONITORED_PROVIDERS, type MonitoredProvider, type ProviderStatusView } from '@portal/domain';
import { type CallGuard, fail, type Interaction, type InteractionRecorder, type ProviderName, type ProviderResult } from './types';

/** The lenders: a customer's application cannot go on without them. */
export const GUARDED_PROVIDERS = ['resurs-v1', 'resurs-v2', 'grenke'] as const satisfies readonly MonitoredProvider[];
export type GuardedProvider = (typeof GUARDED_PROVIDERS)[number];

/** A lender's circuit opens after this many calls in a row it did not answer. */
export const CIRCUIT_FAILURE_THRESHOLD = 3;
/** How far back the error rate and latency reach… */
export const STATUS_WINDOW_MS = 5 * 60_000;
/** …and how many calls they keep at most, per provider. */
const WINDOW_MAX_CALLS = 500;

const isGuarded = (provider: ProviderName): provider is GuardedProvider => (GUARDED_PROVIDERS as readonly string[]).includes(provider);
const isMonitored = (provider: ProviderName): provider is MonitoredProvider => (MONITORED_PROVIDERS as readonly string[]).includes(provider);

/** A result the provider did not answer: what opens a circuit. Refusals and 429s are answers. */
const notAnswered = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && 'ok' in result && result.ok === false && 'failure' in result &&
  typeof result.failure === 'object' && result.failure !== null && 'kind' in result.failure && result.failure.kind === 'unavailable';

/**
 * A call the error rate counts as failed: not answered, answered 429, or answered in a shape we
 * cannot read. The last does not open a circuit: the lender answers, and its probe would close it.
 */
const failed = (outcome: Interaction['outcome']) => outcome === 'unavailable' || outcome === 'rate-limited' || outcome === 'unreadable';

export interface HealthEvents {
  /** Every call that left for a provider, probes included. */
  onCall?(interaction: Interaction): void;
  /** A call an open circuit answered at once, without calling. */
  onShortCircuit?(provider: GuardedProvider, operation: string): void;
}

export interface ProviderHealthOptions {
  /** How often an open circuit is tested. */
  probeIntervalMs: number;
  /** The providers this portal has an account with (each is configured on its own); all when left out. */
  configured?: ReadonlySet<MonitoredProvider>;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  events?: HealthEvents;
}

export type Probe = () => Promise<ProviderResult<unknown>>;

export interface ProviderHealth {
  /** What a lender's calls pass through; undefined for a provider without a circuit. */
  guard(provider: ProviderName): CallGuard | undefined;
  /** `inner` (the interaction log), with every call measured here first; probes are measured only. */
  recorder(inner: InteractionRecorder): InteractionRecorder;
  /** Whether new customers can be sent to this provider: its circuit is closed (or it has none). */
  isAvailable(provider: ProviderName): boolean;
  circuitState(provider: GuardedProvider): CircuitStateName;
  statuses(): ProviderStatusView[];
  /** Starts testing open circuits with these probes, every probe interval. */
  watch(probes: Readonly<Record<GuardedProvider, Probe>>): void;
  /** Tests every open circuit now (the interval does it by itself). */
  probeOpenCircuits(): Promise<void>;
  stop(): void;
}

interface Sample {
  at: number;
  failed: boolean;
  unreadable: boolean;
  ms: number;
}

const STATE_NAMES: Readonly<Record<CircuitState, CircuitStateName>> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open',
};

/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: readonly number[], p: number): number => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
const unreadableView = (last: { operation: string; field: string; at: number } | undefined) => (last ? { operation: last.operation, field: last.field, at: new Date(last.at).toISOString() } : null);

export function createProviderHealth(options: ProviderHealthOptions): ProviderHealth {
  const { log, events = {} } = options;
  /** The provider a probe is running for, in the probe's async context: its calls skip the gate. */
  const probing = new AsyncLocalStorage<ProviderName>();
  const samples = new Map<MonitoredProvider, Sample[]>(MONITORED_PROVIDERS.map((p) => [p, []]));
  const lastFailure = new Map<MonitoredProvider, number>();
  const lastUnreadable = new Map<MonitoredProvider, { operation: string; field: string; at: number }>();
  const circuitSince = new Map<GuardedProvider, number>();
  const circuits = new Map<GuardedProvider, CircuitBreakerPolicy>();
  const guards = new Map<GuardedProvider, CallGuard>();

  for (const provider of GUARDED_PROVIDERS) {
    // halfOpenAfter 0: an open circuit is tested whenever the probe asks, and only the probe asks.
    const circuit = circuitBreaker(handleWhenResult(notAnswered), { halfOpenAfter: 0, breaker: new ConsecutiveBreaker(CIRCUIT_FAILURE_THRESHOLD) });
    circuit.onStateChange((state) => {
      circuitSince.set(provider, Date.now());
      if (state === CircuitState.Open) log.warn({ provider }, 'provider circuit open: new customers are told the lender is unavailable');
      if (state === CircuitState.Closed) log.info({ provider }, 'provider circuit closed: the lender answers again');
    });
    circuits.set(provider, circuit);
    guards.set(provider, {
      async run(operation, call) {
        if (probing.getStore() === provider) return call();
        // Checked and entered in one turn of the event loop: nothing can open it in between.
        if (circuit.state !== CircuitState.Closed) {
          events.onShortCircuit?.(provider, operation);
          return fail({ kind: 'unavailable', reason: 'circuit-open' });
        }
        try {
          return await circuit.execute(call);
        } catch (error) {
          if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) return fail({ kind: 'unavailable', reason: 'circuit-open' });
          throw error;
        }
      },
    });
  }

  function measure(interaction: Interaction): void {
    const { provider } = interaction;
    if (!isMonitored(provider)) return;
    const list = samples.get(provider) ?? [];
    const now = Date.now();
    const sample = { at: now, failed: failed(interaction.outcome), unreadable: interaction.outcome === 'unreadable', ms: interaction.durationMs };
    list.push(sample);
    if (sample.failed) lastFailure.set(provider, now);
    if (sample.unreadable) lastUnreadable.set(provider, { operation: interaction.operation, field: interaction.field ?? '?', at: now });
    while (list.length > WINDOW_MAX_CALLS || (list[0] && list[0].at < now - STATUS_WINDOW_MS)) list.shift();
    samples.set(provider, list);
  }

  let probes: Readonly<Record<GuardedProvider, Probe>> | null = null;
  const running = new Set<GuardedProvider>();
  let timer: NodeJS.Timeout | null = null;

  async function probe(provider: GuardedProvider): Promise<void> {
    const circuit = circuits.get(provider);
    const run = probes?.[provider];
    if (!circuit || !run || circuit.state !== CircuitState.Open || running.has(provider)) return;
    running.add(provider);
    try {
      await probing.run(provider, () => circuit.execute(run));
    } catch (error) {
      log.warn({ provider, err: error }, 'provider probe failed unexpectedly');
    } finally {
      running.delete(provider);
    }
  }

  const health: ProviderHealth = {
    guard: (provider) => (isGuarded(provider) ? guards.get(provider) : undefined),

    recorder: (inner) => ({
      async record(interaction) {
        measure(interaction);
        events.onCall?.(interaction);
        // A probe is not about any application: measured, not written to the interaction log.
        if (probing.getStore() === undefined) await inner.record(interaction);
      },
    }),

    isAvailable: (provider) => !isGuarded(provider) || circuits.get(provider)?.state === CircuitState.Closed,

    circuitState: (provider) => STATE_NAMES[circuits.get(provider)?.state ?? CircuitState.Closed],

    statuses() {
      const since = Date.now() - STATUS_WINDOW_MS;
      return MONITORED_PROVIDERS.map((provider) => {
        const recent = (samples.get(provider) ?? []).filter((s) => s.at >= since);
        const durations = recent.map((s) => s.ms).sort((a, b) => a - b);
        const failures = recent.filter((s) => s.failed).length;
        const last = recent.at(-1);
        return {
          provider,
          circuit: isGuarded(provider) ? health.circuitState(provider) : null,
          circuitSince: isGuarded(provider) ? iso(circuitSince.get(provider) ?? null) : null,
          calls: recent.length,
          failures,
          errorRate: recent.length > 0 ? failures / recent.length : null,
          latencyMedianMs: durations.length > 0 ? Math.round(percentile(durations, 50)) : null,
          latencyP95Ms: durations.length > 0 ? Math.round(percentile(durations, 95)) : null,
          lastCallAt: iso(last?.at ?? null),
          lastFailureAt: iso(lastFailure.get(provider) ?? null),
          configured: options.configured?.has(provider) ?? true,
          unreadable: recent.filter((s) => s.unreadable).length,
          lastUnreadable: unreadableView(lastUnreadable.get(provider)),
        };
      });
    },

    watch(next) {
      probes = next;
      timer ??= setInterval(() => void health.probeOpenCircuits(), options.probeIntervalMs);
      timer.unref();
    },

    async probeOpenCircuits() {
      await Promise.all(GUARDED_PROVIDERS.map((provider) => probe(provider)));
    },

    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
  return health;
}
