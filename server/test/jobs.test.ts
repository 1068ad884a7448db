import Fastify, { type FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import jobs from '../src/jobs';
import { jobQueueStats } from '../src/jobs/queue-stats';
import database from '../src/plugins/database';
import { TEST_DATABASE_URL } from './env';
import { eventually } from './flow-helpers';
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

// Two portals in two schemas of one PostgreSQL database (two deployments, or two tests at once)
// each have a job queue of their own: neither runs nor counts the other's jobs. A shared queue
// made a test wait behind jobs other tests had left, each for an application it did not have.
it.runIf(Boolean(TEST_DATABASE_URL))('portals in two schemas of one database keep their jobs apart', { timeout: 60_000 }, async () => {
  const portals = await Promise.all(
    [0, 1].map(async () => {
      const store = await openTestDatabase('postgres');
      const app = Fastify({ logger: false });
      const handled: string[] = [];
      app.decorate('config', testConfig());
      // The metrics plugin is not part of this small app: runs are counted nowhere.
      app.decorate('metrics', { jobRun: () => undefined } as unknown as FastifyInstance['metrics']);
      await app.register(database, { db: store.db });
      await app.register(jobs);
      app.jobs.register({ name: 'apart-test-job', pollingIntervalSeconds: 0.5, handler: async (data: { from?: string }) => void handled.push(data.from ?? '') });
      await app.ready();
      return { app, store, handled };
    }),
  );
  try {
    const [one, two] = portals;
    if (!one || !two) throw new Error('two portals');
    expect(one.app.jobs.schema).not.toBe(two.app.jobs.schema);
    await one.app.jobs.send('apart-test-job', { from: 'one' }, { startAfter: 3600 });
    await two.app.jobs.send('apart-test-job', { from: 'two' });
    await eventually(async () => two.handled.length > 0);
    const stats = async (p: typeof one) => (await jobQueueStats(p.store.db, p.app.jobs.schema)).find((s) => s.queue === 'apart-test-job');
    expect(await stats(one)).toMatchObject({ deferred: 1 });
    expect(await stats(two)).toMatchObject({ deferred: 0 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(one.handled).toEqual([]);
    expect(two.handled).toEqual(['two']);
  } finally {
    for (const p of portals) {
      await p.app.close();
      await p.store.drop();
    }
  }
});
