/**
 * Prometheus metrics (prom-client, ADR 17), served at /metrics (routes/metrics.ts). One registry
 * per app, so tests can run several apps in one process; the process's own series (memory, event
 * loop lag, …) once per process. Labels are route patterns, status classes, provider, operation,
 * queue and status names: a bounded set, never a reference, a URL or personal data.
 *
 * Series read from the database at scrape time (queue depth and age, active sessions) are the
 * same on every instance: aggregate them with max(), not sum().
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APPLICATION_STATUSES, type ApplicationStatus, CIRCUIT_STATES, WEBHOOK_DELIVERY } from '@portal/domain';
import { jobQueueStats } from '../jobs/queue-stats';
import { TalliedHistogram } from '../lib/tallied-histogram';
import type { Interaction } from '../providers/types';

export type WebhookOutcome = 'delivered' | 'rejected' | 'unreachable';
/** A mail's attempt: taken by the SMTP server, not taken now (tried again), or failed for good. */
export type MailOutcome = 'sent' | 'deferred' | 'failed';
const MAIL_OUTCOMES: readonly MailOutcome[] = ['sent', 'deferred', 'failed'];

export interface PortalMetrics {
  /**
   * The requests a hot path answers (Fastify's hook does not see them), by the route's pattern:
   * bound once to method, route and status, then called with each request's seconds. Counted in
   * memory and added to the series when the metrics are read (lib/tallied-histogram.ts).
   */
  httpTally(method: string, route: string, statusCode: number): (seconds: number) => void;
  providerCall(interaction: Interaction): void;
  shortCircuited(provider: string, operation: string): void;
  applicationEntered(status: ApplicationStatus): void;
  webhookDelivery(outcome: WebhookOutcome, attempt: number, trigger: 'delivery' | 'resend'): void;
  /** How long after its change a webhook's first delivery attempt began. */
  webhookDelay(seconds: number): void;
  jobRun(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
  mailDelivery(outcome: MailOutcome): void;
  /** A page the server renders (ADR 26): rendered, failed (sent unrendered), or no renderer to render it with. */
  pageRender(outcome: 'rendered' | 'failed' | 'unavailable', seconds: number): void;
  /** The exposition text and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

/** The process's own series: one set per process, however many apps it runs. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
/** The first delivery and its retries by number; attempts past the last retry (resends) share one label. */
const LAST_ATTEMPT = WEBHOOK_DELIVERY.retries + 1;
const attemptLabel = (attempt: number) => (attempt > LAST_ATTEMPT ? `${LAST_ATTEMPT + 1}+` : String(Math.max(1, attempt)));

export default fp(async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  const registers = [registry];

  const http = new TalliedHistogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const providerCalls = new Histogram({
    name: 'portal_provider_call_duration_seconds',
    help: 'Calls to providers by provider, operation and outcome (ok, refused, rate-limited, unavailable, unreadable: answered in a shape the adapter cannot read)',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const shortCircuits = new Counter({
    name: 'portal_provider_short_circuited_total',
    help: 'Calls an open circuit answered at once as unavailable, without calling the provider',
    labelNames: ['provider', 'operation'] as const,
    registers,
  });
  const entered = new Counter({
    name: 'portal_application_status_entered_total',
    help: 'Applications entering each lifecycle status (counted after the change committed)',
    labelNames: ['status'] as const,
    registers,
  });
  for (const status of APPLICATION_STATUSES) entered.inc({ status }, 0);
  const webhooks = new Counter({
    name: 'portal_webhook_deliveries_total',
    help: 'Webhook delivery attempts to merchants by outcome (delivered: 2xx; rejected: another answer; unreachable: none), attempt number and trigger',
    labelNames: ['outcome', 'attempt', 'trigger'] as const,
    registers,
  });
  const webhookDelays = new Histogram({
    name: 'portal_webhook_delay_seconds',
    help: 'Time from a change to the first delivery attempt of its webhook (the queue\'s wait, before any retry)',
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  });
  const jobRuns = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Background job runs by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const mails = new Counter({
    name: 'portal_mail_deliveries_total',
    help: 'Mail delivery attempts by outcome (sent: taken by the SMTP server; deferred: not taken now, tried again; failed: refused for good or tried too often)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of MAIL_OUTCOMES) mails.inc({ outcome }, 0);
  const pageRenders = new Histogram({
    name: 'portal_page_render_duration_seconds',
    help: 'Pages rendered on the server, with the API calls for their data, by outcome (rendered; failed and unavailable: sent for the browser to render)',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  for (const outcome of ['rendered', 'failed', 'unavailable']) pageRenders.zero({ outcome });

  const warnOnce = new Set<string>();
  /** A series read at scrape time that cannot be read is left out (stale values mislead). */
  const readOrReset = async (name: string, gauges: { reset(): void }[], read: () => Promise<void>) => {
    try {
      await read();
      warnOnce.delete(name);
    } catch (error) {
      for (const gauge of gauges) gauge.reset();
      if (!warnOnce.has(name)) app.log.warn({ err: error, series: name }, 'metrics: a series could not be read');
      warnOnce.add(name);
    }
  };

  const queueAge = new Gauge({
    name: 'portal_job_queue_oldest_age_seconds',
    help: 'How long the oldest job that is due has waited, per queue (0: none waiting)',
    labelNames: ['queue'] as const,
    registers,
  });
  new Gauge({
    name: 'portal_job_queue_depth',
    help: 'Jobs per queue: queued (due), deferred (due later: retries, scheduled polls) and active',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      await readOrReset('portal_job_queue_depth', [this, queueAge], async () => {
        const stats = await jobQueueStats(app.db, app.jobs.schema);
        this.reset();
        queueAge.reset();
        for (const s of stats) {
          this.set({ queue: s.queue, state: 'queued' }, s.queued);
          this.set({ queue: s.queue, state: 'deferred' }, s.deferred);
          this.set({ queue: s.queue, state: 'active' }, s.active);
          queueAge.set({ queue: s.queue }, s.oldestDueSeconds);
        }
      });
    },
  });
  new Gauge({
    name: 'portal_key_rotation_rows',
    help: 'The latest key rotation (ADR 37): rows re-sealed or re-hashed so far (done), and still to do, estimated (remaining; 0 once finished). All instances: it lives in the database',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      await readOrReset('portal_key_rotation_rows', [this], async () => {
        const status = await app.keyRotation.status();
        this.set({ state: 'done' }, status?.rowsDone ?? 0);
        this.set({ state: 'remaining' }, status && !status.finishedAt ? Math.max(0, (status.rowsTotal ?? 0) - status.rowsDone) : 0);
      });
    },
  });
  new Gauge({
    name: 'portal_customer_sessions_active',
    help: 'Customer sessions that have not expired (all instances: they live in the database)',
    registers,
    async collect() {
      await readOrReset('portal_customer_sessions_active', [this], async () => this.set(await app.repos.sessions.countActive()));
    },
  });
  new Gauge({
    name: 'portal_provider_circuit_state',
    help: "Each lender's circuit on this instance: 1 for its current state (closed, open, half-open)",
    labelNames: ['provider', 'state'] as const,
    registers,
    collect() {
      for (const status of app.providerHealth.statuses()) {
        if (!status.circuit) continue;
        for (const state of CIRCUIT_STATES) this.set({ provider: status.provider, state }, status.circuit === state ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'portal_provider_error_ratio',
    help: 'Share of the calls of the last minutes a provider did not answer or answered 429 (this instance; absent without calls)',
    labelNames: ['provider'] as const,
    registers,
    collect() {
      this.reset();
      for (const status of app.providerHealth.statuses()) {
        if (status.errorRate !== null) this.set({ provider: status.provider }, status.errorRate);
      }
    },
  });

  const httpLabels = (method: string, route: string, statusCode: number) => ({ method: METHODS.has(method) ? method : 'OTHER', route, status_class: statusClass(statusCode) });
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/api/loan-application/validate/:reference`), never the URL itself.
    http.observe(httpLabels(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode), reply.elapsedTime / 1000);
    done();
  });

  app.decorate('metrics', {
    httpTally: (method, route, statusCode) => http.tally(httpLabels(method, route, statusCode)),
    providerCall(interaction) {
      providerCalls.observe({ provider: interaction.provider, operation: interaction.operation, outcome: interaction.outcome }, interaction.durationMs / 1000);
    },
    shortCircuited(provider, operation) {
      shortCircuits.inc({ provider, operation });
    },
    applicationEntered(status) {
      entered.inc({ status });
    },
    webhookDelivery(outcome, attempt, trigger) {
      webhooks.inc({ outcome, attempt: attemptLabel(attempt), trigger });
    },
    webhookDelay(seconds) {
      webhookDelays.observe(Math.max(0, seconds));
    },
    jobRun(queue, outcome, seconds) {
      jobRuns.observe({ queue, outcome }, seconds);
    },
    mailDelivery(outcome) {
      mails.inc({ outcome });
    },
    pageRender(outcome, seconds) {
      pageRenders.observe({ outcome }, seconds);
    },
    async scrape() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  } satisfies PortalMetrics);
});
