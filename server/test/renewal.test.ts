import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type LoanApplicationsResponse, MERCHANT_API, type RenewalOrder, type RenewalProductView } from '@portal/domain';
import { type Db, openDatabase } from '../src/db/db';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrate';
import { repositories } from '../src/db/repositories';
import { TEST_DATABASE_URL } from './env';
import { type Engine, ENGINES, merchantAuth, startTestServer, type TestApp } from './helpers';
import { call, type Customer, eventually, startBusiness, startConsumer } from './flow-helpers';

const KARI = '18087248794';
const OLA = '27028809552';
const ANNA = '198305147715';
/** Kari signs for this company (sandbox registry). */
const NORDLYS = '892831270';
/** Ola signs for this one; it has no lease. */
const FJORDBYEN = '996030962';

interface Sessions {
  orderId: string | null;
  packagingTaskId: string | null;
  sessions: { taskId: string; name: string; status: string; signingUrl: string }[];
}

/** What a customer selects on the screen: every listed product, with the figures shown. */
function ordersFor(products: readonly RenewalProductView[]): RenewalOrder[] {
  const orders = new Map<string, RenewalOrder>();
  for (const product of products) {
    const order = orders.get(product.subscriptionReference) ?? { subscriptionReference: product.subscriptionReference, displayedResidualValue: 0, items: [] };
    order.items.push({
      productReference: product.productReference,
      sku: product.skuCode,
      serialNumber: product.serialNumber,
      displayedResidualValue: product.residualValue,
    });
    order.displayedResidualValue = (Math.round(order.displayedResidualValue * 100) + Math.round(product.residualValue * 100)) / 100;
    orders.set(product.subscriptionReference, order);
  }
  return [...orders.values()];
}

const RENEWAL_CONSENTS = { fairownRenewalAssessmentConsent: true, fairownRenewalConsent: true };

/**
 * Renewal belongs to the customer (PRODUCT section 2.7, spec sections 2-5): a person is offered
 * their own consumer subscriptions, a company its leases, whoever signed them; the residual value
 * the customer saw must be the server's, and the server's figure is what is kept.
 */
