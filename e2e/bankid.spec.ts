import { expect, type Page, test } from '@playwright/test';
import { expectNoViolations } from './axe';

/** From the demo shop to the portal's index page, as a Norwegian customer (Kari Nordmann). */
async function checkoutAsKari(page: Page) {
  await page.goto('/demo-shop/?lang=en');
  const scenario = page.locator('form[data-scenario="consumer-no-v1"]');
  await scenario.getByLabel('Test person').selectOption('18087248794');
  await scenario.getByRole('button', { name: 'Pay with financing' }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/\?reference=[A-Za-z0-9_-]{22,}&countryCode=NO$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identifiser deg');
}

/** On the simulated BankID page: pick Kari, approve. */
async function approveAsKari(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/bankid\/interaction\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await page.getByRole('button', { name: /Kari Nordmann/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Godkjenn identifiseringen');
  await expectNoViolations(page, page.url(), null);
  await page.getByRole('button', { name: 'Godkjenn' }).click();
}

test('demo shop → Identify with BankID → pick the test person → approve → the apply page greets her', async ({ page }, testInfo) => {
  await checkoutAsKari(page);
  // The application's country first; the other country's BankID is offered too.
  const links = page.getByRole('link', { name: /BankID/ });
  await expect(links).toHaveText(['Identifiser deg med BankID', 'Identifiser deg med svensk BankID']);

  // The portal asks for Norwegian BankID the way the configured broker names it (OIDC_PROFILE).
  const authorization = page.waitForRequest((request) => new URL(request.url()).pathname === '/sandbox/bankid/auth');
  await page.getByRole('link', { name: 'Identifiser deg med BankID' }).click();
  const asked = new URL((await authorization).url()).searchParams;
  expect(asked.get('acr_values')).toBe(testInfo.project.name === 'signicat' ? 'idp:nbid' : 'urn:grn:authn:no:bankid');
  expect(asked.get('scope')).toBe(testInfo.project.name === 'signicat' ? 'openid profile nin' : 'openid');
  // The page asks the server to start first, then the browser leaves for the broker.
  await expect(page).toHaveURL(/\/sandbox\/bankid\/interaction\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identifiser deg');
  await expectNoViolations(page, page.url(), null);

  await approveAsKari(page);
  await expect(page).toHaveURL(/\/loan-subscription\/[A-Za-z0-9_-]{22,}\?countryCode=NO$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hei Kari!');
});

test('cancel at BankID → the index page says so → trying again works', async ({ page }) => {
  await checkoutAsKari(page);
  await page.getByRole('link', { name: 'Identifiser deg med BankID' }).click();
  await expect(page).toHaveURL(/\/sandbox\/bankid\/interaction\//);
  await page.getByRole('button', { name: 'Avbryt' }).click();

  await expect(page).toHaveURL(/\/loan-subscription\/\?reference=[A-Za-z0-9_-]{22,}&countryCode=NO&identification=cancelled$/);
  await expect(page.getByRole('status').filter({ hasText: 'Du avbrøt identifiseringen' })).toHaveText(
    'Du avbrøt identifiseringen. Du kan prøve igjen når du vil.',
  );
  await expectNoViolations(page, page.url(), null);

  // Keyboard only: the retry link is reachable and works with Enter.
  const retry = page.getByRole('link', { name: 'Identifiser deg med BankID' });
  await retry.focus();
  await page.keyboard.press('Enter');
  await approveAsKari(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hei Kari!');
});

test("cancel at BankID from the customer's own page → back there, it says so → trying again lands there identified", async ({ page }) => {
  await page.goto('/loan-subscription/my-applications?countryCode=NO');
  await page.getByRole('button', { name: 'Norsk', exact: true }).click();
  await page.getByRole('button', { name: 'Identifiser deg med BankID' }).click();
  await expect(page).toHaveURL(/\/sandbox\/bankid\/interaction\//);
  await page.getByRole('button', { name: 'Avbryt' }).click();

  await expect(page).toHaveURL(/\/loan-subscription\/my-applications\?countryCode=NO&identification=cancelled$/);
  await expect(page.getByText('Identifiseringen ble ikke fullført. Du kan prøve igjen.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Norge' })).toBeChecked();
  await expectNoViolations(page, page.url(), null);

  await page.getByRole('button', { name: 'Identifiser deg med BankID' }).click();
  await approveAsKari(page);
  await expect(page).toHaveURL(/\/loan-subscription\/my-applications\?countryCode=NO$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Søknadene dine, Kari/);
});

test('a typed invalid fødselsnummer is refused on the BankID page, with the number kept', async ({ page }) => {
  await checkoutAsKari(page);
  await page.getByRole('link', { name: 'Identifiser deg med BankID' }).click();
  await page.getByLabel('Fødselsnummer (11 siffer)').fill('18087248795');
  await page.getByRole('button', { name: 'Fortsett' }).click();
  await expect(page.getByRole('alert')).toHaveText('Dette er ikke et gyldig fødselsnummer. Sjekk at alle de 11 sifrene er riktige.');
  await expect(page.getByLabel('Fødselsnummer (11 siffer)')).toHaveValue('18087248795');
  await expect(page.getByLabel('Fødselsnummer (11 siffer)')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, page.url(), null);
});
