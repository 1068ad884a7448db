import Fastify, { type FastifyInstance, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { API, HEALTH, METRICS, REQUEST_BODY_LIMIT_BYTES } from '@portal/domain';
import type { Config } from './config';
import type { Db } from './db/db';
import { HotPaths } from './lib/hot-paths';
import { PortalServer } from './lib/http-server';
import { loggerOptions } from './lib/logger';
import { zodValidatorCompiler } from './lib/validation';
import answerContract from './plugins/answer-contract';
import type { KeyRotationOptions } from './db/key-rotation';
import database from './plugins/database';
import errorHandler, { frameworkErrors, MAX_PARAM_LENGTH } from './plugins/error-handler';
import inputGuard from './plugins/input-guard';
import metrics from './plugins/metrics';
import rateLimits from './plugins/rate-limits';
import security from './plugins/security';
import { registerContractDelivery } from './jobs/contract-delivery';
import { registerStatusPolling } from './jobs/status-poll';
import { registerMoneyOperations } from './jobs/money-operations';
import { registerMailDelivery } from './jobs/mail-delivery';
import { registerWebhookDelivery } from './jobs/webhook-delivery';
import lenders from './lenders';
import { registerHousekeeping } from './services/housekeeping';
import { registerWithdrawalReminders } from './services/after-decision/reminders';
import { registerSandboxLender } from './sandbox-mode/sandbox-lender';
import mailer from './services/mail/transport';
import spa from './plugins/spa';
import jobs from './jobs';
import providers from './providers';
import callbackRoutes from './routes/callbacks';
import paymentStatusRoutes from './routes/payment-status';
import changeFeed from './services/change-feed';
import health from './routes/health';
import metricsRoute from './routes/metrics';
import loanApplicationApi from './routes/loan-application';
import { clientApiDocs } from './routes/loan-application/openapi';
import merchantApi from './routes/merchant';
import backOffice from './routes/back-office';
import sandboxMode from './sandbox-mode';

export interface AppOptions {
  config: Config;
  /** An open database to use instead of the configured one (tests). */
  db?: Db;
  /** Where JSON logs go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Tests: check every client-API answer against its schema in domain/ (plugins/answer-contract.ts). */
  checkAnswers?: boolean;
  /** Tests: the batches of a key rotation in the background (db/key-rotation.ts). */
  keyRotation?: KeyRotationOptions;
}

/**
 * The whole portal as one plugin. It never listens: server.ts does, and tests use `inject`.
 * Order: external plugins, then the app's own (database, repositories), then routes.
 */
export const app = fp(async function portal(instance: FastifyInstance, options: AppOptions) {
  instance.decorate('config', options.config);
  instance.setValidatorCompiler(zodValidatorCompiler);

  await instance.register(errorHandler);
  if (options.checkAnswers) await instance.register(answerContract);
  await instance.register(inputGuard);
  await instance.register(security);
  await instance.register(database, { db: options.db, keyRotation: options.keyRotation });
  await instance.register(metrics);
  await instance.register(rateLimits);
  await instance.register(providers);
  await instance.register(lenders);
  await instance.register(changeFeed);
  await instance.register(jobs);
  // E-mail (issue 31, ADR 33): SMTP_URL, or the sandbox's own server once it listens (sandbox mode).
  await instance.register(mailer, { ...options.config.mail, timeoutMs: options.config.providerTimeoutMs });
  registerStatusPolling(instance);
  registerWebhookDelivery(instance);
  registerHousekeeping(instance);
  registerContractDelivery(instance);
  registerMoneyOperations(instance);
  registerMailDelivery(instance);
  registerWithdrawalReminders(instance);
  // The sandbox's lender desk answers review requests (issue 32).
  if (options.config.sandbox) registerSandboxLender(instance);

  await instance.register(health);
  await instance.register(metricsRoute);
  await instance.register(merchantApi);
  await instance.register(loanApplicationApi);
  await instance.register(callbackRoutes);
  await instance.register(paymentStatusRoutes);
  await instance.register(clientApiDocs);
  await instance.register(backOffice);
  await instance.register(spa);

  if (options.config.sandbox) await instance.register(sandboxMode);
});

const QUIET_PATHS = [API.paymentStatus.pattern, ...Object.values(HEALTH).map((r) => r.pattern), METRICS.pattern];
/** Polled by waiting customers, load balancers and Prometheus: no request log lines (errors still are). */
const isPoll = (request: { url?: string }): boolean => QUIET_PATHS.some((path) => request.url?.startsWith(path) ?? false);

/** A Fastify instance with the portal registered, ready to `listen` or `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const hotPaths = new HotPaths();
  const server = new PortalServer(hotPaths);
  const instance = Fastify({
    serverFactory: server.factory,
    logger:
      options.config.logLevel === 'silent'
        ? false
        : { ...loggerOptions(options.config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    logController: new LogController({ disableRequestLogging: isPoll }),
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    trustProxy: options.config.trustProxy,
    // Reject JSON with __proto__ or constructor keys instead of parsing them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    requestTimeout: 60_000,
    // A first start creates the embedded database, which takes a while on a busy machine.
    pluginTimeout: 120_000,
    forceCloseConnections: 'idle',
  });
  instance.decorate('hotPaths', hotPaths);
  hotPaths.onError = (error) => instance.log.error({ err: error }, 'hot path failed: the route answered instead');
  instance.addHook('preClose', (done) => {
    hotPaths.closing = true;
    server.closeUnused();
    done();
  });
  await instance.register(app, options);
  await instance.ready();
  return instance;
}
