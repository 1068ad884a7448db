import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/db';
import { freePort, openTestDatabase, startTestServer, type TestApp, type TestDatabase, testConfig } from './helpers';
import { call, eventually, outcomeOf, paymentStatus, press, startConsumer, throughKeyFacts } from './flow-helpers';
import { TEST_DATABASE_URL } from './env';

describe('a restart in the middle of a flow', () => {
  it('loses nothing: the customer signs after the restart and the decision arrives', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-flow-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = { ...testConfig({ PORT: String(port), PUBLIC_URL: url }), dataDir };

    const start = async () => {
      const db = await openDatabase({ dataDir, detectTransactionMisuse: true });
      const app = await buildApp({ config, db });
      await app.listen({ port, host: '127.0.0.1' });
      const t: TestApp = { app, db, close: async () => { await app.close(); await db.close(); } };
      return t;
    };

    const first = await start();
    const customer = await startConsumer(first, '18087248794', 2, url);
    const submitted = await call(first, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const callBackUrl = await throughKeyFacts(first, customer);
    await first.close();

    // Stopped while the customer was on Resurs' task page; started again on the same data.
    const second = await start();
    try {
      const pressed = await press(`${callBackUrl}/approve`);
      expect(pressed.status).toBe(303);
      const status = await eventually(async () => {
        const s = await paymentStatus(second, customer);
        return s.paymentStatus === 'ACCEPTED' && s;
      }, 15_000);
      expect(outcomeOf(status.redirectUrl)).toBe('client_sign_success_approved');
    } finally {
      await second.close();
    }
  });
});

describe.runIf(Boolean(TEST_DATABASE_URL))('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: TestApp & { url: string };
  let b: TestApp & { url: string };
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    a = await startTestServer('postgres', {}, database);
    b = await startTestServer('postgres', {}, database);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('serve one customer’s flow interchangeably, the waiting screen on one seeing what the other decided', async () => {
    // Created and logged in through A, validated and submitted through B.
    const customer = await startConsumer(a, '198305147715', 2, a.url);
    const submitted = await call(b, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // A answers the poll (and caches it) while nothing is decided …
    expect((await paymentStatus(a, customer)).paymentStatus).toBe('TASK_REDIRECTION_REQUIRED');
    // … the customer signs on the task page as served by B …
    const callBackUrl = await throughKeyFacts(b, customer);
    const pressed = await press(`${callBackUrl.replace(a.url, b.url)}/approve`);
    expect(pressed.status).toBe(303);
    // … and whichever instance's jobs take the decision, A's answer follows (LISTEN/NOTIFY).
    const status = await eventually(async () => {
      const s = await paymentStatus(a, customer);
      return s.paymentStatus === 'ACCEPTED' && s;
    }, 15_000);
    expect(outcomeOf(status.redirectUrl)).toBe('client_sign_success_approved');
    expect((await paymentStatus(b, customer)).paymentStatus).toBe('ACCEPTED');
  });
});
