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

// A worker takes a batch of jobs at once. Each is settled on its own: the one that fails is tried
// again and ends failed, while the others run once and are done. pg-boss 10 would otherwise fail
// (and run again) every job of a batch in which one failed.
it('settles each job of a batch on its own: one failure is retried without the rest', { timeout: 30_000 }, async () => {
  const { db, drop } = await openTestDatabase('pglite');
  const app = Fastify({ logger: false });
  const runs: string[] = [];
  app.decorate('config', testConfig());
  app.decorate('metrics', { jobRun: () => undefined } as unknown as FastifyInstance['metrics']);
  await app.register(database, { db });
  await app.register(jobs);
  app.jobs.register<{ name: string }>({
    name: 'batch-test-job',
    pollingIntervalSeconds: 0.5,
    batchSize: 3,
    retryLimit: 1,
    retryDelaySeconds: 1,
    handler: async ({ name }) => {
      runs.push(name);
      if (name === 'bad') throw new Error('this one fails');
    },
  });
  try {
    await app.ready();
    // All three in the worker's next fetch.
    await app.jobs.send('batch-test-job', { name: 'good-1' }, { startAfter: new Date(Date.now() + 1000) });
    await app.jobs.send('batch-test-job', { name: 'bad' }, { startAfter: new Date(Date.now() + 1000) });
    await app.jobs.send('batch-test-job', { name: 'good-2' }, { startAfter: new Date(Date.now() + 1000) });
    const states = async () =>
      db.query<{ name: string; state: string }>(`SELECT data->>'name' AS name, state FROM ${app.jobs.schema}.job WHERE name = 'batch-test-job' ORDER BY 1`);
    const settled = await eventually(async () => {
      const rows = await states();
      return rows.length === 3 && rows.every((row) => row.state === 'completed' || row.state === 'failed') && rows;
    }, 20_000);
    expect(settled).toEqual([
      { name: 'bad', state: 'failed' },
      { name: 'good-1', state: 'completed' },
      { name: 'good-2', state: 'completed' },
    ]);
    expect(runs.filter((name) => name === 'bad')).toHaveLength(2);
    expect(runs.filter((name) => name !== 'bad').sort()).toEqual(['good-1', 'good-2']);
  } finally {
    await app.close();
    await drop();
  }
});
