/**
 * Key rotation in the background (ADR 37): after a new key of personal data comes first, the
 * portal is ready at once and reads rows sealed with the old key; the rows are re-sealed (and
 * national IDs hashed again for a new lookup key) in batches behind it; one instance runs the
 * batches however many start; one stopped halfway is followed by another that goes on from there.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HEALTH, METRICS } from '@portal/domain';
import { buildApp } from '../src/app';
import type { KeyRotationOptions } from '../src/db/key-rotation';
import { ENGINES, openTestDatabase, type TestDatabase, testConfig } from './helpers';

const ROWS = 240;
/** `lookup`: the lookup key's fill byte, or several (`[new, old]`: the old one listed after the new). */
const keys = (lookup: number | number[], ...ids: string[]) => ({
  DATA_ENCRYPTION_KEYS: ids.map((id) => `${id}:${Buffer.alloc(32, id.charCodeAt(0)).toString('base64')}`).join(','),
  DATA_LOOKUP_KEY: [lookup].flat().map((fill) => Buffer.alloc(32, fill).toString('base64')).join(','),
});
/** Small batches with a pause between them: a rotation long enough to look at halfway. */
const SLOW: KeyRotationOptions = { batchSize: 20, pauseMs: 40, idleMs: 20 };

/** A national ID for row `n` (not a valid one: the rotation does not read it as one). */
const nationalIdOf = (n: number) => `1${String(n).padStart(10, '0')}`;

