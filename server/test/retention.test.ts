/**
 * Data retention (PRODUCT section 8, ADR 18): a final application's personal data is erased a
 * configured time after it turned final, its consent evidence later, an ended subscription after
 * its term; a second run changes nothing; the log has counts only; the back office still shows
 * the application, its timeline and that its personal data was erased; the customer no longer
 * finds it. Journeys run through the real flows and simulators; time passes by moving dates back.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  type ApplicationDetail,
  BACK_OFFICE_API,
  buildPrivateApplication,
  findTestOperator,
  MERCHANT_API,
  TEST_COMPANIES,
  TEST_PEOPLE,
} from '@portal/domain';
import { personalDataOf } from '../src/db/repositories/personal-data';
import { sha256Hex } from '../src/lib/crypto';
import { applyRetention, RETENTION_QUEUE } from '../src/services/retention';
import { OperatorBrowser } from './back-office-helpers';
import { call, type Customer, eventually, press, startBusiness, startConsumer, throughKeyFacts } from './flow-helpers';
import { createTestApp, freePort, merchantAuth, nextReference, type TestApp, XHR } from './helpers';

/** The ways a value could sit in a row: as is, lower case, escaped, hex, base64, a bare hash. */
function encodings(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  return [
    value, value.toLowerCase(), encodeURIComponent(value), JSON.stringify(value).slice(1, -1), bytes.toString('hex'),
    bytes.toString('base64').replace(/=+$/, ''), bytes.toString('base64url'), sha256Hex(value), createHash('sha256').update(value).digest('base64'),
  ];
}

