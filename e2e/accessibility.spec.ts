import { expect, type Page, test } from '@playwright/test';
import { buildPrivateApplication } from '@portal/domain/builders/applications';
import { expectNoViolations } from './axe';

// WCAG 2.2 AA (PRODUCT section 7): axe-core finds nothing on any page the shell offers without
// a provider, in each language. The language is chosen the way a person does, with the menu;
// the choice then holds for the tab.
const LANGUAGES = [
  { code: 'en', menu: 'English' },
  { code: 'sv', menu: 'Svenska' },
  { code: 'nb', menu: 'Norsk' },
] as const;

async function visit(page: Page, path: string, language: string) {
  await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

async function createApplication(page: Page, baseURL: string, nationalId = '18087248794') {
  const response = await page.request.post('/api/merchant/v1/applications', {
    headers: { Authorization: 'Bearer sandbox-demo-merchant-key' },
    data: buildPrivateApplication(nationalId, {}, baseURL),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { reference: string; applyUrl: string };
}

for (const { code, menu } of LANGUAGES) {
  test(`every shell page passes axe in ${code}`, async ({ page, baseURL }) => {
    test.slow();
    await page.goto('/loan-subscription/');
    await page.getByRole('button', { name: menu }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expectNoViolations(page, `index (${code})`);

    for (const path of ['/loan-subscription/400', '/loan-subscription/401', '/loan-subscription/403', '/loan-subscription/404', '/loan-subscription/500']) {
      await visit(page, path, code);
      await expectNoViolations(page, `${path} (${code})`);
    }

    await visit(page, '/loan-subscription/no/such/page', code);
    await expect(page).toHaveURL(/\/loan-subscription\/404$/);
    await expectNoViolations(page, `unknown path (${code})`);

    await visit(page, '/loan-subscription/design-system', code);
    await expectNoViolations(page, `design system (${code})`);
    // The open states too: the dropdown's listbox and a tooltip.
    await page.getByRole('combobox').last().click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expectNoViolations(page, `design system, dropdown open (${code})`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /More information|Mer information|Mer informasjon/ }).focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectNoViolations(page, `design system, tooltip open (${code})`);

    const application = await createApplication(page, baseURL ?? '');
    const login = await page.request.post('/api/loan-application/dummy-login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { reference: application.reference },
    });
    expect(login.ok()).toBe(true);
    await visit(page, application.applyUrl, code);
    await expect(page.getByRole('link', { name: /Log out|Logga ut|Logg ut/ })).toBeVisible();
    await expectNoViolations(page, `apply (${code})`);
  });

  test(`the page for an application not found for this person passes axe in ${code}`, async ({ page, baseURL }) => {
    const mine = await createApplication(page, baseURL ?? '');
    const theirs = await createApplication(page, baseURL ?? '', '27028809552');
    const login = await page.request.post('/api/loan-application/dummy-login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { reference: mine.reference },
    });
    expect(login.ok()).toBe(true);
    await page.goto('/loan-subscription/');
    await page.getByRole('button', { name: menu }).click();
    // Someone else's application answers as an unknown one does: this page, in the chosen language.
    await visit(page, theirs.applyUrl, code);
    await expect(page).toHaveURL(/\/loan-subscription\/404$/);
    await expect(page.getByRole('button', { name: /Log out|Logga ut|Logg ut/ })).toBeVisible();
    await expectNoViolations(page, `application not found for this person (${code})`);
  });
}

test('no connection: the message with its retry passes axe', async ({ page }) => {
  await page.route('**/api/loan-application/features', (route) => route.abort('internetdisconnected'));
  await page.goto('/loan-subscription/?countryCode=SE');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingen anslutning' })).toBeVisible();
  await expectNoViolations(page, 'network failure (sv)');
});

test('the keyboard reaches the skip link first, and it moves focus to the main content', async ({ page }) => {
  await page.goto('/loan-subscription/404?countryCode=NO');
  await expect(page.locator('main h1')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Hopp til innholdet' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab goes into the page, past the header.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Til startsiden' })).toBeFocused();
});
