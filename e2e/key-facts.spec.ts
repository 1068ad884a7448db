import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { CONTINUE_FROM_KEY_FACTS } from './key-facts';

// The pre-contractual information step (issue 31, item 1), as a new customer meets it: after the
// apply screen a consumer sees the SECCI's key facts as one card, the lender's SECCI beneath it,
// and the SECCI mailed as a PDF before the way to the signature opens. The mail arrives in the
// sandbox mailbox with the PDF, and its link brings the customer back to the same step.

type Case = { scenario: string; person: string; language: 'sv' | 'nb' | 'en'; width: number; version: 1 | 2 };

const CASES: Case[] = [
  { scenario: 'consumer-se-v2', person: '198305147715', language: 'sv', width: 360, version: 2 },
  { scenario: 'consumer-no-v1', person: '18087248794', language: 'nb', width: 1280, version: 1 },
  { scenario: 'consumer-se-v1', person: '198305147715', language: 'en', width: 360, version: 1 },
  { scenario: 'consumer-no-v2', person: '27028809552', language: 'en', width: 1280, version: 2 },
];

const LANGUAGE_BUTTON = { sv: 'Svenska', nb: 'Norsk', en: 'English' } as const;
const MAIL_SENT = { sv: 'Vi har mejlat informationen till dig', nb: 'Vi har sendt deg informasjonen på e-post', en: 'We have e-mailed you the information' } as const;
const SUBJECT = {
  sv: 'Information om din kredit innan du skriver under',
  nb: 'Informasjon om kreditten din før du signerer',
  en: 'Information about your credit before you sign',
} as const;

/** Demo shop checkout, the sandbox login, the apply form with its consents, sent. */
async function toKeyFacts(page: Page, c: Case) {
  await page.goto(`/demo-shop/?lang=en`);
  const form = page.locator(`form[data-scenario="${c.scenario}"]`);
  await form.getByLabel('Test person').selectOption(c.person);
  await form.getByRole('button', { name: 'Pay with financing' }).click();
  await page.getByRole('button', { name: /^(Logg inn som testkunde|Logga in som testkund|Log in as test customer)$/ }).click();
  await expect(page).toHaveURL(/\/loan-subscription\/[A-Za-z0-9_-]{22,}\?countryCode=(NO|SE)$/);
  // The customer's language, chosen on the apply screen: the step and the mail speak it.
  await page.getByRole('button', { name: LANGUAGE_BUTTON[c.language], exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', c.language);
  const apply = page.locator('main form');
  await expect(apply.locator('button[type=submit]')).toBeEnabled();
  for (const box of await apply.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
  await apply.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/loan-subscription\/form\/key-facts$/, { timeout: 20_000 });
}

for (const c of CASES) {
  test(`${c.scenario} at ${c.width} px in ${c.language}: key facts on one card, the SECCI mailed before the signature, the mail's link back`, async ({ page }) => {
    await page.setViewportSize({ width: c.width, height: 640 });
    await toKeyFacts(page, c);
    await expect(page.locator('html')).toHaveAttribute('lang', c.language);

    // The way on waits for the mail; once it went, the screen says where.
    const next = page.getByRole('button', { name: CONTINUE_FROM_KEY_FACTS });
    await expect(page.getByText(MAIL_SENT[c.language])).toBeVisible({ timeout: 20_000 });
    await expect(next).toBeEnabled();
    await expect(page.getByText(/^(Sent to|Skickat till|Sendt til) [\w.]+@example\.com/)).toBeVisible();

    // Every key fact in one card, none hidden, all values in one size and weight; on a phone the
    // Annex I items (a) to (e) fit the first screen from the card's heading.
    const card = page.getByTestId('key-facts');
    for (const item of ['a', 'b', 'c', 'd', 'e', 'h', 'j']) await expect(card.locator(`[data-secci="${item}"]`).first()).toBeVisible();
    const styles = await card.locator('[data-secci-value]').evaluateAll((values) =>
      values.map((value) => `${getComputedStyle(value).fontSize} ${getComputedStyle(value).fontWeight}`),
    );
    expect(new Set(styles).size).toBe(1);
    await card.getByRole('heading').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    for (const item of ['a', 'b', 'c', 'd', 'e']) await expect(card.locator(`[data-secci="${item}"]`).first()).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Konsumentverket's warning on a Swedish consumer's credit, none in Norway.
    await expect(page.locator('[data-credit-warning]')).toHaveCount(c.scenario.includes('-se-') ? 1 : 0);
    await expectNoViolations(page, 'key facts step');

    // The PDF the page offers.
    const documentLink = page.getByRole('link', { name: /PDF/ });
    const pdf = await page.request.get((await documentLink.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // The mail in the customer's mailbox: in the screen's language, the PDF attached, no axe findings.
    const stepUrl = page.url();
    // This application's mail (other customers' arrive meanwhile): the one carrying this very PDF.
    const digest = createHash('sha256').update(await pdf.body()).digest('hex');
    await expect(page.getByText(digest)).toBeVisible();
    const mails = (await (await page.request.get('/sandbox/control/mail')).json()) as { page: string; subject: string; attachments: { sha256: string }[] }[];
    const ours = mails.find((mail) => mail.attachments.some((attachment) => attachment.sha256 === digest));
    expect(ours?.subject).toBe(SUBJECT[c.language]);
    await page.goto(`${ours?.page ?? ''}?lang=${c.language}`);
    await expect(page.getByTestId('mail-language')).toHaveText(c.language);
    await expect(page.getByTestId('attachment')).toContainText('.pdf');
    const attachment = await page.request.get((await page.getByTestId('attachment').getAttribute('href')) ?? '');
    expect((await attachment.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await attachment.body()).equals(await pdf.body())).toBe(true);
    await expectNoViolations(page, 'the mail in the sandbox mailbox');
    const mail = page.frameLocator('iframe');
    const resume = await mail.getByRole('link').first().getAttribute('href');
    expect(resume).toMatch(/\/loan-subscription\/[A-Za-z0-9_-]{22,}$/);
    // The mail itself, as the customer's mail program shows it: in its language, no axe findings.
    // (its own address forbids every script, axe's too: its markup is checked in a page of its own).
    const mailHtml = await (await page.request.get(`${page.url().split('?')[0]}/html`)).text();
    await page.setContent(mailHtml);
    await expect(page.locator('html')).toHaveAttribute('lang', c.language);
    await expectNoViolations(page, 'the mail as the customer reads it');

    // The mail's link: back at the same step, the mail already sent, on to the signature.
    await page.goto(resume ?? '');
    await expect(page).toHaveURL(stepUrl);
    await expect(next).toBeEnabled();
    await next.click();
    if (c.version === 2) {
      await expect(page).toHaveURL(/\/sandbox\/resurs-v2\/task\//);
    } else {
      await expect(page).toHaveURL(/\/loan-subscription\/form\/sign$/);
      await expect(page.getByRole('button', { name: /^(Sign with BankID|Signer med BankID|Skriv under med BankID)$/ })).toBeEnabled();
    }
  });
}

test('the sign page of version 1 sends a customer who skipped the key facts back to them', async ({ page }) => {
  await toKeyFacts(page, CASES[1] as Case);
  await page.goto('/loan-subscription/form/sign');
  await expect(page).toHaveURL(/\/loan-subscription\/form\/key-facts$/);
});