describe.each(ENGINES)('renewal on %s', (engine) => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => t.close());

  const applications = async (customer: Customer) => {
    const response = await call(t, customer, 'GET', API.applications.pattern);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LoanApplicationsResponse>();
  };
  const merchantStatus = async (customer: Customer) =>
    (
      await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth })
    ).json<{ status: string }>().status;
  const storedOrders = async (customer: Customer) =>
    (
      await t.db.query<{ orders: RenewalOrder[] }>(
        'SELECT r.orders FROM renewal_orders r JOIN applications a ON a.id = r.application_id WHERE a.reference = $1',
        [customer.reference],
      )
    )[0]?.orders ?? null;
  const consentCount = async (customer: Customer) =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM consents c JOIN applications a ON a.id = c.application_id WHERE a.reference = $1',
        [customer.reference],
      )
    )[0]?.n;

  it('lists a company lease the person signed for the company only, never on the person’s private application', async () => {
    // Kari signs an office kit lease for Nordlys Kontor AS, all the way to a contracted lease.
    const lease = await startBusiness(t, NORDLYS, t.url);
    const submitted = await call(t, lease, 'PATCH', API.grenkeSubmit.pattern, lease.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    await eventually(async () => (await merchantStatus(lease)) === 'APPROVED', 15_000);
    const sessions = (await call(t, lease, 'GET', API.signB2bSessions.pattern)).json<Sessions>();
    const signed = await fetch(sessions.sessions[0]?.signingUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=sign&name=Kari+Nordmann',
      redirect: 'manual',
    });
    expect(signed.status).toBe(303);
    await call(t, lease, 'PATCH', API.signB2bSessions.pattern);
    await eventually(async () => (await merchantStatus(lease)) === 'COMPLETED', 20_000);

    // Her next private application offers her own tablet, not the company's office kit.
    const kari = await startConsumer(t, KARI, 2, t.url);
    const own = await applications(kari);
    expect(own.products.map((p) => p.productName)).not.toContain('Office kit');
    expect(own.products.map((p) => p.productReference)).toEqual(['P-DEMO-NO-1']);

    // The company's next application offers the company's leases: this one and the earlier one.
    const company = await startBusiness(t, NORDLYS, t.url);
    const listed = await applications(company);
    expect(listed.products.map((p) => p.productName)).toEqual(expect.arrayContaining(['Office kit', 'Meeting room display 65"']));
    expect(listed.products.map((p) => p.productReference)).not.toContain('P-DEMO-NO-1');
    expect(listed.loanApplications[0]?.isRenewal).toBe(true);
    expect(listed.consents.map((c) => c.type)).toEqual(expect.arrayContaining(['FAIROWN_RENEWAL_ASSESSMENT_CONSENT', 'FAIROWN_RENEWAL_CONSENT']));
  }, 60_000);

  it('offers the seeded company lease on the company’s business screen and on no one’s private screen', async () => {
    const company = await startBusiness(t, NORDLYS, t.url);
    expect((await applications(company)).products.map((p) => p.productReference)).toContain('P-DEMO-NO-LEASE-1');

    const kari = await startConsumer(t, KARI, 2, t.url);
    expect((await applications(kari)).products.map((p) => p.productReference)).not.toContain('P-DEMO-NO-LEASE-1');
  });

  it('never offers another customer’s products', async () => {
    // Ola has no subscription of his own; Kari's, Anna's and the companies' are not his.
    const ola = await startConsumer(t, OLA, 2, t.url);
    const his = await applications(ola);
    expect(his.products).toEqual([]);
    expect(his.loanApplications[0]?.isRenewal).toBe(false);
    // A company Ola signs for has no lease, and Nordlys' are not its.
    const fjordbyen = await startBusiness(t, FJORDBYEN, t.url);
    expect((await applications(fjordbyen)).products).toEqual([]);
    // Anna (SE) sees her own subscription only.
    const anna = await startConsumer(t, ANNA, 2, t.url);
    expect(new Set((await applications(anna)).products.map((p) => p.subscriptionReference))).toEqual(new Set(['SUB-DEMO-SE-1']));
  });

  it('refuses an order made of another customer’s product, with nothing stored', async () => {
    const company = await startBusiness(t, NORDLYS, t.url);
    const kari = await startConsumer(t, KARI, 2, t.url);
    const kariOrders = ordersFor((await applications(kari)).products);
    const response = await call(t, company, 'PATCH', API.grenkeSubmit.pattern, { ...company.form, ...RENEWAL_CONSENTS, orders: kariOrders });
    expect(response.statusCode, response.body).toBe(400);
    expect(await storedOrders(company)).toBeNull();
  });

  it('fills renewalPeriod from the product: half-way through the term, in months', async () => {
    const kari = await startConsumer(t, KARI, 2, t.url);
    expect((await applications(kari)).loanApplications[0]?.loan).toMatchObject({ loanPeriod: 36, renewalPeriod: 18 });
    const company = await startBusiness(t, NORDLYS, t.url);
    expect((await applications(company)).loanApplications[0]?.loan).toMatchObject({ loanPeriod: 36, renewalPeriod: 18 });
  });

  it('refuses a residual value that is not the server’s, with a message on the field and nothing stored', async () => {
    const kari = await startConsumer(t, KARI, 2, t.url);
    const [order] = ordersFor((await applications(kari)).products);
    expect(order?.displayedResidualValue).toBe(2500);
    const item = order?.items[0];
    if (!order || !item) throw new Error('Kari has a product to renew');

    const cheaper = { ...order, displayedResidualValue: 1, items: [{ ...item, displayedResidualValue: 1 }] };
    const submitted = await call(t, kari, 'PATCH', API.resursV2Submit.pattern, { ...kari.form, ...RENEWAL_CONSENTS, orders: [cheaper] });
    expect(submitted.statusCode, submitted.body).toBe(400);
    expect(submitted.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(['orders.0.items.0.displayedResidualValue']);
    expect(submitted.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(['orders.0.displayedResidualValue']);
    expect(await storedOrders(kari)).toBeNull();
    expect(await consentCount(kari)).toBe(0);
    expect(await merchantStatus(kari)).toBe('CREATED');

    // The order's total must be the sum of the server's figures too.
    const wrongTotal = { ...order, displayedResidualValue: 9999 };
    const init = await call(t, kari, 'POST', API.renewalInit.pattern, { consents: RENEWAL_CONSENTS, orders: [wrongTotal] });
    expect(init.statusCode, init.body).toBe(400);
    expect(init.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({ 'orders.0.displayedResidualValue': expect.any(String) });
    expect(await storedOrders(kari)).toBeNull();
  });

  it('keeps the server’s figures, not the ones sent', async () => {
    const kari = await startConsumer(t, KARI, 2, t.url);
    const [order] = ordersFor((await applications(kari)).products);
    const item = order?.items[0];
    if (!order || !item) throw new Error('Kari has a product to renew');
    // What a browser's floating-point sum may send for 2 500,00 kr: the same amount to the øre.
    const sent = { ...order, displayedResidualValue: 2499.999999, items: [{ ...item, displayedResidualValue: 2500.000001 }] };
    const submitted = await call(t, kari, 'PATCH', API.resursV2Submit.pattern, { ...kari.form, ...RENEWAL_CONSENTS, orders: [sent] });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await storedOrders(kari)).toEqual([
      {
        subscriptionReference: 'SUB-DEMO-NO-1',
        displayedResidualValue: 2500,
        items: [{ productReference: 'P-DEMO-NO-1', sku: 'TAB-11', serialNumber: 'SN-NO-2210', displayedResidualValue: 2500 }],
      },
    ]);
  });

  it('keeps a company’s renewal of its own lease with the business application', async () => {
    const company = await startBusiness(t, NORDLYS, t.url);
    const products = (await applications(company)).products.filter((p) => p.productReference === 'P-DEMO-NO-LEASE-1');
    const orders = ordersFor(products);
    expect(orders).toHaveLength(1);
    const response = await call(t, company, 'PATCH', API.grenkeSubmit.pattern, { ...company.form, ...RENEWAL_CONSENTS, orders });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedOrders(company)).toEqual(orders);
  });
});

