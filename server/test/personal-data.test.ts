/**
 * Personal data at rest (ADR 12): after real journeys, a copy of every table reveals no national
 * ID, phone number or e-mail address in any encoding, while the portal still finds people by
 * their national ID; rows an earlier version stored in plain text are sealed at start; keys rotate
 * (in the background: key-rotation.test.ts).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MERCHANT_API, TEST_COMPANIES, TEST_PEOPLE } from '@portal/domain';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { sha256Hex } from '../src/lib/crypto';
import { call, type Customer, eventually, press, startBusiness, startConsumer, throughKeyFacts } from './flow-helpers';
import { merchantAuth, startTestServer, testConfig, type TestApp } from './helpers';
import { openDatabase } from '../src/db/db';

/** Every table of the portal and of its job queue, one JSON text per row. */
async function dumpAll(db: Db): Promise<string> {
  const tables = await db.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['customers', 'sessions', 'sandbox_store', 'sandbox_keys', 'demo_shop_webhooks', 'subscriptions', 'consents', 'job']));
  const parts: string[] = [];
  for (const { schema, name } of tables) {
    const rows = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${schema}"."${name}" t`);
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** The ways a value could sit in a dump: as is, escaped, hex, base64 at any alignment, UTF-16, a bare hash. */
function encodings(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out = new Set([value, value.toLowerCase(), encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]);
  out.add(bytes.toString('hex'));
  out.add(bytes.toString('hex').toUpperCase());
  out.add(Buffer.from(value, 'utf16le').toString('hex'));
  out.add(sha256Hex(value));
  out.add(createHash('sha256').update(value).digest('base64'));
  for (let offset = 0; offset < 3; offset += 1) {
    for (const alphabet of ['base64', 'base64url'] as const) {
      const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString(alphabet).replace(/=+$/, '');
      // The characters that depend only on the value's own bytes, whatever surrounds it.
      const inner = encoded.slice(offset === 0 ? 0 : 4, -4);
      if (inner.length >= 8) out.add(inner);
    }
  }
  return [...out];
}

const digits = (phone: string) => phone.replace(/\D/g, '');

describe('personal data at rest', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => t.close());

  const merchantView = async (customer: Customer) =>
    (
      await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth })
    ).json<{ status: string }>();

  it('is in no copy of the database after a consumer and a business journey, while people are still found by national ID', async () => {
    // A consumer applies and is granted (a subscription is made), and comes back for another.
    const kari = TEST_PEOPLE.find((p) => p.nationalId === '27028809552');
    if (!kari) throw new Error('no test person');
    const consumer = await startConsumer(t, kari.nationalId, 2, t.url);
    const submitted = await call(t, consumer, 'PATCH', API.resursV2Submit.pattern, consumer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    await press(`${await throughKeyFacts(t, consumer)}/approve`);
    await eventually(async () => (await merchantView(consumer)).status === 'COMPLETED', 15_000);
    const again = await startConsumer(t, kari.nationalId, 2, t.url);
    const list = (await call(t, again, 'GET', API.applications.pattern)).json<{ loanApplications: unknown[]; products: unknown[] }>();
    expect(list.loanApplications.length).toBeGreaterThanOrEqual(2);
    expect(list.products).toHaveLength(1);

    // A company applies, its signatory signs.
    const company = TEST_COMPANIES.find((c) => c.organisationNumber === '892831270');
    if (!company) throw new Error('no test company');
    const business = await startBusiness(t, company.organisationNumber, t.url);
    expect((await call(t, business, 'PATCH', API.grenkeSubmit.pattern, business.form)).statusCode).toBe(200);
    await eventually(async () => (await merchantView(business)).status === 'APPROVED', 15_000);
    const sessions = (await call(t, business, 'GET', API.signB2bSessions.pattern)).json<{ sessions: { signingUrl: string }[] }>();
    await fetch(sessions.sessions[0]?.signingUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=sign&name=Kari+Nordmann',
      redirect: 'manual',
    });
    await call(t, business, 'PATCH', API.signB2bSessions.pattern);
    await eventually(async () => (await merchantView(business)).status === 'COMPLETED', 15_000);

    const signatory = TEST_PEOPLE.find((p) => p.nationalId === company.signatoryNationalId);
    const secrets = [
      kari.nationalId, kari.email, kari.phone, digits(kari.phone), digits(kari.phone).slice(2),
      company.signatoryNationalId, company.email, company.phone, digits(company.phone),
      ...(signatory ? [signatory.email, signatory.phone] : []),
    ];
    const dump = await dumpAll(t.db);
    expect(dump.length).toBeGreaterThan(10_000);
    for (const secret of secrets) {
      for (const encoded of encodings(secret)) {
        expect(dump.includes(encoded), `${secret} found in the dump as ${encoded}`).toBe(false);
      }
    }
    // The customer's row holds sealed values and a keyed hash, not the number.
    const [row] = await t.db.query<{ national_id: string; national_id_hash: string; email: string }>(
      `SELECT c.national_id, c.national_id_hash, c.email FROM customers c JOIN applications a ON a.id = c.application_id
        WHERE a.merchant_payment_reference = $1`,
      [consumer.merchantPaymentReference],
    );
    expect(row?.national_id).toMatch(/^pd1\./);
    expect(row?.email).toMatch(/^pd1\./);
    expect(row?.national_id_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The simulated lenders' records are sealed whole, with the sandbox's own key.
    const sealed = await t.db.query<{ sealed: string }>('SELECT sealed FROM sandbox_store');
    expect(sealed.length).toBeGreaterThan(0);
    for (const record of sealed) expect(record.sealed).toMatch(/^sb1\./);
  }, 90_000);
});

