import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type CountryCode, RATE_LIMIT_NAMES } from '@portal/domain';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Db, openDatabase } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { DEMO_MERCHANT } from '../src/sandbox-mode/demo-merchant';
import { TEST_DATABASE_URL } from './env';

export type Engine = 'pglite' | 'postgres';

/** Integration tests run on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const FIXTURE_WEB_DIST = new URL('./fixtures/web-dist/', import.meta.url).pathname;

export interface TestDatabase {
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database: a copy of the embedded template, or a new schema on PostgreSQL. */
export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const db = await openDatabase({ loadDataDir: template, detectTransactionMisuse: true });
    return { db, drop: () => db.close() };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDatabase({ databaseUrl: TEST_DATABASE_URL });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ databaseUrl: url.toString() });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      // The job queue's tables, beside the schema (jobs/index.ts, jobSchemaFor).
      await admin.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      await admin.close();
    },
  };
}

/**
 * Every test's customers come from 127.0.0.1: the per-address limit is raised, the others (per
 * application, per session, per key) count as in production (ADR 15). A test's own RATE_LIMITS
 * come on top; RATE_LIMITS set to '' means production's numbers throughout.
 */
const TEST_RATE_LIMITS = 'identificationPerIp=100000';

/**
 * Every limit far past what a test reaches: for the fuzzer, which calls each endpoint hundreds of
 * times from one client and must reach the use cases, not the limit. The limits are still counted.
 */
export const LIMITS_OUT_OF_REACH = RATE_LIMIT_NAMES.map((name) => `${name}=100000000`).join(',');

/** For a test that submits one application many times at once, to show nothing doubles. */
export const SUBMIT_STORM_LIMITS = 'submitPerApplication=1000,submitPerSession=1000';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SANDBOX: 'true',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-data-')),
    WEB_DIST_DIR: FIXTURE_WEB_DIST,
    PUBLIC_URL: 'http://localhost:3000',
    // An open circuit is tested every 100 ms: a test that opened one is not kept waiting for it.
    PROVIDER_PROBE_INTERVAL_MS: '100',
    ...env,
    RATE_LIMITS: env.RATE_LIMITS === '' ? '' : [TEST_RATE_LIMITS, env.RATE_LIMITS].filter(Boolean).join(','),
  });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  database?: TestDatabase,
  logStream?: { write(line: string): void },
  adjust: (config: Config) => Config = (config) => config,
): Promise<TestApp> {
  const owned = database ?? (await openTestDatabase(engine));
  let app: FastifyInstance;
  try {
    // Every client-API answer a test gets is checked against domain's contract (ADR 21).
    app = await buildApp({ config: adjust(testConfig(env)), db: owned.db, logStream, checkAnswers: true });
  } catch (error) {
    // A configuration the portal refuses (a test of it) leaves no database behind.
    if (!database) await owned.drop();
    throw error;
  }
  return {
    app,
    // The app's own handle: it carries the personal-data keys repositories and sandbox stores need.
    db: app.db,
    async close() {
      await app.close();
      if (!database) await owned.drop();
    },
  };
}

export const merchantAuth = { authorization: `Bearer ${DEMO_MERCHANT.apiKey}` };
export const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'portal_sid');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `portal_sid=${cookie.value}`;
}

let counter = 0;
/** A unique merchant reference per call, so tests never collide. */
export const nextReference = (prefix = 'order'): string => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** A free TCP port on this machine. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The app listening on a real port, its public URL (and so every sandbox provider's base URL)
 * pointing at itself: adapters then talk to the simulators over real HTTP, as in production.
 */
export async function startTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  database?: TestDatabase,
  adjust?: (config: Config) => Config,
): Promise<TestApp & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp(engine, { PORT: String(port), PUBLIC_URL: url, ...env }, database, undefined, adjust);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, url };
}

/**
 * The simulated providers of a sandbox configuration, every one there (config.ts configures each
 * in the sandbox): for tests that build an adapter against its simulator.
 */
export function simulated(config: Config) {
  const { resursV2, resursV1, grenke, signing, oidc, registry } = config.providers;
  if (!resursV2 || !resursV1 || !grenke || !signing || !registry.sweden) throw new Error('not a sandbox configuration: a provider is missing');
  const every = <T>(accounts: Record<CountryCode, T | null>): Record<CountryCode, T> => {
    const { NO, SE } = accounts;
    if (!NO || !SE) throw new Error('not a sandbox configuration: a country has no account');
    return { NO, SE };
  };
  return {
    resursV2: { baseUrl: resursV2.baseUrl, accounts: every(resursV2.accounts) },
    resursV1: { baseUrl: resursV1.baseUrl, accounts: every(resursV1.accounts) },
    grenke: { baseUrl: grenke.baseUrl, clientCertFile: undefined, clientKeyFile: undefined },
    signing,
    oidc,
    registry: { norway: registry.norway, sweden: registry.sweden },
  };
}
