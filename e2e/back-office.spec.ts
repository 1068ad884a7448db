import { createServer, type Server } from 'node:http';
import { expect, type Browser, type Page, test } from '@playwright/test';
import { findTestOperator } from '@portal/domain/sandbox/test-operators';
import { expectNoViolations } from './axe';
import { throughKeyFacts } from './key-facts';

// The back office in Chromium (issue 13, "done when"): an admin signs in through the sandbox
// broker, onboards a merchant and issues its key; the key creates an application as a shop's
// server would; a support operator finds it by the shop's order reference, watches its timeline
// fill while the customer applies, and sends its last webhook again. And each role boundary.
// With BACK_OFFICE_SCREENSHOTS=<folder> it also saves the README's screenshots of the console.

const SCREENSHOTS = process.env.BACK_OFFICE_SCREENSHOTS;
const nameOf = (id: string) => {
  const operator = findTestOperator(id);
  if (!operator) throw new Error(`no test operator ${id}`);
  return operator.name;
};
const ADMIN = nameOf('operator-admin');
const SUPPORT = nameOf('operator-support');
const NO_ROLE = nameOf('operator-none');

/** Through the console's sign-in and the sandbox broker's staff login. */
async function signIn(page: Page, operator: string) {
  await page.goto('/back-office/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sandbox\/bankid\/interaction\//);
  await page.getByRole('button', { name: new RegExp(operator) }).click();
}

async function operatorPage(browser: Browser, operator: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, operator);
  await expect(page.getByTestId('operator')).toContainText(operator);
  return page;
}