describe('rows kept in plain text by an earlier version', () => {
  // Not one of the sandbox's seeded subscription owners, so only the rows made here are hers.
  const KARI = '27028809552';
  const keys = (...ids: string[]) => ({
    DATA_ENCRYPTION_KEYS: ids.map((id) => `${id}:${Buffer.alloc(32, id.charCodeAt(0)).toString('base64')}`).join(','),
    DATA_LOOKUP_KEY: Buffer.alloc(32, 7).toString('base64'),
  });

  it('are sealed at start, found by their hash, and re-sealed when a new key comes first', async () => {
    const db = await openDatabase({ detectTransactionMisuse: true });
    try {
      // The schema as it was before sealing: migrations up to 006, with rows in clear.
      const before = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
      for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => /^00[1-6]\./.test(name))) copyFileSync(join(MIGRATIONS_DIR, file), join(before, file));
      await migrate(db, before);
      await db.query(`INSERT INTO merchants (id, name, allowed_origins, webhook_secret) VALUES ('demo', 'Demo shop', '{}', 'secret')`);
      const [app] = await db.query<{ id: string }>(
        `INSERT INTO applications (reference, merchant_id, merchant_payment_reference, request_hash, country_code, customer_type,
           provider, version, loan_amount, loan_period, currency, callback_url, status)
         VALUES ('ref-old', 'demo', 'order-old', 'hash', 'NO', 'PRIVATE', 'RESURS', 2, 1000, 36, 'NOK', 'http://localhost:3000/demo-shop/return', 'SUBMITTED')
         RETURNING id`,
      );
      const applicationId = app?.id ?? '';
      await db.query(
        `INSERT INTO customers (application_id, type, national_id, first_name, last_name, email, phone)
         VALUES ($1, 'PRIVATE', $2, 'Kari', 'Nordmann', 'kari.nordmann@example.com', '+47 91234567')`,
        [applicationId, KARI],
      );
      await db.query(
        `INSERT INTO consents (application_id, type, text_version, language, text, accepted, session_ref)
         VALUES ($1, 'PRIVACY_CONSENT', '2026-11-01', 'nb', 'Jeg samtykker', true, 'abc')`,
        [applicationId],
      );
      await db.query(
        `INSERT INTO subscriptions (reference, merchant_id, customer_type, national_id, country_code, monthly_payment, start_date, end_date)
         VALUES ('SUB-OLD', 'demo', 'PRIVATE', $1, 'NO', 100, current_date, current_date + 365)`,
        [KARI],
      );
      await db.query(
        `INSERT INTO subscription_products (subscription_id, product_reference, product_name, sku, serial_number, monthly_payment, residual_value)
         SELECT id, 'P-OLD', 'Phone', 'PHN', 'SN1', 100, 10 FROM subscriptions WHERE reference = 'SUB-OLD'`,
      );
      await db.query(
        `INSERT INTO sessions (id_hash, data, expires_at) VALUES ('live', $1::jsonb, now() + interval '10 minutes')`,
        [JSON.stringify({ identity: { nationalId: KARI, country: 'NO', firstName: 'Kari', lastName: 'Nordmann', method: 'dummy', authenticatedAt: new Date().toISOString() } })],
      );
      await db.query(
        `INSERT INTO sandbox_records (namespace, id, data) VALUES ('resurs-v2:payments', 'p1', $1::jsonb)`,
        [JSON.stringify({ orderReference: 'ref-old', customer: { governmentId: KARI, email: 'kari.nordmann@example.com' } })],
      );
      // A merchant's webhook secrets and Resurs secret, kept in clear before ADR 22.
      await db.query(
        `INSERT INTO merchants (id, name, allowed_origins, webhook_secret, previous_webhook_secret, previous_secret_expires_at, provider_settings)
         VALUES ('old-shop', 'Old shop', '{}', 'old-webhook-secret', 'older-webhook-secret', now() + interval '1 day', $1::jsonb)`,
        [JSON.stringify({ resurs: { storeId: null, credentials: { NO: { clientId: 'shop-no', clientSecret: 'old-resurs-secret' } } } })],
      );

      const first = await buildApp({ config: testConfig(keys('a')), db });
      try {
        const dump = await dumpAll(first.db);
        for (const secret of [KARI, 'kari.nordmann@example.com', '+47 91234567', 'old-resurs-secret', 'old-webhook-secret', 'older-webhook-secret']) expect(dump, secret).not.toContain(secret);
        expect(await first.repos.merchants.findDetails('old-shop')).toMatchObject({
          webhookSecret: 'old-webhook-secret',
          previousWebhookSecret: 'older-webhook-secret',
          providerSettings: { resurs: { credentials: { NO: { clientId: 'shop-no', clientSecret: 'old-resurs-secret' } } } },
        });
        // Read as before, through the repositories.
        expect(await first.repos.applications.listForNationalId(KARI)).toEqual([expect.objectContaining({ id: applicationId })]);
        expect(await first.repos.customers.findByApplicationId(applicationId)).toMatchObject({ nationalId: KARI, phone: '+47 91234567' });
        expect(await first.repos.sessions.get('live')).toMatchObject({ data: { identity: { nationalId: KARI } } });
        expect(await first.repos.subscriptions.renewableProducts({ customerType: 'PRIVATE', countryCode: 'NO', nationalId: KARI }, applicationId)).toEqual([
          expect.objectContaining({ productReference: 'P-OLD' }),
        ]);
        // Who gave an earlier consent: the application's customer, sealed into the consent.
        expect(await first.repos.consents.listForApplication(applicationId)).toEqual([
          expect.objectContaining({ subjectNationalId: KARI, customerId: expect.any(String), documents: null }),
        ]);
        // The simulators' records of an earlier version went with their table (migration 012):
        // the sandbox keeps its own now, sealed with its own key.
        expect(await first.db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'sandbox_records'`)).toHaveLength(0);
      } finally {
        await first.close();
      }

      // A new key comes first: every value is sealed again with it in the background, and once
      // that is done the old key can go.
      const rotated = await buildApp({ config: testConfig(keys('b', 'a')), db });
      await rotated.keyRotation.settled();
      await rotated.close();
      const onlyNew = await buildApp({ config: testConfig(keys('b')), db });
      try {
        const [row] = await onlyNew.db.query<{ national_id: string; email: string }>('SELECT national_id, email FROM customers');
        expect(row?.national_id).toMatch(/^pd1\.b\./);
        expect(row?.email).toMatch(/^pd1\.b\./);
        expect(await onlyNew.repos.customers.findByApplicationId(applicationId)).toMatchObject({ nationalId: KARI, email: 'kari.nordmann@example.com' });
        expect(await onlyNew.repos.sessions.get('live')).toMatchObject({ data: { identity: { nationalId: KARI } } });
        expect(await onlyNew.repos.applications.listForNationalId(KARI)).toHaveLength(1);
      } finally {
        await onlyNew.close();
      }

      // A new lookup key: the hashes are made again, and people are still found.
      const relooked = await buildApp({ config: testConfig({ ...keys('b'), DATA_LOOKUP_KEY: Buffer.alloc(32, 9).toString('base64') }), db });
      try {
        await relooked.keyRotation.settled();
        expect(await relooked.repos.applications.listForNationalId(KARI)).toHaveLength(1);
        expect(await relooked.repos.subscriptions.renewableProducts({ customerType: 'PRIVATE', countryCode: 'NO', nationalId: KARI }, applicationId)).toHaveLength(1);
      } finally {
        await relooked.close();
      }
    } finally {
      await db.close();
    }
  }, 60_000);
});
