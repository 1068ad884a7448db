import { expect, type Page, test } from '@playwright/test';
import { findTestOperator } from '@portal/domain/sandbox/test-operators';
import { expectNoViolations } from './axe';

// A lender that stops answering (ADR 17): a new customer sees the catalogue's WEB_SERVICE_DOWN
// in place of the application form, in each language; support sees the lender failing in the
// back office; once the simulator answers again, a retry brings the form back.

const DOWN = {
  sv: { menu: 'Svenska', text: 'Bankens tjänster är inte tillgängliga just nu. Försök igen senare.', retry: 'Försök igen' },
  en: { menu: 'English', text: 'Bank services are unavailable. Please try again later.', retry: 'Try again' },
  nb: { menu: 'Norsk', text: 'Banktjenestene er ikke tilgjengelige akkurat nå. Prøv igjen senere.', retry: 'Prøv igjen' },
} as const;

async function setFault(page: Page, mode: 'down' | 'normal') {
  const response = await page.request.put('/sandbox/control/faults/resurs-v2', { data: { mode } });
  expect(response.ok()).toBe(true);
}

test.describe.configure({ mode: 'serial' });

// @exclusive: the lender is taken down for everyone, so it runs when nothing else does.
test('a lender that is down: the apply screen says so before any form, support sees it failing, and the form comes back once it answers', { tag: '@exclusive' }, async ({ page, browser }) => {
  test.slow();
  const form = page.locator('main form');
  try {
    await setFault(page, 'down');
    // A Swedish customer of Resurs (Merchant API 2.0) comes from the shop.
    await page.goto('/demo-shop/?lang=en');
    await page.locator('form[data-scenario="consumer-se-v2"]').getByRole('button', { name: 'Pay with financing' }).click();
    await page.getByRole('button', { name: /^(Logg inn som testkunde|Logga in som testkund|Log in as test customer)$/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(new RegExp(`${DOWN.sv.text.replace(/\./g, '\\.')}$`));
    await expect(form).toHaveCount(0);
    await expectNoViolations(page, 'lender down (sv)');

    // Asking again while it is still down: the same answer (and the lender's circuit opens).
    for (let i = 0; i < 2; i += 1) {
      await page.getByRole('button', { name: DOWN.sv.retry }).click();
      await expect(page.getByRole('button', { name: DOWN.sv.retry })).not.toHaveAttribute('aria-busy', 'true');
    }
    await expect(page.getByRole('alert')).toContainText(DOWN.sv.text);

    for (const language of ['en', 'nb'] as const) {
      await page.getByRole('button', { name: DOWN[language].menu }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('alert')).toContainText(DOWN[language].text);
      await expect(form).toHaveCount(0);
      await expectNoViolations(page, `lender down (${language})`);
    }

    // Support sees the lender failing.
    const operator = findTestOperator('operator-support');
    if (!operator) throw new Error('no support operator');
    const backOffice = await (await browser.newContext()).newPage();
    await backOffice.goto('/back-office/');
    await backOffice.getByRole('link', { name: 'Sign in' }).click();
    await backOffice.getByRole('button', { name: new RegExp(operator.name) }).click();
    await backOffice.getByRole('link', { name: 'Providers' }).click();
    await expect(backOffice.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
    const resurs = backOffice.getByTestId('provider-resurs-v2');
    await expect(resurs.getByTestId('circuit')).toHaveText(/^(Failing|Being tested)$/);
    await expect(resurs).toContainText('New customers of this lender see');
    await expect(backOffice.getByTestId('provider-signing').getByTestId('circuit')).toHaveText('Measured only');
    await expectNoViolations(backOffice, 'providers (en)');
    // The console's language menu (a select in the header).
    const language = backOffice.getByRole('banner').getByRole('combobox');
    for (const [code, failing] of [['sv', /^(Ur funktion|Testas)$/], ['nb', /^(Ute av drift|Testes)$/]] as const) {
      await language.selectOption(code);
      await expect(backOffice.locator('html')).toHaveAttribute('lang', code);
      await expect(resurs.getByTestId('circuit')).toHaveText(failing);
      await expectNoViolations(backOffice, `providers (${code})`);
    }
    await language.selectOption('en');
    await backOffice.close();
  } finally {
    await setFault(page, 'normal');
  }

  // The background probe finds Resurs answering; the customer's retry then gets the form.
  await expect(async () => {
    if (await form.isVisible()) return;
    await page.getByRole('button', { name: DOWN.nb.retry }).click();
    await expect(form).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
});