describe.each(ENGINES)('key rotation in the background (%s)', (engine) => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  const start = async (env: Record<string, string>, options: KeyRotationOptions = SLOW) => {
    const app = await buildApp({ config: testConfig(env), db: database.db, keyRotation: options });
    apps.push(app);
    return app;
  };
  const count = async (app: FastifyInstance, sql: string) => Number((await app.db.query<{ n: string }>(`SELECT (${sql})::text AS n`))[0]?.n);
  const oldSealed = (app: FastifyInstance, keyId: string) =>
    count(app, `SELECT count(*) FROM customers WHERE national_id LIKE 'pd1.${keyId}.%' OR email LIKE 'pd1.${keyId}.%' OR phone LIKE 'pd1.${keyId}.%'`);
  const updates = (app: FastifyInstance) => count(app, 'SELECT count(*) FROM customer_updates');

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    // Customers sealed with key a, and every update of the table counted (a row done twice shows).
    const first = await start(keys(7, 'a'));
    const pd = first.db.personalData;
    if (!pd) throw new Error('no keys');
    const numbers = Array.from({ length: ROWS }, (_, n) => n);
    const ids = await first.db.query<{ id: string }>(
      `INSERT INTO applications (reference, merchant_id, merchant_payment_reference, request_hash, country_code, customer_type,
         provider, version, loan_amount, loan_period, currency, callback_url, status)
       SELECT 'rot-' || n, 'demo', 'order-rot-' || n, 'hash', 'NO', 'PRIVATE', 'RESURS', 2, 1000, 36, 'NOK', 'http://localhost:3000/demo-shop/return', 'SUBMITTED'
         FROM generate_series(0, $1::int - 1) AS n ORDER BY n RETURNING id`,
      [ROWS],
    );
    await first.db.query(
      `INSERT INTO customers (application_id, type, national_id, national_id_hash, first_name, last_name, email, phone)
       SELECT v.application_id, 'PRIVATE', v.national_id, v.hash, 'Kari', 'Nordmann', v.email, v.phone
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(application_id, national_id, hash, email, phone)`,
      [
        ids.map((row) => row.id),
        numbers.map((n) => pd.seal('customers.national_id', nationalIdOf(n))),
        numbers.map((n) => pd.nationalIdHash(nationalIdOf(n))),
        numbers.map((n) => pd.seal('customers.email', `kari.${n}@example.com`)),
        numbers.map((n) => pd.seal('customers.phone', `+47 9${String(n).padStart(7, '0')}`)),
      ],
    );
    await first.db.execRows(`
      CREATE TABLE customer_updates (id uuid NOT NULL);
      CREATE FUNCTION count_customer_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO customer_updates VALUES (NEW.id); RETURN NEW; END $$;
      CREATE TRIGGER count_customer_update AFTER UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION count_customer_update();`);
    await first.close();
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.drop();
  });

  it('is ready at once with a new key, reads old rows meanwhile, and re-seals every row once behind it', async () => {
    const began = Date.now();
    // Batches 0.4 s apart: the last row by key is reached seconds after the start, however busy the machine.
    const app = await start(keys(7, 'b', 'a'), { batchSize: 20, pauseMs: 400, idleMs: 20 });
    const ready = await app.inject({ method: 'GET', url: HEALTH.ready.pattern });
    expect(ready.statusCode).toBe(200);
    expect(Date.now() - began).toBeLessThan(10_000);
    const customers = await count(app, 'SELECT count(*) FROM customers');

    // Ready, and rows still sealed with key a (the last by key is done last): they read as before.
    expect(await oldSealed(app, 'a')).toBeGreaterThan(0);
    expect(await app.repos.applications.listForNationalId(nationalIdOf(ROWS - 1))).toHaveLength(1);
    const [last] = await app.db.query<{ application_id: string; national_id: string }>(`SELECT application_id, national_id FROM customers ORDER BY id DESC LIMIT 1`);
    expect(last?.national_id).toMatch(/^pd1\.a\./);
    expect(await app.repos.customers.findByApplicationId(last?.application_id ?? '')).toMatchObject({ firstName: 'Kari', nationalId: expect.stringMatching(/^1\d{10}$/) });
    expect(await app.keyRotation.status()).toMatchObject({ keyId: 'b', rehash: false, finishedAt: null });
    while (((await app.keyRotation.status())?.rowsDone ?? 0) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const remaining = /^portal_key_rotation_rows\{state="remaining"\} (\d+)$/m.exec((await app.inject({ method: 'GET', url: METRICS.pattern })).body)?.[1];
    expect(Number(remaining)).toBeGreaterThan(0);

    await app.keyRotation.settled();
    expect(await oldSealed(app, 'a')).toBe(0);
    expect(await updates(app)).toBe(customers);
    expect(await count(app, 'SELECT count(DISTINCT id) FROM customer_updates')).toBe(customers);
    expect(await app.keyRotation.status()).toMatchObject({ keyId: 'b', stage: null, rowsDone: expect.any(Number), finishedAt: expect.any(Date) });
    expect((await app.inject({ method: 'GET', url: METRICS.pattern })).body).toMatch(/^portal_key_rotation_rows\{state="remaining"\} 0$/m);
    await app.close();

    // Key a can go: every row opens with b alone, and a start with the same keys does nothing.
    const onlyB = await start(keys(7, 'b'));
    expect(await onlyB.repos.applications.listForNationalId(nationalIdOf(3))).toHaveLength(1);
    expect(onlyB.keyRotation.runner()).toBeNull();
    expect(await updates(onlyB)).toBe(customers);
  }, 60_000);

  it('hashes every national ID again for a new lookup key, in the background', async () => {
    const app = await start(keys(9, 'a'));
    expect(await app.inject({ method: 'GET', url: HEALTH.ready.pattern })).toMatchObject({ statusCode: 200 });
    await app.keyRotation.settled();
    expect(await app.keyRotation.status()).toMatchObject({ keyId: 'a', rehash: true, finishedAt: expect.any(Date) });
    const pd = app.db.personalData;
    const hashes = await app.db.query<{ n: number; hash: string }>(
      `SELECT substr(a.reference, 5)::int AS n, c.national_id_hash AS hash FROM customers c JOIN applications a ON a.id = c.application_id WHERE a.reference LIKE 'rot-%'`,
    );
    expect(hashes).toHaveLength(ROWS);
    for (const { n, hash } of hashes) expect(hash).toBe(pd?.nationalIdHash(nationalIdOf(n)));
    expect(await app.repos.applications.listForNationalId(nationalIdOf(17))).toHaveLength(1);
  }, 60_000);

  it('finds a person by the earlier lookup key listed after the new one while the hashes are remade', async () => {
    const app = await start(keys([11, 7], 'a'), { batchSize: 40, pauseMs: 300, idleMs: 20 });
    expect(await app.inject({ method: 'GET', url: HEALTH.ready.pattern })).toMatchObject({ statusCode: 200 });
    expect(await app.keyRotation.status()).toMatchObject({ rehash: true, finishedAt: null });
    // The row the rotation reaches last (by primary key) still carries the old key's hash, not the new one's.
    const [last] = await app.db.query<{ n: number }>(
      `SELECT substr(a.reference, 5)::int AS n FROM customers c JOIN applications a ON a.id = c.application_id ORDER BY c.id DESC LIMIT 1`,
    );
    const n = last?.n ?? -1;
    const [current, earlier] = app.db.personalData?.nationalIdHashes(nationalIdOf(n)) ?? [];
    expect(await count(app, `SELECT count(*) FROM customers WHERE national_id_hash = '${earlier}'`)).toBe(1);
    expect(await count(app, `SELECT count(*) FROM customers WHERE national_id_hash = '${current}'`)).toBe(0);
    // Found all the same, as is a row already re-hashed.
    expect(await app.repos.applications.listForNationalId(nationalIdOf(n))).toHaveLength(1);
    await app.keyRotation.settled();
    expect(await app.repos.applications.listForNationalId(nationalIdOf(n))).toHaveLength(1);
    await app.close();

    // Once finished, the old key can go: every row is found by the new one alone.
    const onlyNew = await start(keys(11, 'a'));
    expect(onlyNew.keyRotation.runner()).toBeNull();
    expect(await onlyNew.repos.applications.listForNationalId(nationalIdOf(n))).toHaveLength(1);
  }, 60_000);

  it('is run by one instance when two start at once', async () => {
    const [one, two] = await Promise.all([start(keys(7, 'b', 'a')), start(keys(7, 'b', 'a'))]);
    if (!one || !two) throw new Error('two instances');
    await Promise.all([one.keyRotation.settled(), two.keyRotation.settled()]);
    const batches = [one.keyRotation.runner()?.batches() ?? 0, two.keyRotation.runner()?.batches() ?? 0];
    expect(batches.filter((n) => n > 0)).toHaveLength(1);
    expect(await oldSealed(one, 'a')).toBe(0);
    const customers = await count(one, 'SELECT count(*) FROM customers');
    expect(await updates(one)).toBe(customers);
  }, 60_000);

  it('goes on where an instance stopped halfway left it, doing no row twice', async () => {
    const first = await start(keys(7, 'b', 'a'));
    const customers = await count(first, 'SELECT count(*) FROM customers');
    for (let waited = 0; ((await first.keyRotation.status())?.rowsDone ?? 0) < customers / 3; waited += 20) {
      if (waited > 30_000) throw new Error('the rotation did not begin');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.close();
    const rowsByFirst = first.keyRotation.runner()?.rows() ?? 0;
    const customersByFirst = await updates(first);
    expect(customersByFirst).toBeGreaterThan(0);
    expect(customersByFirst).toBeLessThan(customers);
    expect(await oldSealed(first, 'a')).toBe(customers - customersByFirst);
    // It gave up the rotation as it stopped: nobody holds it.
    expect(await first.keyRotation.status()).toMatchObject({ holder: null, finishedAt: null, rowsDone: rowsByFirst });

    const second = await start(keys(7, 'b', 'a'));
    await second.keyRotation.settled();
    const rowsBySecond = second.keyRotation.runner()?.rows() ?? 0;
    expect(await second.keyRotation.status()).toMatchObject({ rowsDone: rowsByFirst + rowsBySecond, finishedAt: expect.any(Date) });
    expect(await oldSealed(second, 'a')).toBe(0);
    expect(await updates(second)).toBe(customers);
    expect(await count(second, 'SELECT count(DISTINCT id) FROM customer_updates')).toBe(customers);
  }, 60_000);
});