/** An empty database (no migration run yet), and how to drop it. */
async function emptyDatabase(engine: Engine): Promise<{ db: Db; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openDatabase({ detectTransactionMisuse: true });
    return { db, drop: () => db.close() };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDatabase({ databaseUrl: TEST_DATABASE_URL });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      await admin.close();
    },
  };
}

describe.each(ENGINES)('subscriptions kept before the owner keys, on %s', (engine) => {
  it('become the company’s when made of a business application, and stay the person’s otherwise', async () => {
    const { db, drop } = await emptyDatabase(engine);
    try {
      // The schema as it was: migrations up to 003.
      const before = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
      for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => /^00[1-3]\./.test(name))) copyFileSync(join(MIGRATIONS_DIR, file), join(before, file));
      await migrate(db, before);

      const repos = repositories(db);
      await db.query(`INSERT INTO merchants (id, name, allowed_origins, webhook_secret) VALUES ('demo', 'Demo shop', '{}', 'secret')`);
      const application = async (customerType: 'PRIVATE' | 'LEGAL', organisationNumber: string | null) => {
        const app = await repos.applications.insert({
          reference: `ref-${customerType}-${Math.random().toString(36).slice(2)}`,
          merchantId: 'demo',
          merchantPaymentReference: `order-${Math.random().toString(36).slice(2)}`,
          requestHash: 'hash',
          countryCode: 'NO',
          customerType,
          provider: customerType === 'LEGAL' ? 'GRENKE' : 'RESURS',
          version: 2,
          loanAmount: 1000,
          loanPeriod: 36,
          currency: 'NOK',
          items: [],
          callbackUrl: 'http://localhost:3000/demo-shop/return',
          webhookUrl: null,
          status: 'COMPLETED',
          isRenewal: false,
        });
        // A customer row as that schema had it (national ID in clear).
        await db.query(
          `INSERT INTO customers (application_id, type, national_id, first_name, last_name, company_name, organisation_number)
           VALUES ($1, $2, $3, 'Kari', 'Nordmann', $4, $5)`,
          [app.id, customerType, KARI, organisationNumber ? 'Nordlys Kontor AS' : null, organisationNumber],
        );
        return app.id;
      };
      const lease = await application('LEGAL', NORDLYS);
      const consumer = await application('PRIVATE', null);
      const oldRow = (reference: string, applicationId: string | null) =>
        db.query(
          `INSERT INTO subscriptions (reference, application_id, merchant_id, national_id, country_code, monthly_payment, start_date, end_date)
           VALUES ($1, $2, 'demo', $3, 'NO', 100, current_date, current_date + 365)`,
          [reference, applicationId, KARI],
        );
      await oldRow('SUB-LEASE', lease);
      await oldRow('SUB-CONSUMER', consumer);
      await oldRow('SUB-SEEDED', null);

      await migrate(db);

      const rows = await db.query<{ reference: string; customer_type: string; national_id: string | null; organisation_number: string | null }>(
        'SELECT reference, customer_type, national_id, organisation_number FROM subscriptions ORDER BY reference',
      );
      expect(rows).toEqual([
        { reference: 'SUB-CONSUMER', customer_type: 'PRIVATE', national_id: KARI, organisation_number: null },
        { reference: 'SUB-LEASE', customer_type: 'LEGAL', national_id: null, organisation_number: NORDLYS },
        { reference: 'SUB-SEEDED', customer_type: 'PRIVATE', national_id: KARI, organisation_number: null },
      ]);
    } finally {
      await drop();
    }
  });
});
