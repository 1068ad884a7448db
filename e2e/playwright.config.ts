import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
// @ts-expect-error: a plain JavaScript helper shared with the test script.
import { findChromium } from '../scripts/ensure-chromium.mjs';

// The end-to-end tests drive Debian's Chromium against the built server, with its embedded
// database in a fresh folder and the sandbox on: real HTTP, real database, real browser.
const port = Number(process.env.E2E_PORT ?? 3217);
// An isolated run (scripts/e2e-isolated.mjs) builds into its own folders.
const serverEntry = process.env.E2E_SERVER_ENTRY ?? 'server/dist/server.js';
const webDist = process.env.E2E_WEB_DIST;
const baseURL = `http://localhost:${port}`;
// A second server whose BankID broker follows Signicat's conventions (OIDC_PROFILE=signicat):
// only the BankID journeys run against it (the first server plays Idura, the default).
const signicatPort = Number(process.env.E2E_SIGNICAT_PORT ?? port + 600);
const signicatURL = `http://localhost:${signicatPort}`;
const executablePath = (findChromium() as string | null) ?? undefined;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Three browsers at once on two cores: the journeys wait for the simulated parties and for the
  // waiting screen's polls about a third of the time, which a third browser fills. Tests spread
  // over the browsers one by one (each makes its own order and customer), except in the files
  // that say `mode: 'serial'`. A test that changes what every customer sees (a simulated lender
  // taken down) is tagged @exclusive and runs after the rest, alone.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One folder per run (by port): runs at the same time must not share traces and attachments.
  outputDir: join(tmpdir(), `portal-e2e-results-${port}`),
  use: {
    baseURL,
    // A failed test keeps its trace (every action with its place in the test, network and
    // console) and a screenshot of the page as it failed. Not the screencast, nor the page's DOM
    // before and after every action: recorded all through every test to be kept only for a
    // failure, they cost a sixth and a further 6 % of the phase (ADR 6).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox', '--disable-gpu', '--in-process-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync',
        // A test's page lives seconds: V8's optimising compilers and its helper threads cost more
        // than they give back there. Interpreter and baseline code, one thread: the pages' CPU
        // 184 -> 143 CPU-seconds per run (ADR 6). What the pages do is the same.
        '--js-flags=--no-opt --no-maglev --single-threaded',
      ],
    },
  },
  projects: [
    { name: 'shared', grepInvert: /@exclusive/ },
    { name: 'exclusive', grep: /@exclusive/, dependencies: ['shared'], workers: 1 },
    { name: 'signicat', testMatch: /bankid\.spec\.ts$/, grepInvert: /@exclusive/, use: { baseURL: signicatURL } },
  ],
  webServer: [
    { port, url: baseURL, oidcProfile: 'idura' },
    { port: signicatPort, url: signicatURL, oidcProfile: 'signicat' },
  ].map((server) => ({
    command: `node --optimize-for-size ${serverEntry}`,
    cwd: join(import.meta.dirname, '..'),
    url: `${server.url}/health/ready`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      PUBLIC_URL: server.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-data-')),
      SANDBOX: 'true',
      OIDC_PROFILE: server.oidcProfile,
      LOG_LEVEL: 'warn',
      // Every journey's customer comes from 127.0.0.1: the per-address limit is raised; the
      // others (per application, session, key) count as in production (ADR 15).
      RATE_LIMITS: 'identificationPerIp=100000',
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
    },
  })),
});
