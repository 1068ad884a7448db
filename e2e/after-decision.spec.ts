import { expect, type Page, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { findTestOperator } from '@portal/domain/sandbox/test-operators';
import { throughKeyFacts } from './key-facts';

// After the decision (issue 32), as new customers meet it at 360 px in Swedish, Norwegian and
// English: a declined consumer lands on the decline page, asks for a review by a person there,
// sees it on their own page with the sandbox lender's answer, and finds the receipt and the
// answer in the mailbox; an approved consumer withdraws on day 3 in two clicks, gets the
// acknowledgement, the shop hears `application.withdrawn` and the merchant API says WITHDRAWN;
// on day 15 (the sandbox's moved clock) the control is gone. axe finds nothing on the new pages.

type Language = 'sv' | 'nb' | 'en';
const LANGUAGE_BUTTON = { sv: 'Svenska', nb: 'Norsk', en: 'English' } as const;
const SUPPORT = findTestOperator('operator-support')?.name ?? 'operator-support';

const WORDS = {
  sv: {
    requestReview: 'Begär att en person granskar beslutet',
    wants: ['En förklaring av bedömningen', 'Lägga till min egen synpunkt', 'En ny bedömning av en person'],
    view: 'Din synpunkt',
    send: 'Skicka begäran',
    sent: 'Din begäran är skickad',
    upheld: 'Beslutet står fast',
    otherWay: 'Välj ett annat sätt att betala',
    withdraw: 'Ångra avtalet här',
    confirm: 'Bekräfta att du ångrar avtalet',
    done: 'Vi har tagit emot din ånger',
    withdrawn: 'Ångrad',
    periodOver: /^Ångerfristen gick ut/,
  },
  nb: {
    requestReview: 'Be om at en person vurderer avgjørelsen',
    wants: ['En forklaring på vurderingen', 'Legge til mitt eget syn', 'En ny vurdering gjort av en person'],
    view: 'Ditt syn',
    send: 'Send forespørselen',
    sent: 'Forespørselen din er sendt',
    upheld: 'Avgjørelsen står ved lag',
    otherWay: 'Velg en annen måte å betale på',
    withdraw: 'Angre avtalen her',
    confirm: 'Bekreft at du angrer avtalen',
    done: 'Vi har mottatt angringen din',
    withdrawn: 'Angret',
    periodOver: /^Angrefristen gikk ut/,
  },
  en: {
    requestReview: 'Request a review by a person',
    wants: ['An explanation of the assessment', 'Add my own view', 'A new assessment by a person'],
    view: 'Your view',
    send: 'Send the request',
    sent: 'Your request has been sent',
    upheld: 'The decision stands',
    otherWay: 'Choose another way to pay',
    withdraw: 'Withdraw from the agreement',
    confirm: 'Confirm withdrawal',
    done: 'We received your withdrawal',
    withdrawn: 'Withdrawn',
    periodOver: /^The withdrawal period ended/,
  },
} as const;

/** Demo shop checkout, the sandbox login, the screen's language chosen, the form sent. */
async function applyAs(page: Page, scenario: string, person: string, language: Language) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/demo-shop/?lang=en');
  const form = page.locator(`form[data-scenario="${scenario}"]`);
  await form.getByLabel('Test person').selectOption(person);
  await form.getByRole('button', { name: 'Pay with financing' }).click();
  await page.getByRole('button', { name: /^(Logg inn som testkunde|Logga in som testkund|Log in as test customer)$/ }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/[A-Za-z0-9_-]{22,}\?countryCode=(NO|SE)$/);
  const reference = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByRole('button', { name: LANGUAGE_BUTTON[language], exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const apply = page.locator('main form');
  await expect(apply.locator('button[type=submit]')).toBeEnabled();
  for (const box of await apply.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
  await apply.locator('button[type=submit]').click();
  return reference;
}

/** This application's card on the customer's own page (the person has others from other tests). */
const cardOf = (page: Page, reference: string) => page.getByTestId('my-application').filter({ hasText: reference });

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The sandbox mailbox's mails since `since` whose words carry `needle`, as its control lists them. */
async function mailsWith(page: Page, since: number, needle: string): Promise<{ page: string; subject: string }[]> {
  const all = (await (await page.request.get('/sandbox/control/mail')).json()) as { receivedAt: string; page: string; html: string | null; subject: string }[];
  const recent = all.filter((mail) => Date.parse(mail.receivedAt) >= since - 1000 && mail.html);
  const found: { page: string; subject: string }[] = [];
  for (const mail of recent) if ((await (await page.request.get(mail.html ?? '')).text()).includes(needle)) found.push(mail);
  return found;
}

const REVIEW_CASES = [
  { language: 'sv', scenario: 'consumer-se-v1', person: '197211072793', version: 1 },
  { language: 'nb', scenario: 'consumer-no-v2', person: '01024924986', version: 2 },
  { language: 'en', scenario: 'consumer-no-v1', person: '01024924986', version: 1 },
] as const;

for (const c of REVIEW_CASES) {
  test(`declined (${c.scenario}) in ${c.language} at 360 px: the decline page, a review by a person, the lender's answer on the customer's page and in the mailbox`, async ({ page }) => {
    const since = Date.now();
    const words = WORDS[c.language];
    await applyAs(page, c.scenario, c.person, c.language);
    if (c.version === 2) {
      // Version 2: Resurs declines after its task page; the waiting screen brings the customer here.
      await throughKeyFacts(page);
      await expect(page).toHaveURL(/\/sandbox\/resurs-v2\/task\//);
      await page.getByRole('button', { name: /^(Signer med BankID|Skriv under med BankID|Sign with BankID)$/ }).click();
    }
    await expect(page).toHaveURL(/\/loan-subscription\/form\/declined$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // Why, which agency, free debt advice in the customer's country, and the ways on.
    await expect(page.getByRole('link', { name: c.scenario.includes('-se-') ? /konsumentverket/i : /NAV/ })).toBeVisible();
    await expect(page.getByText(c.scenario.includes('-se-') ? /UC AB/ : /Experian AS/)).toBeVisible();
    await expect(page.getByRole('button', { name: words.otherWay })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoViolations(page, 'decline page');

    await page.getByRole('link', { name: words.requestReview }).click();
    await expect(page).toHaveURL(/\/loan-subscription\/my-applications\/[A-Za-z0-9_-]{22,}\/review$/);
    // Nothing ticked at first paint; each choice its own control.
    for (const want of words.wants) await expect(page.getByRole('checkbox', { name: want })).not.toBeChecked();
    await expectNoViolations(page, 'review request form');
    await page.getByRole('checkbox', { name: words.wants[0] }).check();
    await page.getByRole('checkbox', { name: words.wants[2] }).check();
    await page.getByRole('textbox', { name: words.view }).fill('My payment remark was settled in October.');
    await page.locator('input[type=file]').setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByRole('button', { name: words.send }).click();
    await expect(page.getByRole('heading', { level: 1, name: words.sent })).toBeVisible();
    const reference = /R-[0-9A-Z]{8}/.exec((await page.locator('main').textContent()) ?? '')?.[0] ?? '';
    expect(reference).toMatch(/^R-/);
    expect(await noSidewaysScroll(page)).toBe(true);

    // The customer's own page: the request, then the sandbox lender's answer (in seconds).
    await page.goto('/loan-subscription/my-applications');
    const card = page.getByTestId('my-application').filter({ hasText: reference });
    await expect(card).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(card.getByText(words.upheld, { exact: true })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoViolations(page, 'my applications');

    // The receipt and the answer in the mailbox, each naming the request.
    await expect.poll(async () => (await mailsWith(page, since, reference)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  });
}

test('withdrawal in two clicks on day 3, the acknowledgement mailed, the shop and the merchant API told, support sees it; gone on day 15', async ({ page, browser }) => {
  const since = Date.now();
  const words = WORDS.nb;
  const reference = await applyAs(page, 'consumer-no-v1', '18087248794', 'nb');
  await throughKeyFacts(page);
  await page.getByRole('button', { name: 'Signer med BankID' }).click();
  await expect(page).toHaveURL(/\/sandbox\/resurs-v1\/sign\//);
  await page.locator('button[name=action][value=approve]').click();
  await expect(page).toHaveURL(/\/demo-shop\/return\?/, { timeout: 30_000 });
  const shopReturn = page.url();

  // Day 3 (the sandbox moves the agreement's conclusion back, as a moved clock would).
  expect((await page.request.post(`/sandbox/control/applications/${reference}/concluded`, { data: { daysAgo: 3 } })).status()).toBe(200);
  await page.goto('/loan-subscription/my-applications');
  const control = cardOf(page, reference).getByRole('link', { name: words.withdraw });
  await expect(control).toBeVisible();
  await expectNoViolations(page, 'my applications with a withdrawal open');
  await control.click();
  await expect(page).toHaveURL(new RegExp(`/my-applications/${reference}/withdraw$`));
  await expectNoViolations(page, 'withdrawal, first step');
  // First click: the statement; nothing is sent yet.
  await page.getByRole('button', { name: words.withdraw }).click();
  await expect(page.getByRole('button', { name: words.confirm })).toBeVisible();
  await expectNoViolations(page, 'withdrawal, confirmation');
  // Second click: confirmed, received with its date and time.
  await page.getByRole('button', { name: words.confirm }).click();
  await expect(page.getByRole('heading', { level: 1, name: words.done })).toBeVisible();
  const withdrawal = /W-[0-9A-Z]{8}/.exec((await page.locator('main').textContent()) ?? '')?.[0] ?? '';
  expect(withdrawal).toMatch(/^W-/);
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectNoViolations(page, 'withdrawal received');

  // The acknowledgement in the mailbox; the shop's page and the merchant API say so.
  await expect.poll(async () => (await mailsWith(page, since, withdrawal)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await expect(async () => {
    await page.goto(shopReturn);
    await expect(page.getByTestId('api-status')).toHaveText('WITHDRAWN', { timeout: 2000 });
    await expect(page.getByTestId('webhooks')).toContainText(/arrange the return|ordne returen|ordna returen/, { timeout: 2000 });
  }).toPass({ timeout: 40_000 });

  // On the customer's page the agreement is withdrawn, and the control is gone.
  await page.goto('/loan-subscription/my-applications');
  await expect(cardOf(page, reference).getByText(words.withdrawn).first()).toBeVisible();
  await expect(cardOf(page, reference).getByRole('link', { name: words.withdraw })).toHaveCount(0);

  // Support, asked by the customer, finds it on the application's page with the way to the queue.
  const support = await (await browser.newContext()).newPage();
  await support.goto('/back-office/');
  await support.getByRole('link', { name: 'Sign in' }).click();
  await support.getByRole('button', { name: new RegExp(SUPPORT) }).click();
  await expect(support.getByTestId('operator')).toContainText(SUPPORT);
  await support.goto(`/back-office/applications/${reference}`);
  const section = support.getByTestId('after-decision-withdrawal');
  await expect(section.getByRole('heading', { name: `Withdrawal ${withdrawal}` })).toBeVisible({ timeout: 15_000 });
  await expect(section.getByTestId('withdrawal-state')).toHaveText("Waiting for the lender's staff");
  await expect(support.getByRole('link', { name: 'Answer or handle it in Reviews and withdrawals' })).toBeVisible();
  await expectNoViolations(support, 'back office: an application with a withdrawal');
  await support.context().close();
});

test('on day 15 the withdrawal control is gone and the page says why', async ({ page }) => {
  const reference = await applyAs(page, 'consumer-no-v1', '27028809552', 'en');
  await throughKeyFacts(page);
  await page.getByRole('button', { name: /^(Sign with BankID|Signer med BankID)$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/resurs-v1\/sign\//);
  await page.locator('button[name=action][value=approve]').click();
  await expect(page).toHaveURL(/\/demo-shop\/return\?/, { timeout: 30_000 });
  expect((await page.request.post(`/sandbox/control/applications/${reference}/concluded`, { data: { daysAgo: 15 } })).status()).toBe(200);
  await page.goto('/loan-subscription/my-applications');
  await expect(cardOf(page, reference).getByText(WORDS.en.periodOver)).toBeVisible();
  await expect(cardOf(page, reference).getByRole('link', { name: WORDS.en.withdraw })).toHaveCount(0);
  await page.goto(`/loan-subscription/my-applications/${reference}/withdraw`);
  await expect(page.getByRole('button', { name: WORDS.en.withdraw })).toHaveCount(0);
  await expect(page.getByRole('button', { name: WORDS.en.confirm })).toHaveCount(0);
});
