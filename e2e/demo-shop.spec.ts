import { expect, test } from '@playwright/test';

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
