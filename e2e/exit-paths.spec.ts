import { expect, type Page, test } from '@playwright/test';
import { MERCHANT_API } from '@portal/domain/routes';
import { throughKeyFacts } from './key-facts';

// Every way out of an application, for every lender, from the demo shop in Chromium: whatever
// the customer or the shop does, the outcome the browser brings back to the shop, the status and
// outcome the merchant API shows, and the last webhook the shop received tell the same story
// (the lifecycle table in domain/src/lifecycle.ts). One row per exit path; the paths that
// journeys.spec.ts walks to the shop with the same checks are not walked again here: version 1
// signed and approved, frozen for good and back from the manual review page, version 2 signed and
// declined, GRENKE's contract signed, GRENKE declining.

type Scenario = 'consumer-no-v1' | 'consumer-no-v2' | 'business-no';

interface ExitPath {
  name: string;
  scenario: Scenario;
  customer: string;
  /** From the apply screen (after identification) to the shop's return page. */
  leave: (page: Page) => Promise<void>;
  outcome: string;
  status: string;
}

const DEMO_KEY = 'sandbox-demo-merchant-key';
/** The portal's buttons and links in any of its languages (the country sets the language). */
const BACK_TO_SHOP = /^(Back to|Tilbake til|Tillbaka till) Demo shop$/;
const SIGN_WITH_BANKID = /^(Sign with BankID|Signer med BankID|Skriv under med BankID)$/;