/** The page at 1280 px (whole) and 360 px (the screen's worth from `from`, when given). */
async function screenshot(page: Page, name: string, from?: string) {
  if (!SCREENSHOTS) return;
  for (const [suffix, width] of [['desktop', 1280], ['mobile', 360]] as const) {
    await page.setViewportSize({ width, height: 900 });
    if (suffix === 'mobile' && from) await page.getByTestId(from).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/back-office-${name}-${suffix}.png`, fullPage: suffix === 'desktop' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Delivery {
  eventId: string;
  body: string;
}

test.describe.configure({ mode: 'serial' });

test.describe('back office', () => {
  // The new merchant's own webhook endpoint, as a shop would run it.
  let shop: Server;
  let shopOrigin = '';
  const deliveries: Delivery[] = [];

  test.beforeAll(async () => {
    shop = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        deliveries.push({ eventId: String(request.headers['x-portal-event-id']), body });
        response.statusCode = 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const address = shop.address();
    shopOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  test.afterAll(() => {
    shop.close();
  });

  test('an admin onboards a merchant whose key creates an application; support finds it, watches its timeline and resends its webhook', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL ?? '').origin;
    const merchantId = `fjellsport-${Date.now().toString(36)}`;

    // The admin: a new merchant, with this portal (for the return page) and the shop's endpoint as origins.
    const admin = await operatorPage(browser, ADMIN);
    await admin.getByRole('navigation').getByRole('link', { name: 'Merchants' }).click();
    await admin.getByLabel('Merchant ID').fill(merchantId);
    await admin.getByLabel('Name').fill('Fjellsport AS');
    await admin.getByLabel('Allowed origins').fill(`${origin}\n${shopOrigin}`);
    await admin.getByLabel('Default webhook URL').fill(`${shopOrigin}/webhooks`);
    await admin.getByRole('button', { name: 'Add merchant' }).click();
    await expect(admin.getByTestId('secret-once')).toHaveText(/^whsec_/);
    await admin.getByRole('link', { name: `Open ${merchantId} to issue an API key` }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Fjellsport AS' })).toBeVisible();
    await admin.getByLabel('What the key is for').fill('Checkout');
    await admin.getByRole('button', { name: 'Issue key' }).click();
    const key = (await admin.getByTestId('secret-once').textContent()) ?? '';
    expect(key).toMatch(/^lsp_/);
    await expect(admin.getByTestId('api-keys')).toContainText('never used');
    await expectNoViolations(admin, 'merchant page');
    await screenshot(admin, 'merchant');

    // The shop's server, as with curl: the key creates an application.
    const merchantPaymentReference = `order-${Date.now().toString(36)}`;
    const created = await request.post('/api/merchant/v1/applications', {
      headers: { authorization: `Bearer ${key}` },
      data: {
        merchantPaymentReference,
        countryCode: 'NO',
        customer: { type: 'PRIVATE', nationalId: '27028809552', firstName: 'Ola', lastName: 'Hansen', email: 'ola@example.com', phone: '+47 92345678', address: 'Bryggen 5', postalCode: '5003', city: 'Bergen' },
        loan: { loanAmount: 15000, loanPeriod: 36 },
        version: 2,
        items: [{ sku: 'PHN-128', name: 'Phone 128 GB', quantity: 1, unitPrice: 15000 }],
        callbackUrl: `${origin}/demo-shop/return`,
      },
    });
    expect(created.status()).toBe(201);
    const { applyUrl } = (await created.json()) as { applyUrl: string };
    await admin.reload();
    await expect(admin.getByTestId('api-keys')).toContainText('last used');

    // Support: the search by the shop's order reference, then the application.
    const support = await operatorPage(browser, SUPPORT);
    await support.getByLabel("Shop's order reference").fill(merchantPaymentReference);
    await support.getByRole('button', { name: 'Search' }).click();
    const result = support.getByTestId('results').getByRole('listitem');
    await expect(result).toHaveCount(1);
    await expect(result).toContainText('Fjellsport AS');
    await expect(result).toContainText('•••••••9552');
    await expect(result).not.toContainText('27028809552');
    await expectNoViolations(support, 'search with a result');
    await screenshot(support, 'search', 'results');
    await result.getByRole('link', { name: merchantPaymentReference }).click();
    await expect(support.getByRole('heading', { level: 1, name: `Order ${merchantPaymentReference}` })).toBeVisible();

    // The customer applies (another browser); support's open page fills as it goes.
    const customer = await (await browser.newContext()).newPage();
    await customer.goto(applyUrl);
    await customer.getByRole('button', { name: 'Logg inn som testkunde' }).click();
    const form = customer.locator('main form');
    await expect(form.locator('button[type=submit]')).toBeEnabled();
    for (const box of await form.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
    await form.locator('button[type=submit]').click();
    await throughKeyFacts(customer);
    await expect(customer).toHaveURL(/\/sandbox\/resurs-v2\/task\//);
    const timeline = support.getByTestId('timeline');
    await expect(timeline).toContainText('submitted → SUBMITTED');
    await expect(timeline.locator('[data-kind=provider]').first()).toContainText(/resurs-v2 \w+: ok, HTTP 2\d\d, \d+ ms/);
    await customer.getByRole('button', { name: 'Signer med BankID' }).click();
    await expect(customer).toHaveURL(/\/demo-shop\/return\?/, { timeout: 30_000 });
    await expect(support.getByTestId('status')).toHaveText('COMPLETED', { timeout: 20_000 });
    await expect(timeline.locator('[data-kind=webhook]').last()).toContainText('application.completed: HTTP 204');
    await expectNoViolations(support, 'application with its timeline');
    await screenshot(support, 'application');

    // The last webhook, once more: the same event id reaches the shop a second time.
    const last = support.getByTestId('webhook-event').last();
    await expect(last).toContainText('application.completed');
    const before = deliveries.length;
    await last.getByRole('button', { name: 'Send again' }).click();
    await expect(support.getByText('Queued: the webhook goes out again with the same event ID.')).toBeVisible();
    await expect(timeline.locator('[data-kind=webhook]').last()).toContainText('application.completed (sent again): HTTP 204', { timeout: 20_000 });
    expect(deliveries.length).toBeGreaterThan(before);
    const resent = deliveries.at(-1);
    expect(deliveries.filter((d) => d.eventId === resent?.eventId)).toHaveLength(2);

    // Revealing the national ID takes a reason, which the admin then reads in the audit log.
    await support.getByLabel('Why do you need it?').fill('Customer on the phone asked which ID we hold');
    await support.getByRole('button', { name: 'Show national ID' }).click();
    await expect(support.getByTestId('national-id')).toHaveText('27028809552');
    await admin.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
    await expect(admin.getByTestId('audit')).toContainText('Customer on the phone asked which ID we hold');
    await expect(admin.getByTestId('audit')).toContainText(SUPPORT);
    await screenshot(admin, 'audit');
  });

  test("the console's language menu changes the console only: the customer pages keep their own language", async ({ browser }) => {
    const support = await operatorPage(browser, SUPPORT);
    await support.getByRole('combobox', { name: 'Language' }).selectOption('sv');
    await expect(support.getByRole('button', { name: 'Logga ut' })).toBeVisible();
    // The customer app's language cookie (the pages the server renders) is the customer menu's alone.
    expect((await support.context().cookies()).map((cookie) => cookie.name)).not.toContain('portal_language');
    await support.context().close();
  });

  test('each role sees only what it may: support has no merchant administration, nobody else gets in', async ({ browser, request }) => {
    const support = await operatorPage(browser, SUPPORT);
    await expect(support.getByRole('navigation').getByRole('link', { name: 'Merchants' })).toHaveCount(0);
    await support.goto('/back-office/merchants/demo');
    await expect(support.getByText('Your role does not allow this.')).toBeVisible();
    const adminCall = await support.context().request.get('/api/back-office/v1/audit-log');
    expect(adminCall.status()).toBe(403);
    const supportCall = await support.context().request.get('/api/back-office/v1/applications');
    expect(supportCall.status()).toBe(200);

    // Someone the broker knows but who holds no back-office role: no session, told why.
    const nobody = await (await browser.newContext()).newPage();
    await signIn(nobody, NO_ROLE);
    await expect(nobody.getByText('Your account has no back-office role.', { exact: false })).toBeVisible();
    expect((await nobody.context().request.get('/api/back-office/v1/me')).status()).toBe(401);

    // A customer's session and a merchant's key get nothing there.
    const customer = await (await browser.newContext()).newPage();
    await customer.goto('/demo-shop/?lang=en');
    const checkout = customer.locator('form[data-scenario="consumer-no-v2"]');
    await checkout.getByRole('button', { name: 'Pay with financing' }).click();
    await customer.getByRole('button', { name: /^(Logg inn som testkunde|Log in as test customer)$/ }).click();
    await expect(customer).toHaveURL(/\/loan-subscription\/[A-Za-z0-9_-]{22,}/);
    const reference = new URL(customer.url()).pathname.split('/').at(-1) ?? '';
    expect((await customer.context().request.get('/api/back-office/v1/applications')).status()).toBe(401);
    await customer.goto('/back-office/');
    await expect(customer.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
    const withKey = await request.get('/api/back-office/v1/applications', { headers: { authorization: 'Bearer sandbox-demo-merchant-key' } });
    expect(withKey.status()).toBe(401);

    // Support cancels the customer's application, with a reason; it is final afterwards.
    await support.goto(`/back-office/applications/${reference}`);
    await expect(support.getByTestId('status')).toHaveText('CREATED');
    await support.getByRole('button', { name: 'Cancel application' }).click();
    await expect(support.getByText('Use at least 5 characters')).toBeVisible();
    await support.getByLabel('Reason for cancelling').fill('The customer phoned to call off the order');
    await support.getByRole('button', { name: 'Cancel application' }).click();
    await expect(support.getByTestId('status')).toHaveText('CANCELLED');
    await expect(support.getByTestId('timeline')).toContainText('operator.cancelled → CANCELLED');
    await expect(support.getByRole('button', { name: 'Cancel application' })).toHaveCount(0);

    // Signing out ends the session on the server.
    await support.getByRole('button', { name: 'Sign out' }).click();
    await expect(support.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
    expect((await support.context().request.get('/api/back-office/v1/me')).status()).toBe(401);
  });
});
