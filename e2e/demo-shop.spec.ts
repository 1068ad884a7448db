import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { throughKeyFacts } from './key-facts';

// The demo shop opened under another name of this machine (127.0.0.1 for localhost): the
// portal's Content-Security-Policy lets a form post only to its own origin and follows the
// redirect after it, so the shop sends the browser to the configured origin first, where the
// checkout goes through.
test('the demo shop opened at 127.0.0.1 still checks out', async ({ page, baseURL }) => {
  const configured = new URL(baseURL ?? '');
  const other = `http://127.0.0.1:${configured.port}`;
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|form-action/i.test(message.text())) blocked.push(message.text());
  });

  await page.goto(`${other}/demo-shop/?lang=en`);
  await expect(page).toHaveURL(`${configured.origin}/demo-shop/?lang=en`);
  const form = page.locator('form[data-scenario="consumer-no-v2"]');
  await form.getByRole('button', { name: 'Pay with financing' }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/\?reference=[A-Za-z0-9_-]{22,}&countryCode=NO$/);
  expect(blocked).toEqual([]);
});

/**
 * After the sale, in the browser as the shop's staff use it: the order page's buttons are forms
 * posted to the shop, which answers with the order page again (POST, redirect, GET) at the
 * answer, where focus starts; the money and the webhooks follow; nothing scrolls sideways at
 * 360 px and axe finds nothing.
 */
test('the demo shop ships part of an order, takes it back and cancels the rest', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/demo-shop/?lang=en');
  const form = page.locator('form[data-scenario="consumer-no-v2"]');
  await form.getByLabel('Test person').selectOption('18087248794');
  await form.getByLabel('Product').selectOption('LAP-14');
  await form.getByLabel('Quantity').selectOption('2');
  await form.getByLabel('Add-on').selectOption('LAP-SLEEVE');
  await form.getByRole('button', { name: 'Pay with financing' }).click();
  await page.getByRole('button', { name: /^(Logg inn som testkunde|Log in as test customer)$/ }).click();
  const apply = page.locator('main form');
  await expect(apply.locator('button[type=submit]')).toBeEnabled();
  for (const box of await apply.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
  await apply.locator('button[type=submit]').click();
  await throughKeyFacts(page);
  await expect(page).toHaveURL(/\/sandbox\/resurs-v2\/task\//);
  await page.getByRole('button', { name: 'Signer med BankID' }).click();
  await expect(page).toHaveURL(/\/demo-shop\/return\?/, { timeout: 30_000 });
  await expect(page.getByTestId('api-status')).toHaveText('COMPLETED');
  await expect(page.getByTestId('captured')).toHaveText('NOK 0.00');

  // One laptop ships.
  const shipPart = page.locator('form[data-action="ship-part"]');
  await shipPart.getByLabel('Laptop 14" (up to 2)').selectOption('1');
  await shipPart.getByRole('button', { name: 'Ship part' }).click();
  await expect(page).toHaveURL(/#result$/);
  const result = page.getByTestId('result');
  await expect(result).toHaveText(/Part shipped: NOK\s15,000\.00 captured\./);
  await expect(result).toBeFocused();
  await expect(page.getByTestId('captured')).toHaveText('NOK 15,000.00');
  await expectNoViolations(page, 'the order page with its buttons');

  // It comes back; what has not shipped is cancelled.
  await page.locator('form[data-action="return"]').getByRole('button', { name: 'Return' }).click();
  await expect(result).toHaveText(/Returned: NOK\s15,000\.00 refunded to the customer\./);
  await page.locator('form[data-action="cancel"]').getByRole('button', { name: 'Cancel' }).click();
  await expect(result).toHaveText(/Cancelled: NOK\s15,490\.00 released\./);
  await expect(page.getByTestId('settlement')).toHaveText('REFUNDED');
  await expect(page.locator('form[data-action]')).toHaveCount(0);

  // The webhooks arrive, newest last.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('webhooks').getByRole('row').last()).toContainText('payment.cancelled', { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('webhooks')).toContainText('Payment captured: NOK 15,000.00');
  await expect(page.getByTestId('webhooks')).toContainText('Payment refunded: NOK 15,000.00');

  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, 'the order page after the sale');
});