async function checkout(page: Page, scenario: Scenario, customer: string): Promise<string> {
  await page.goto('/demo-shop/?lang=en');
  const form = page.locator(`form[data-scenario="${scenario}"]`);
  await form.getByLabel(scenario.startsWith('business') ? 'Test company' : 'Test person').selectOption(customer);
  await form.getByRole('button', { name: 'Pay with financing' }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/\?reference=[A-Za-z0-9_-]{22,}&countryCode=(NO|SE)$/);
  await page.getByRole('button', { name: /^(Logg inn som testkunde|Logga in som testkund|Log in as test customer)$/ }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/[A-Za-z0-9_-]{22,}\?countryCode=(NO|SE)$/);
  await expect(page.locator('main form button[type=submit]')).toBeEnabled();
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** Accepts every consent shown and sends the application. */
async function apply(page: Page) {
  const form = page.locator('main form');
  for (const box of await form.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
  await form.locator('button[type=submit]').click();
}

/** The page's own way back to the shop: a button (it records the leaving first) or a link. */
const backToShop = (page: Page) => {
  const main = page.getByRole('main');
  return main.getByRole('button', { name: BACK_TO_SHOP }).or(main.getByRole('link', { name: BACK_TO_SHOP })).first().click();
};
const headerBackToShop = (page: Page) => page.getByRole('banner').getByRole('link', { name: BACK_TO_SHOP }).click();

/** Cancels on Resurs' (version 1) signing page. */
async function resursV1Cancel(page: Page) {
  await throughKeyFacts(page);
  await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
  await page.getByRole('button', { name: SIGN_WITH_BANKID }).click();
  await expect(page).toHaveURL(/\/sandbox\/resurs-v1\/sign\//);
  await page.locator('button[name=action][value=cancel]').click();
}

async function resursV2Task(page: Page, action: 'approve' | 'cancel') {
  await throughKeyFacts(page);
  await expect(page).toHaveURL(/\/sandbox\/resurs-v2\/task\//);
  if (action === 'approve') await page.getByRole('button', { name: SIGN_WITH_BANKID }).click();
  else await page.locator('form[action$="/cancel"] button').click();
}

/** Declines the business contract on the signing service's page. */
async function grenkeReject(page: Page) {
  await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
  const session = page.getByRole('listitem').filter({ hasText: 'Kari Nordmann' });
  await session.getByRole('link', { name: SIGN_WITH_BANKID }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/sandbox\/signing\/sign\//);
  await page.locator('button[name=action][value=reject]').click();
  await expect(page).toHaveURL(/\/loan-subscription\/form\/sign\/fail$/);
}

/** The shop cancels the order through the merchant API while the customer's screen is open. */
async function shopCancels(page: Page) {
  const order = await page.evaluate(async () => {
    const response = await fetch('/api/loan-application', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const body = (await response.json()) as { loanApplications: { merchantPaymentReference: string }[] };
    return body.loanApplications[0]?.merchantPaymentReference ?? '';
  });
  const cancelled = await page.request.post(MERCHANT_API.cancel.url({ merchantPaymentReference: order }), { headers: { authorization: `Bearer ${DEMO_KEY}` } });
  expect(cancelled.status()).toBe(200);
  // The screen checks when it becomes visible again (and every 15 s while visible).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page.getByRole('heading', { level: 1, name: /(The shop has cancelled|Butikken har avbrutt|Butiken har avbrutit)/ })).toBeVisible({ timeout: 20_000 });
  await backToShop(page);
}

const PATHS: ExitPath[] = [
  // Resurs version 1: booked, then signed on Resurs' page.
  { name: 'is declined, then chooses another way to pay on the decline page', scenario: 'consumer-no-v1', customer: '01024924986', outcome: 'apply_denied', status: 'DECLINED',
    leave: async (page) => {
      await apply(page);
      await expect(page).toHaveURL(/\/loan-subscription\/form\/declined$/);
      await page.getByRole('button', { name: /^(Choose another way to pay|Välj ett annat sätt att betala|Velg en annen måte å betale på)$/ }).click();
    } },
  { name: 'leaves by the header link before applying', scenario: 'consumer-no-v1', customer: '18087248794', outcome: 'apply_cancelled', status: 'CANCELLED',
    leave: headerBackToShop },
  { name: 'logs out before applying', scenario: 'consumer-no-v1', customer: '18087248794', outcome: 'apply_cancelled', status: 'CANCELLED',
    leave: (page) => page.getByRole('banner').getByRole('link', { name: /^(Log out|Logg ut|Logga ut)$/ }).click() },
  { name: 'cancels on Resurs\u2019 signing page, then goes back from the failure page', scenario: 'consumer-no-v1', customer: '18087248794', outcome: 'client_sign_failed', status: 'FAILED',
    leave: async (page) => { await apply(page); await resursV1Cancel(page); await expect(page).toHaveURL(/\/form\/sign\/fail/); await backToShop(page); } },
  { name: 'sees the shop cancel it on the apply screen', scenario: 'consumer-no-v1', customer: '18087248794', outcome: 'apply_cancelled', status: 'CANCELLED',
    leave: shopCancels },

  // Resurs version 2: the customer signs on Resurs' task page.
  { name: 'signs on the task page and is approved', scenario: 'consumer-no-v2', customer: '18087248794', outcome: 'client_sign_success_approved', status: 'COMPLETED',
    leave: async (page) => { await apply(page); await resursV2Task(page, 'approve'); } },
  { name: 'cancels on the task page, then goes back from the failure page', scenario: 'consumer-no-v2', customer: '27028809552', outcome: 'client_sign_failed', status: 'FAILED',
    leave: async (page) => { await apply(page); await resursV2Task(page, 'cancel'); await expect(page).toHaveURL(/\/form\/payment\/fail$/); await backToShop(page); } },
  { name: 'leaves by the header link before applying', scenario: 'consumer-no-v2', customer: '27028809552', outcome: 'apply_cancelled', status: 'CANCELLED',
    leave: headerBackToShop },

  // GRENKE: decided first, then the contract goes to the signing service.
  { name: 'declines to sign, then goes back from the failure page', scenario: 'business-no', customer: '892831270', outcome: 'client_sign_failed', status: 'FAILED',
    leave: async (page) => { await apply(page); await grenkeReject(page); await backToShop(page); } },
  { name: 'leaves by the header link before applying', scenario: 'business-no', customer: '892831270', outcome: 'apply_cancelled', status: 'CANCELLED',
    leave: headerBackToShop },
  { name: 'sees the shop cancel it on the apply screen', scenario: 'business-no', customer: '892831270', outcome: 'apply_cancelled', status: 'CANCELLED',
    leave: shopCancels },
];

test.describe.configure({ mode: 'serial' });

for (const path of PATHS) {
  test(`${path.scenario}: ${path.name} \u2192 ${path.outcome} everywhere`, async ({ page }) => {
    await checkout(page, path.scenario, path.customer);
    await path.leave(page);

    // The browser is back at the shop with the outcome …
    await expect(page).toHaveURL(/\/demo-shop\/return\?/, { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('outcome')).toBe(path.outcome);
    // … the merchant API says the same …
    await expect(page.getByTestId('api-status')).toHaveText(path.status);
    await expect(page.getByTestId('api-outcome')).toHaveText(path.outcome);
    // … and so does the last webhook the shop received (delivered from an outbox: reload until it is in).
    await expect(async () => {
      await page.reload();
      const last = page.getByTestId('webhooks').getByRole('row').last();
      await expect(last).toContainText(path.outcome, { timeout: 500 });
      await expect(last).toContainText(path.status, { timeout: 500 });
      await expect(last).toContainText('signature valid', { timeout: 500 });
    }).toPass({ timeout: 20_000 });
  });
}
