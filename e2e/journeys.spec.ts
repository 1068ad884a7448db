import { expect, type Page, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { TEST_COMPANIES, TEST_PEOPLE } from '@portal/domain/sandbox/test-people';
import { expectNoViolations } from './axe';
import { throughKeyFacts } from './key-facts';

// The customer journeys of issue 6, each from the demo shop to the shop's return page: the
// portal in Chromium against the built server, its database and every sandbox simulator, with
// the customer's own steps: identification, the apply screen, signing, the waiting screen.

type Scenario = 'consumer-no-v1' | 'consumer-no-v2' | 'consumer-se-v1' | 'consumer-se-v2' | 'business-no' | 'business-se';

const person = (nationalId: string) => {
  const found = TEST_PEOPLE.find((p) => p.nationalId === nationalId);
  if (!found) throw new Error(`no test person ${nationalId}`);
  return found;
};
const company = (organisationNumber: string) => {
  const found = TEST_COMPANIES.find((c) => c.organisationNumber === organisationNumber);
  if (!found) throw new Error(`no test company ${organisationNumber}`);
  return found;
};

/** The demo shop's checkout: lands on the portal's index page with the new reference. */
async function checkout(page: Page, scenario: Scenario, customer: string, product?: string) {
  await page.goto('/demo-shop/?lang=en');
  const form = page.locator(`form[data-scenario="${scenario}"]`);
  await form.getByLabel(scenario.startsWith('business') ? 'Test company' : 'Test person').selectOption(customer);
  if (product) await form.getByLabel('Product').selectOption(product);
  await form.getByRole('button', { name: 'Pay with financing' }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/\?reference=[A-Za-z0-9_-]{22,}&countryCode=(NO|SE)$/);
}

/** The index page's dummy login (sandbox): on to the apply screen. */
async function dummyLogin(page: Page) {
  await page.getByRole('button', { name: /^(Logg inn som testkunde|Logga in som testkund|Log in as test customer)$/ }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/[A-Za-z0-9_-]{22,}\?countryCode=(NO|SE)$/);
}

/**
 * Identification with the sandbox BankID (Norwegian look): pick the person, approve; back on the
 * apply route, or where it sends an application past applying (`lands`).
 */
async function bankIdLogin(page: Page, name: string, lands = /\/loan-subscription\/[A-Za-z0-9_-]{22,}\?countryCode=NO$/) {
  await page.getByRole('link', { name: 'Identifiser deg med BankID' }).click();
  await expect(page).toHaveURL(/\/sandbox\/bankid\/interaction\//);
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Godkjenn' }).click();
  await expect(page).toHaveURL(lands);
}

/**
 * The apply screen: the contact details come filled in from the shop; every consent shown is
 * accepted, then the application is sent. `renewal` first selects that product for renewal.
 */
async function apply(page: Page, renewal?: string) {
  const form = page.locator('main form');
  await expect(form.locator('button[type=submit]')).toBeEnabled();
  if (renewal) {
    await page.getByRole('button', { name: /^(Produkter som kan förnyas|Produkter som kan fornyes|Products up for renewal)/ }).click();
    await form.getByRole('checkbox', { name: renewal }).check();
  }
  // The consents (required boxes); a renewal product's box is not one of them.
  for (const box of await form.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
  await form.locator('button[type=submit]').click();
}

/**
 * The task page sends the browser to the waiting screen, which may have its answer at once and
 * go on to the shop before a check of the address could run: the navigation is awaited from
 * before the action, when it commits.
 */
async function passesTheWaitingScreen(page: Page, action: () => Promise<void>) {
  const waiting = page.waitForURL(/\/loan-subscription\/form\/payment\/loading\/demo\//, { waitUntil: 'commit' });
  await action();
  await waiting;
}

/**
 * How long a webhook may take: an attempt that fails (it times out after 10 s) and the retry 10 s
 * after it (`WEBHOOK_DELIVERY` in domain/src/schemas/webhooks.ts, whose module this runner cannot
 * load), with room to spare; on a loaded machine 15 seconds was once not enough.
 */
const DELIVERED_WITHIN_MS = 30_000;

/**
 * The shop's return page shows the redirect's outcome, the status from the merchant API, and the
 * webhooks the shop received with their signatures checked: the last one tells the same story.
 * Webhooks are delivered from an outbox, so the page is reloaded until it has arrived.
 */
async function expectMerchantSees(page: Page, outcome: string, apiStatus: string) {
  await expect(page).toHaveURL(/\/demo-shop\/return\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('outcome')).toBe(outcome);
  await expect(page.getByTestId('outcome')).toHaveText(outcome);
  await expect(page.getByTestId('api-status')).toHaveText(apiStatus);
  await expect(page.getByTestId('api-outcome')).toHaveText(outcome);
  await expect(async () => {
    await page.reload();
    const last = page.getByTestId('webhooks').getByRole('row').last();
    await expect(last).toContainText(outcome, { timeout: 500 });
    await expect(last).toContainText(apiStatus, { timeout: 500 });
    await expect(last).toContainText('signature valid', { timeout: 500 });
  }).toPass({ timeout: DELIVERED_WITHIN_MS });
  await expect(page.getByTestId('webhooks')).not.toContainText('INVALID');
}

/** On Resurs' (version 1) simulated signing page: approve or cancel. */
async function resursV1Signing(page: Page, action: 'approve' | 'cancel') {
  await expect(page).toHaveURL(/\/sandbox\/resurs-v1\/sign\//);
  await page.locator(`button[name=action][value=${action}]`).click();
}

test.describe.configure({ mode: 'serial' });

test('consumer NO v1 approved: BankID, apply, terms, sign with Resurs, back with client_sign_success_approved', async ({ page }) => {
  await checkout(page, 'consumer-no-v1', person('18087248794').nationalId);
  await bankIdLogin(page, 'Kari Nordmann');
  await apply(page);

  // The key facts and the SECCI's mail first (issue 31), then the sign page.
  await throughKeyFacts(page);
  await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signer kredittavtalen');
  // Both documents Resurs publishes for the payment method, each opened to read: the SECCI for
  // this amount with Resurs' cost of purchase, and its general terms.
  const documents = page.getByRole('heading', { level: 3 });
  await expect(documents).toHaveCount(2);
  await documents.nth(0).getByRole('button').click();
  await expect(page.getByText(/Kredittkostnader og månedsbeløp/).first()).toBeVisible();
  await documents.nth(1).getByRole('button').click();
  await expect(page.getByRole('link', { name: 'Generelle vilkår' }).first()).toBeVisible();
  await expectNoViolations(page, 'sign page with both documents open');

  await page.getByRole('button', { name: 'Signer med BankID' }).click();
  await resursV1Signing(page, 'approve');
  await expectMerchantSees(page, 'client_sign_success_approved', 'COMPLETED');
});

test('consumer SE v2 with a renewal product: Resurs task page, approved', async ({ page }) => {
  await checkout(page, 'consumer-se-v2', person('198305147715').nationalId, 'LAP-14');
  await dummyLogin(page);
  await apply(page, 'Laptop 14" (2024)');

  // The apply screen sends the browser to Resurs' task page; signing there returns to the waiting screen.
  await throughKeyFacts(page);
  await expect(page).toHaveURL(/\/sandbox\/resurs-v2\/task\//);
  await passesTheWaitingScreen(page, () => page.getByRole('button', { name: 'Skriv under med BankID' }).click());
  await expectMerchantSees(page, 'client_sign_success_approved', 'COMPLETED');
});

test('consumer rejected: Resurs declines after its task page, the waiting screen sends the customer to the decline page, and from there to the shop', async ({ page }) => {
  await checkout(page, 'consumer-no-v2', person('01024924986').nationalId);
  await dummyLogin(page);
  await apply(page);
  await throughKeyFacts(page);
  await expect(page).toHaveURL(/\/sandbox\/resurs-v2\/task\//);
  await passesTheWaitingScreen(page, () => page.getByRole('button', { name: 'Signer med BankID' }).click());
  const otherWay = page.getByRole('button', { name: 'Velg en annen måte å betale på' });
  await expect(page).toHaveURL(/\/loan-subscription\/form\/declined$/, { timeout: 30_000 });
  await otherWay.click();
  await expectMerchantSees(page, 'client_sign_success_denied', 'DECLINED');

  // Coming back to the portal's sign page afterwards leads to the decline page again, and its way to the shop carries the same outcome.
  await page.goto('/loan-subscription/form/sign');
  await expect(page).toHaveURL(/\/loan-subscription\/form\/declined$/, { timeout: 30_000 });
  await otherWay.click();
  await expectMerchantSees(page, 'client_sign_success_denied', 'DECLINED');
});

test('frozen, then accepted: the waiting screen polls until the decision and returns to the shop', async ({ page }) => {
  await checkout(page, 'consumer-no-v1', person('23068201608').nationalId);
  await dummyLogin(page);
  await apply(page);
  await throughKeyFacts(page);
  await page.getByRole('button', { name: 'Signer med BankID' }).click();
  await resursV1Signing(page, 'approve');

  // Frozen after signing: the waiting screen, with its warning, until Resurs accepts (5 s).
  await expect(page).toHaveURL(/\/loan-subscription\/form\/payment\/loading\/demo\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vi sjekker søknaden din');
  await expect(page.getByText('Ikke lukk denne siden')).toBeVisible();
  await expectNoViolations(page, 'waiting screen');
  await expect(page).toHaveURL(/\/demo-shop\/return\?/, { timeout: 30_000 });
  await expectMerchantSees(page, 'client_sign_success_approved', 'COMPLETED');
});

test('frozen for good: the waiting screen stops and says plainly that a person at the lender decides', async ({ page }) => {
  await checkout(page, 'consumer-no-v1', person('02084929428').nationalId);
  await dummyLogin(page);
  await apply(page);
  await throughKeyFacts(page);
  await page.getByRole('button', { name: 'Signer med BankID' }).click();
  await resursV1Signing(page, 'approve');

  await expect(page).toHaveURL(/\/loan-subscription\/form\/payment\/loading\/demo\//);
  // After the server's grace period the answer is FROZEN: manual review, no redirect.
  const heading = page.getByRole('heading', { level: 1, name: 'Søknaden din må vurderes manuelt' });
  await expect(heading).toBeVisible({ timeout: 45_000 });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Du kan lukke siden nå.' })).toBeAttached();
  await expect(page.getByText(/vanligvis innen 2 virkedager/)).toBeVisible();
  await expect(page.getByText('Ikke lukk denne siden')).toHaveCount(0);
  await expectNoViolations(page, 'manual review');
  await expect(page).toHaveURL(/\/loan-subscription\/form\/payment\/loading\/demo\//);
  // The customer leaves from here: the shop hears the application continues (apply_continue).
  await page.getByRole('main').getByRole('link', { name: 'Tilbake til Demo shop' }).click();
  await expectMerchantSees(page, 'apply_continue', 'PENDING');
});

test('signing cancelled: the failure page, then trying again signs', async ({ page }) => {
  await checkout(page, 'consumer-no-v1', person('18087248794').nationalId);
  await dummyLogin(page);
  await apply(page);
  await throughKeyFacts(page);
  await page.getByRole('button', { name: 'Signer med BankID' }).click();
  await resursV1Signing(page, 'cancel');

  await expect(page).toHaveURL(/\/loan-subscription\/form\/sign\/fail/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signeringen ble ikke fullført');
  await expect(page.getByRole('button', { name: 'Tilbake til Demo shop' })).toBeVisible();
  await expectNoViolations(page, 'signing failure page');
  // With the keyboard: the retry is a real button.
  await page.getByRole('button', { name: 'Prøv igjen' }).focus();
  await page.keyboard.press('Enter');
  await resursV1Signing(page, 'approve');
  await expectMerchantSees(page, 'client_sign_success_approved', 'COMPLETED');
});

test('business NO approved: waits for GRENKE, signs the contract, downloads the signed PDF', async ({ page }) => {
  await checkout(page, 'business-no', company('892831270').organisationNumber);
  await dummyLogin(page);
  await apply(page);

  // GRENKE decides within a few seconds; the sign page waits, then lists the signing session.
  await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signer leasingavtalen', { timeout: 20_000 });
  const session = page.getByRole('listitem').filter({ hasText: 'Kari Nordmann' });
  await expect(session).toContainText('Venter på signatur');
  await expectNoViolations(page, 'signing sessions');
  await session.getByRole('link', { name: 'Signer med BankID' }).click();

  await expect(page).toHaveURL(/\/sandbox\/signing\/sign\//);
  await page.getByLabel('Navn fra BankID').fill('Kari Nordmann');
  await page.getByRole('button', { name: 'Signer', exact: true }).click();

  // Back on the sign page, refreshed: signed, and the signed contract to download.
  await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avtalen er signert');
  await expect(page.getByRole('listitem').filter({ hasText: 'Kari Nordmann' })).toContainText('Signert');
  await expectNoViolations(page, 'contract signed');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Last ned den signerte avtalen (PDF)' }).click(),
  ]);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('link', { name: 'Fortsett' }).click();
  await expectMerchantSees(page, 'client_sign_success_approved', 'COMPLETED');
});

test('business declined: GRENKE declines and the customer is back at the shop with apply_denied', async ({ page }) => {
  await checkout(page, 'business-no', company('996030962').organisationNumber);
  await dummyLogin(page);
  await apply(page);
  await expectMerchantSees(page, 'apply_denied', 'DECLINED');

  // Opening the sign page afterwards leads to the shop again.
  await page.goto('/loan-subscription/form/sign');
  await expectMerchantSees(page, 'apply_denied', 'DECLINED');
});

test('session expired while signing: identify again with BankID, and the flow continues at signing', async ({ page, context }) => {
  await checkout(page, 'consumer-no-v1', person('18087248794').nationalId);
  await dummyLogin(page);
  await apply(page);
  await throughKeyFacts(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signer kredittavtalen');

  // The session ends (idle timeout, or the cookie is gone): the next call answers 401. A call
  // still under way would set the rolling session cookie again, so the page is left first (no
  // script of it runs while the cookie goes), then opened again.
  // The cookies go through the DevTools protocol: context.clearCookies() does not reach the
  // cookie store of the Debian Chromium these tests drive (its calls still carry the cookie).
  const signingPage = page.url();
  await page.goto('about:blank');
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.clearBrowserCookies');
  await page.goto(signingPage);
  await expect(page).toHaveURL(/\/loan-subscription\/\?reference=[A-Za-z0-9_-]{22,}/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identifiser deg');
  // Back at the step where it stopped: identification returns to the apply route, which sends an
  // application past submission on to its step (flowStepPage, features/payment/logic): the server,
  // rendering the apply route, answers with that step's address (ADR 26).
  // The key facts again (the SECCI already mailed), then the signature.
  await bankIdLogin(page, 'Kari Nordmann', /\/loan-subscription\/form\/key-facts$/);
  await throughKeyFacts(page);
  await page.getByRole('button', { name: 'Signer med BankID' }).click();
  await resursV1Signing(page, 'approve');
  await expectMerchantSees(page, 'client_sign_success_approved', 'COMPLETED');
});
