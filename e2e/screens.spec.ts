import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { CONTINUE_FROM_KEY_FACTS, throughKeyFacts } from './key-facts';

// Every screen a customer meets, in each language, at phone width (issue 16, item 3): a
// screenshot at 360 px of each is attached to the report, and the test fails when a screen
// scrolls sideways at 360 px, or at 320 px with the text at 200 %. One journey per kind of
// application and language walks through the shop, the portal and every simulated outside
// party (BankID, Resurs version 1 and 2, the signing service), which must all speak the
// portal's language: the portal passes it on, as real brokers take `ui_locales`.

const LANGUAGES = ['en', 'sv', 'nb'] as const;
type Lang = (typeof LANGUAGES)[number];

const DUMMY_LOGIN = /^(Log in as test customer|Logga in som testkund|Logg inn som testkunde)$/;
const SIGN_WITH_BANKID = /^(Sign with BankID|Signera med BankID|Signer med BankID)$/;

/**
 * How far the page scrolls sideways, and what sticks out on the right (elements, and text that
 * overflows its element): the first few, to say where the overflow comes from.
 */
async function overflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const culprits: string[] = [];
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${id}${classes}`;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && culprits.length < 5) {
        culprits.push(`${name(element)} (right ${Math.round(box.right)} px): ${(element.textContent ?? '').trim().slice(0, 40)}`);
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && culprits.length < 8; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = Math.max(0, ...Array.from(range.getClientRects()).map((rect) => rect.right));
      if (right > width + 1 && node.parentElement) {
        culprits.push(`text in ${name(node.parentElement)} (right ${Math.round(right)} px): ${(node.textContent ?? '').trim().slice(0, 40)}`);
      }
    }
    return { excess: root.scrollWidth - width, culprits };
  });
}

/** A full-page screenshot, kept in the test's output folder and attached to its report. */
async function shoot(page: Page, info: TestInfo, name: string) {
  const path = info.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}

/**
 * The screen as it is now: a screenshot at 360 px for the report, then the same screen at
 * 320 px with the browser's text size at 200 % (Chromium's default font size, as the person's
 * setting would set it); neither may scroll sideways.
 */
async function screen(page: Page, info: TestInfo, lang: Lang, name: string) {
  await expect.soft(page.locator('html'), `${name} speaks ${lang}`).toHaveAttribute('lang', lang);
  const devtools = await page.context().newCDPSession(page);
  try {
    await page.setViewportSize({ width: 360, height: 780 });
    await shoot(page, info, `${lang}-${name}.png`);
    const normal = await overflow(page);
    expect.soft(normal.excess, `${name} (${lang}) at 360 px scrolls sideways: ${normal.culprits.join('; ')}`).toBeLessThanOrEqual(0);

    await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await page.setViewportSize({ width: 320, height: 780 });
    const zoomed = await overflow(page);
    if (zoomed.excess > 0) {
      await shoot(page, info, `${lang}-${name}-320-text-200.png`);
    }
    expect.soft(zoomed.excess, `${name} (${lang}) at 320 px, text 200 %, scrolls sideways: ${zoomed.culprits.join('; ')}`).toBeLessThanOrEqual(0);
  } finally {
    await devtools.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
    await devtools.detach();
    await page.setViewportSize({ width: 360, height: 780 });
  }
}

/** The person's language choice in the portal, made before the page loads (kept for the tab). */
async function speak(page: Page, lang: Lang) {
  await page.addInitScript((chosen) => {
    if (window.location.pathname.startsWith('/loan-subscription')) window.sessionStorage.setItem('portal.language', chosen);
  }, lang);
}

async function checkout(page: Page, lang: Lang, scenario: string, customer: string, info?: TestInfo) {
  await page.goto(`/demo-shop/?lang=${lang}`);
  if (info) await screen(page, info, lang, 'shop');
  const form = page.locator(`form[data-scenario="${scenario}"]`);
  await form.locator('select[name=person]').selectOption(customer);
  await form.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/loan-subscription\/\?reference=/);
  await expect(page.locator('main h1')).toBeVisible();
}

async function applyNow(page: Page) {
  const form = page.locator('main form');
  await expect(form.locator('button[type=submit]')).toBeEnabled();
  for (const box of await form.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
  await form.locator('button[type=submit]').click();
}

async function applyScreen(page: Page) {
  await expect(page).toHaveURL(/\/loan-subscription\/[A-Za-z0-9_-]{22,}/);
  await expect(page.locator('main form button[type=submit]')).toBeEnabled();
}

async function backAtShop(page: Page, info: TestInfo, lang: Lang, shot: boolean) {
  await expect(page).toHaveURL(/\/demo-shop\/return\?/, { timeout: 30_000 });
  if (!shot) return;
  await screen(page, info, lang, 'shop-return');
  // The tables' first column is narrow on a phone: a date or a time may move to the next line
  // as a whole, never break inside ("26.11.202" above "6").
  const broken = await page.locator('main table tbody td:first-child').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = cell.textContent ?? '';
      const node = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const pieces: string[] = [];
      for (let n = node.nextNode(); n; n = node.nextNode()) {
        for (const match of (n.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(n, match.index);
          range.setEnd(n, match.index + match[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) pieces.push(`${match[0]} in "${text.trim()}"`);
        }
      }
      return pieces;
    }),
  );
  expect.soft(broken, `shop return (${lang}): a date or time broken across lines`).toEqual([]);
}

test.use({ viewport: { width: 360, height: 780 } });

for (const lang of LANGUAGES) {
  test(`consumer version 1, Norway, in ${lang}: BankID, apply, Resurs signing, waiting, back in the shop`, async ({ page }, info) => {
    test.slow();
    await speak(page, lang);
    // Lars Johansen: accepted, signed, frozen for a few seconds: the waiting page shows.
    await checkout(page, lang, 'consumer-no-v1', '23068201608', info);
    await screen(page, info, lang, 'identify');

    await page.locator('main a[href*="/auth/bankid/no"]').click();
    await expect(page).toHaveURL(/\/sandbox\/bankid\/interaction\//);
    await screen(page, info, lang, 'bankid-choose');
    await page.locator('button[data-person="23068201608"]').click();
    await screen(page, info, lang, 'bankid-approve');
    await page.locator('form[action*="/approve"] button[type=submit]').click();

    await applyScreen(page);
    await screen(page, info, lang, 'apply-consumer-v1');
    await applyNow(page);
    // The key facts and the SECCI's mail before the signature (issue 31).
    await expect(page).toHaveURL(/\/loan-subscription\/form\/key-facts$/);
    await expect(page.getByRole('button', { name: CONTINUE_FROM_KEY_FACTS })).toBeEnabled({ timeout: 20_000 });
    await screen(page, info, lang, 'key-facts-consumer-v1');
    await throughKeyFacts(page);
    await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
    await expect(page.getByRole('button', { name: SIGN_WITH_BANKID })).toBeVisible();
    // Both documents open: their text and tables are part of the screen.
    const closed = page.locator('main h3 button[aria-expanded=false]');
    await expect(closed).toHaveCount(2);
    while ((await closed.count()) > 0) await closed.first().click();
    await screen(page, info, lang, 'sign-consumer-v1');

    await page.getByRole('button', { name: SIGN_WITH_BANKID }).click();
    await expect(page).toHaveURL(/\/sandbox\/resurs-v1\/sign\//);
    await screen(page, info, lang, 'resurs-v1-sign');
    await page.locator('button[name=action][value=approve]').click();

    await expect(page).toHaveURL(/\/loan-subscription\/form\/payment\/loading\//);
    await expect(page.locator('main h1')).toBeVisible();
    await screen(page, info, lang, 'waiting');
    await backAtShop(page, info, lang, true);
  });

  test(`consumer version 2, Sweden, in ${lang}: apply with renewal, Resurs task page`, async ({ page }, info) => {
    test.slow();
    await speak(page, lang);
    await checkout(page, lang, 'consumer-se-v2', '198305147715');
    await page.getByRole('button', { name: DUMMY_LOGIN }).click();
    await applyScreen(page);
    // The renewal section open, so its long product names are measured too.
    await page.locator('main form [aria-expanded=false]').first().click();
    await screen(page, info, lang, 'apply-consumer-v2');
    await applyNow(page);

    await expect(page.getByRole('button', { name: CONTINUE_FROM_KEY_FACTS })).toBeEnabled({ timeout: 20_000 });
    await screen(page, info, lang, 'key-facts-consumer-v2');
    await throughKeyFacts(page);
    await expect(page).toHaveURL(/\/sandbox\/resurs-v2\/task\//);
    await screen(page, info, lang, 'resurs-v2-task');
    await page.locator('form[action$="/approve"] button[type=submit]').click();
    await backAtShop(page, info, lang, false);
  });

  test(`business, Norway, in ${lang}: apply, wait for GRENKE, sign the lease at the signing service`, async ({ page }, info) => {
    test.slow();
    await speak(page, lang);
    await checkout(page, lang, 'business-no', '892831270');
    await page.getByRole('button', { name: DUMMY_LOGIN }).click();
    await applyScreen(page);
    await screen(page, info, lang, 'apply-business');
    await applyNow(page);

    await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
    const signLink = page.getByRole('link', { name: SIGN_WITH_BANKID });
    await expect(signLink).toBeVisible({ timeout: 20_000 });
    await screen(page, info, lang, 'sign-business-sessions');
    await signLink.click();

    await expect(page).toHaveURL(/\/sandbox\/signing\/sign\//);
    await screen(page, info, lang, 'signing-service');
    await page.locator('#signer-name').fill('Kari Nordmann');
    await page.locator('button[name=action][value=sign]').click();
    await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
    await expect(page.locator('main a[href*="signed-document"]')).toBeVisible();
    await screen(page, info, lang, 'sign-business-signed');
  });

  test(`pages without an application, in ${lang}: identification without a reference, failures, errors`, async ({ page }, info) => {
    await speak(page, lang);
    for (const [path, name] of [
      ['/loan-subscription/', 'identify-without-reference'],
      ['/loan-subscription/form/sign/fail', 'sign-fail'],
      ['/loan-subscription/form/payment/fail', 'payment-fail'],
      ['/loan-subscription/404', 'not-found'],
      ['/loan-subscription/500', 'server-error'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await screen(page, info, lang, name);
    }
  });
}
