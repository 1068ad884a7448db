import { expect, type Page, test } from '@playwright/test';
import { buildPrivateApplication } from '@portal/domain/builders/applications';

// The SPA shell (issue 4): routes, HTTP answers turned into pages, the header, narrow screens.

async function createApplication(page: Page, baseURL: string | undefined, nationalId = '18087248794') {
  const response = await page.request.post('/api/merchant/v1/applications', {
    headers: { Authorization: 'Bearer sandbox-demo-merchant-key' },
    data: buildPrivateApplication(nationalId, {}, baseURL ?? ''),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { reference: string; applyUrl: string };
}

async function dummyLogin(page: Page, reference: string) {
  const response = await page.request.post('/api/loan-application/dummy-login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { reference },
  });
  expect(response.ok()).toBe(true);
}

test('an unknown path shows the not-found page with a way to the start page, which takes focus', async ({ page }) => {
  await page.goto('/loan-subscription/no/such/page?countryCode=SE');
  await expect(page).toHaveURL(/\/loan-subscription\/404$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sidan hittades inte');
  await expect(page).toHaveTitle('Sidan hittades inte – Finansiering');

  await page.getByRole('link', { name: 'Till startsidan' }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/$/);
  // After navigation the new page's heading has focus, so a screen reader announces it.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('the apply page without a session goes to identification, keeping the reference', async ({ page, baseURL }) => {
  const { reference, applyUrl } = await createApplication(page, baseURL);
  await page.goto(applyUrl);
  await expect(page).toHaveURL(new RegExp(`/loan-subscription/\\?reference=${reference}&countryCode=NO$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
});

test("another person's application answers as an unknown one: a page that offers to identify as the right person or go back to the shop", async ({ page, baseURL }) => {
  const mine = await createApplication(page, baseURL, '18087248794');
  const theirs = await createApplication(page, baseURL, '27028809552');
  await dummyLogin(page, mine.reference);

  // The same page for a reference that does not exist: the server does not tell them apart.
  for (const link of [theirs.applyUrl, `${baseURL}/loan-subscription/NoSuchReference000000000?countryCode=NO`]) {
    await page.goto('/demo-shop/');
    await page.goto(link);
    await expect(page).toHaveURL(/\/loan-subscription\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vi fant ikke denne søknaden for deg');
    await expect(page.getByRole('button', { name: 'Logg ut og identifiser deg som riktig person' })).toBeVisible();
    await page.getByRole('button', { name: 'Gå tilbake' }).click();
    await expect(page).toHaveURL(/\/demo-shop\//);
  }

  // Identifying as the right person starts from the same application, logged out.
  await page.goto(theirs.applyUrl);
  await page.getByRole('button', { name: 'Logg ut og identifiser deg som riktig person' }).click();
  await expect(page).toHaveURL(new RegExp(`/loan-subscription/\\?reference=${theirs.reference}`));
  expect((await page.request.get('/api/loan-application')).status()).toBe(401);
});

test('the header of an application: logo, back to the shop, log out', async ({ page, baseURL }) => {
  const { reference, applyUrl } = await createApplication(page, baseURL);
  await dummyLogin(page, reference);
  await page.goto(applyUrl);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Finansiering, startside' })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Tilbake til / })).toHaveAttribute('href', `${baseURL}/demo-shop/return`);
  await header.getByRole('link', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/\/demo-shop\//);
});

test('a server failure shows the technical-issue page, whose retry goes back to the failed page', async ({ page, baseURL }) => {
  const { reference, applyUrl } = await createApplication(page, baseURL);
  await dummyLogin(page, reference);
  await page.route('**/api/loan-application/validate/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, errorCode: 'UNKNOWN', message: 'Internal error' }) }),
  );
  // The server asks for the page's data itself (ADR 26): here the page comes as it does when that
  // failed, without it, so the app asks in the browser and meets the failure.
  await page.route(applyUrl, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(/<script type="application\/json" id="portal-page-data">.*?<\/script>/s, '') });
  });
  await page.goto(applyUrl);
  await expect(page).toHaveURL(/\/loan-subscription\/500$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vi har tekniske problemer');

  await page.unroute('**/api/loan-application/validate/**');
  await page.getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(page).toHaveURL(new RegExp(`/loan-subscription/${reference}\\?countryCode=NO$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kari');
});

test('no connection: a clear message and a retry that recovers, never a blank screen', async ({ page }) => {
  let offline = true;
  await page.route('**/api/loan-application/features', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/loan-subscription/?countryCode=NO');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingen forbindelse');
  offline = false;
  await page.getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Ingen forbindelse');
});

test("the static documents are real, tagged PDFs in their country's language", async ({ request }) => {
  for (const name of ['GeneralTermsNO', 'GeneralTermsSE', 'PrivacyPolicyNO', 'PrivacyPolicySE']) {
    const response = await request.get(`/loan-subscription/documents/${name}.pdf`);
    expect(response.status(), name).toBe(200);
    expect(response.headers()['content-type'], name).toContain('application/pdf');
    const pdf = (await response.body()).toString('latin1');
    expect(pdf.slice(0, 5), name).toBe('%PDF-');
    // What screen readers need (PDF/UA-1): marked as tagged, a structure tree, the language and
    // the title shown instead of the file name.
    expect(pdf, name).toContain('/Marked true');
    expect(pdf, name).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(pdf, name).toContain(name.endsWith('NO') ? '/Lang (nb-NO)' : '/Lang (sv-SE)');
    expect(pdf, name).toContain('/DisplayDocTitle true');
  }
});

test('at 360 px no page scrolls sideways, in any language', async ({ page, baseURL }) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  const { reference, applyUrl } = await createApplication(page, baseURL);
  await dummyLogin(page, reference);
  for (const menu of ['English', 'Svenska', 'Norsk']) {
    await page.goto('/loan-subscription/');
    await page.getByRole('button', { name: menu }).click();
    for (const path of ['/loan-subscription/', '/loan-subscription/403', '/loan-subscription/404', '/loan-subscription/500', '/loan-subscription/design-system', applyUrl]) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} in ${menu}`).toBeLessThanOrEqual(0);
    }
  }
});
