import { expect, test } from '@playwright/test';

test('demo shop → application created → dummy login → the apply screen greets the customer by name', async ({ page }) => {
  await page.goto('/demo-shop/?lang=en');
  const scenario = page.locator('form[data-scenario="consumer-no-v1"]');
  await scenario.getByLabel('Test person').selectOption('18087248794');
  await scenario.getByRole('button', { name: 'Pay with financing' }).click();

  // Without a session the portal asks the customer to identify, keeping the reference.
  await expect(page).toHaveURL(/\/loan-subscription\/\?reference=[A-Za-z0-9_-]{22,}&countryCode=NO$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identifiser deg');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');

  await page.getByRole('button', { name: 'Logg inn som testkunde' }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/[A-Za-z0-9_-]{22,}\?countryCode=NO$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hei Kari!');
});

test('a deep link loads the app and an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/loan-subscription/some/unknown/path?countryCode=SE');
  await expect(page).toHaveURL(/\/loan-subscription\/404$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sidan hittades inte');
});
