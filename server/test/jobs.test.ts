import Fastify from 'fastify';
import { expect, it } from 'vitest';
import jobs from '../src/jobs';
import database from '../src/plugins/database';
import { openTestDatabase, testConfig } from './helpers';

// A job whose handler is still running when the app closes (past the queue's stop timeout) ends
// after the database has closed. Recording its result must not throw where nobody catches it:
// an unhandled rejection here fails the test run.
it('a handler that outlives the shutdown finishes without touching the closed database', { timeout: 30_000 }, async () => {
  const { db, drop } = await openTestDatabase('pglite');
  const app = Fastify({ logger: false });
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let finished = false;

  app.decorate('config', testConfig());
  await app.register(database, { db });
  await app.register(jobs);
  app.jobs.register({
    name: 'slow-test-job',
    pollingIntervalSeconds: 0.5,
    handler: async () => {
      started();
      await held;
      finished = true;
    },
  });
  await app.ready();
  await app.jobs.send('slow-test-job', {});
  await running;

  await app.close(); // waits for the queue's stop timeout, then stops it
  await drop(); // the database is gone
  release();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(finished).toBe(true);
});