// One timeline, in order: the clock only moves forward, and each step looks at what the one before
// erased. Kept in this order when the tests are shuffled.
describe('data retention', { shuffle: false }, () => {
  let t: TestApp & { url: string };
  const logs: string[] = [];
  let consumer: Customer;
  let business: Customer;
  let recent: string;
  let unfinished: string;
  const ids: Record<string, string> = {};

  const idOf = async (merchantPaymentReference: string): Promise<string> => {
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM applications WHERE merchant_payment_reference = $1', [merchantPaymentReference]);
    if (!row) throw new Error(`no application ${merchantPaymentReference}`);
    return row.id;
  };
  const merchantStatus = async (merchantPaymentReference: string) =>
    (await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference }), headers: merchantAuth })).json<{ status: string }>().status;
  const cancel = (merchantPaymentReference: string) =>
    t.app.inject({ method: 'POST', url: MERCHANT_API.cancel.url({ merchantPaymentReference }), headers: merchantAuth });
  /** Moves an application's last status change `days` into the past. */
  const finalDaysAgo = (id: string, days: number) =>
    t.db.query(`UPDATE applications SET updated_at = now() - make_interval(days => $2) WHERE id = $1`, [id, days]);
  /** Every row of every table that names the application, as JSON text. */
  const rowsOf = async (id: string): Promise<Record<string, string>> => {
    const tables = ['applications', 'customers', 'consents', 'application_events', 'webhook_events', 'provider_applications', 'provider_interactions', 'signing_orders', 'renewal_orders', 'subscriptions'];
    const out: Record<string, string> = {};
    for (const table of tables) {
      const key = table === 'applications' ? 'id' : 'application_id';
      const rows = await t.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t WHERE ${key} = $1 ORDER BY 1`, [id]);
      out[table] = rows.map((r) => r.row).join('\n');
    }
    const attempts = await t.db.query<{ row: string }>(
      `SELECT row_to_json(a)::text AS row FROM webhook_delivery_attempts a JOIN webhook_events w ON w.id = a.event_id WHERE w.application_id = $1 ORDER BY 1`,
      [id],
    );
    out.webhook_delivery_attempts = attempts.map((r) => r.row).join('\n');
    return out;
  };
  const run = async () => {
    const before = logs.length;
    const counts = await applyRetention(t.app);
    return { counts, lines: logs.slice(before) };
  };

  beforeAll(async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = await createTestApp('pglite', { PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'info', PROVIDER_TIMEOUT_MS: '5000' }, undefined, {
      write: (line) => void logs.push(line),
    });
    await app.app.listen({ port, host: '127.0.0.1' });
    t = { ...app, url };

    // A consumer applies and is granted: consents, a subscription, webhooks, provider calls.
    consumer = await startConsumer(t, '27028809552', 2, t.url);
    const submitted = await call(t, consumer, 'PATCH', API.resursV2Submit.pattern, consumer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    await press(`${await throughKeyFacts(t, consumer)}/approve`);
    await eventually(async () => (await merchantStatus(consumer.merchantPaymentReference)) === 'COMPLETED', 15_000);

    // A company applies and is approved, its signatory opens the signing (a signing order with
    // the signatory's name), and the shop cancels.
    business = await startBusiness(t, '892831270', t.url);
    expect((await call(t, business, 'PATCH', API.grenkeSubmit.pattern, business.form)).statusCode).toBe(200);
    await eventually(async () => (await merchantStatus(business.merchantPaymentReference)) === 'APPROVED', 15_000);
    expect((await call(t, business, 'GET', API.signB2bSessions.pattern)).statusCode).toBe(200);
    expect((await cancel(business.merchantPaymentReference)).statusCode).toBe(200);

    // One cancelled today, one never applied for.
    recent = nextReference('recent');
    unfinished = nextReference('unfinished');
    for (const merchantPaymentReference of [recent, unfinished]) {
      const created = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication('27028809552', { merchantPaymentReference }) });
      expect(created.statusCode, created.body).toBe(201);
    }
    expect((await cancel(recent)).statusCode).toBe(200);
    for (const [name, reference] of Object.entries({ consumer: consumer.merchantPaymentReference, business: business.merchantPaymentReference, recent, unfinished })) {
      ids[name] = await idOf(reference);
    }
    // The demo shop has had every webhook of the two journeys: their rows no longer change.
    await eventually(async () => {
      const [row] = await t.db.query<{ open: number }>(
        'SELECT count(*)::int AS open FROM webhook_events WHERE application_id = ANY($1::uuid[]) AND delivered_at IS NULL',
        [[ids.consumer ?? '', ids.business ?? '']],
      );
      return row?.open === 0;
    }, 15_000);
  }, 120_000);
  afterAll(async () => t.close());

  it('runs hourly on a schedule of its own', async () => {
    const [row] = await t.db.query<{ cron: string }>(`SELECT cron FROM ${t.app.jobs.schema}.schedule WHERE name = $1`, [RETENTION_QUEUE]);
    expect(row?.cron).toBe('17 * * * *');
    // The runs below are the test's own: a scheduled one in between would take part of the work.
    await t.db.query(`DELETE FROM ${t.app.jobs.schema}.schedule WHERE name = $1`, [RETENTION_QUEUE]);
  });

  it('keeps everything until the retention time has passed', async () => {
    const { counts } = await run();
    expect(counts).toEqual({ applicationsErased: 0, consentEvidenceErased: 0, evidenceChainsErased: 0, subscriptionsDeleted: 0 });
    expect(await t.app.repos.customers.findByApplicationId(ids.consumer ?? '')).toMatchObject({ nationalId: '27028809552', lastName: 'Hansen' });
  });

  it('erases the personal data of applications final for longer than RETENTION_DAYS_AFTER_FINAL, once', async () => {
    const [consumerId, businessId, recentId, unfinishedId] = [ids.consumer ?? '', ids.business ?? '', ids.recent ?? '', ids.unfinished ?? ''];
    await finalDaysAgo(consumerId, 91);
    await finalDaysAgo(businessId, 91);
    // Not final: the lender or the customer may still act on it (unfinished ones expire first).
    await finalDaysAgo(unfinishedId, 200);
    const before = { consumer: await rowsOf(consumerId), business: await rowsOf(businessId) };
    expect(before.business.signing_orders).toContain('Kari Nordmann');

    const first = await run();
    expect(first.counts).toEqual({ applicationsErased: 2, consentEvidenceErased: 0, evidenceChainsErased: 0, subscriptionsDeleted: 0 });
    // Logged with counts, and nothing else about anyone.
    const line = first.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'retention');
    expect(line).toMatchObject({ applicationsErased: 2, consentEvidenceErased: 0, evidenceChainsErased: 0, subscriptionsDeleted: 0, daysAfterFinal: 90, consentDays: 1095 });

    const kari = TEST_PEOPLE.find((p) => p.nationalId === '18087248794');
    const ola = TEST_PEOPLE.find((p) => p.nationalId === '27028809552');
    const company = TEST_COMPANIES.find((c) => c.organisationNumber === '892831270');
    if (!kari || !ola || !company) throw new Error('test data missing');
    const pd = personalDataOf(t.db);
    const erased = { consumer: await rowsOf(consumerId), business: await rowsOf(businessId) };
    const cases = [
      { rows: erased.consumer, person: ola, secrets: [] as string[] },
      { rows: erased.business, person: kari, secrets: [company.companyName, company.organisationNumber, company.email, company.phone, company.address] },
    ];
    for (const { rows, person, secrets } of cases) {
      // Consent evidence (and a subscription in its term) keep who it is of, sealed, by design: below.
      const { consents, subscriptions: _subscription, ...erasedRows } = rows;
      expect(consents).not.toBe('');
      const text = Object.values(erasedRows).join('\n');
      expect(text).not.toContain('pd1.');
      expect(text).not.toContain(pd.nationalIdHash(person.nationalId));
      const values = [person.nationalId, person.email, person.phone, person.phone.replace(/\D/g, ''), person.address, ...secrets];
      for (const value of values) {
        for (const encoded of encodings(value)) expect(text.includes(encoded), `${value} as ${encoded}`).toBe(false);
      }
      // Short values (names, postal code, city) as whole values of a field.
      for (const value of [person.firstName, person.lastName, person.postalCode, person.city]) expect(text).not.toContain(JSON.stringify(value));
      expect(first.lines.join('\n')).not.toContain(person.nationalId);
    }
    expect(await t.app.repos.customers.findByApplicationId(consumerId)).toMatchObject({
      nationalId: null, firstName: null, lastName: null, email: null, phone: null, address: null, postalCode: null, city: null,
    });
    expect(erased.business.signing_orders).toBe('');
    // The timeline, provider calls and webhooks stay, with an entry saying what happened.
    const lines = (text: string | undefined) => (text ?? '').split('\n').length;
    expect(lines(erased.consumer.application_events)).toBe(lines(before.consumer.application_events) + 1);
    expect(erased.consumer.application_events).toContain('"type":"personal-data.erased"');
    expect(erased.consumer.provider_interactions).toBe(before.consumer.provider_interactions);
    expect(erased.consumer.webhook_events).toBe(before.consumer.webhook_events);
    // The subscription keeps whose it is while its term runs: a renewal needs that.
    expect(await t.app.repos.subscriptions.renewableProducts({ customerType: 'PRIVATE', countryCode: 'NO', nationalId: ola.nationalId }, recentId)).toHaveLength(1);

    // The others are as they were.
    expect(await t.app.repos.customers.findByApplicationId(recentId)).toMatchObject({ nationalId: ola.nationalId, lastName: ola.lastName });
    expect(await t.app.repos.customers.findByApplicationId(unfinishedId)).toMatchObject({ nationalId: ola.nationalId, lastName: ola.lastName });

    // A second run finds nothing to do and changes nothing.
    const second = await run();
    expect(second.counts).toEqual({ applicationsErased: 0, consentEvidenceErased: 0, evidenceChainsErased: 0, subscriptionsDeleted: 0 });
    expect({ consumer: await rowsOf(consumerId), business: await rowsOf(businessId) }).toEqual(erased);
  });

  it('lets the back office show the erased application and its timeline, and the customer no longer find it', async () => {
    const operator = findTestOperator('operator-support');
    if (!operator) throw new Error('no test operator');
    const browser = new OperatorBrowser(t.url);
    await browser.signIn(operator);
    const response = await t.app.inject({
      method: 'GET',
      url: BACK_OFFICE_API.application.route.url({ reference: consumer.reference }),
      headers: { cookie: browser.operatorCookie, ...XHR },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<ApplicationDetail>();
    expect(detail.personalDataErasedAt).toEqual(expect.any(String));
    expect(detail.application).toMatchObject({ status: 'COMPLETED', customerName: null, nationalIdMasked: null, merchantPaymentReference: consumer.merchantPaymentReference });
    expect(detail.timeline.map((entry) => (entry.kind === 'lifecycle' ? entry.event : entry.kind))).toEqual(
      expect.arrayContaining(['submitted', 'provider', 'personal-data.erased']),
    );
    const recentDetail = await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.application.route.url({ reference: (await t.app.repos.applications.findById(ids.recent ?? ''))?.reference ?? '' }), headers: { cookie: browser.operatorCookie, ...XHR } });
    expect(recentDetail.json<ApplicationDetail>().personalDataErasedAt).toBeNull();

    // The customer, even with a session made before, finds nothing; the shop still reads the status.
    const again = await call(t, consumer, 'GET', API.validate.url({ reference: consumer.reference }));
    expect(again.statusCode).toBe(404);
    expect(await merchantStatus(consumer.merchantPaymentReference)).toBe('COMPLETED');
  });

  it('deletes consent evidence after CONSENT_RETENTION_DAYS and a subscription RETENTION_DAYS_AFTER_FINAL after its term', async () => {
    const consumerId = ids.consumer ?? '';
    await finalDaysAgo(consumerId, 1096);
    await t.db.query(`UPDATE consents SET created_at = now() - interval '1100 days' WHERE application_id = $1`, [consumerId]);
    await t.db.query(`UPDATE subscriptions SET end_date = current_date - 91 WHERE application_id = $1`, [consumerId]);
    const seeded = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM subscriptions WHERE application_id IS NULL`);

    const { counts } = await run();
    expect(counts).toEqual({ applicationsErased: 0, consentEvidenceErased: 1, evidenceChainsErased: 0, subscriptionsDeleted: 1 });
    const rows = await rowsOf(consumerId);
    expect(rows.consents).toBe('');
    expect(rows.subscriptions).toBe('');
    expect(rows.application_events).toContain('"type":"consent-evidence.erased"');
    // Nothing of the person is left with the application.
    expect(Object.values(rows).join('\n')).not.toContain('pd1.');
    // The sandbox's seeded subscriptions are in their term.
    expect(await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM subscriptions WHERE application_id IS NULL`)).toEqual(seeded);
    // The business application's consents are not due yet.
    expect((await rowsOf(ids.business ?? '')).consents).not.toBe('');

    expect((await run()).counts).toEqual({ applicationsErased: 0, consentEvidenceErased: 0, evidenceChainsErased: 0, subscriptionsDeleted: 0 });
  });
});
