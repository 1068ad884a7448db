import { expect, type Locator, type Page, test } from '@playwright/test';
import { API } from '@portal/domain/routes';
import { expectNoViolations } from './axe';

// The apply screens (issue 5), from the demo shop to where each provider's answer leads, in
// Norway and Sweden, in each screen's own language, with the sandbox's test people.

type Scenario = 'consumer-no-v1' | 'consumer-no-v2' | 'consumer-se-v1' | 'consumer-se-v2' | 'business-no' | 'business-se';
type Country = 'NO' | 'SE';

const countryOf = (scenario: Scenario): Country => (scenario.includes('-se') ? 'SE' : 'NO');

/** The words the tests look for, in the language each country's screen opens in. */
const T = {
  NO: {
    submit: 'Send søknad',
    submitBusiness: 'Send leasingsøknad',
    consents: 'Samtykker',
    phone: 'Mobilnummer',
    email: 'E-post',
    required: 'Feltet må fylles ut',
    wrongFormat: 'Verdien har feil format',
    terms: 'Du må godta vilkårene',
    flexYoung: 'Søk med FLEX Young',
    renewal: /Produkter som kan fornyes/,
    total: 'Samlet restverdi',
    down: 'Banktjenestene er ikke tilgjengelige akkurat nå. Prøv igjen senere.',
    notApproved: 'Resurs Bank kunne ikke innvilge søknaden din',
    loading: 'Vent til kontrollen er ferdig',
  },
  SE: {
    submit: 'Skicka ansökan',
    submitBusiness: 'Skicka leasingansökan',
    consents: 'Samtycken',
    phone: 'Mobilnummer',
    email: 'E-post',
    required: 'Fältet är obligatoriskt',
    wrongFormat: 'Värdet har fel format',
    terms: 'Du måste godkänna villkoren',
    flexYoung: 'Ansök med FLEX Young',
    renewal: /Produkter som kan förnyas/,
    total: 'Totalt restvärde',
    down: 'Bankens tjänster är inte tillgängliga just nu. Försök igen senare.',
    notApproved: 'Resurs Bank kunde inte bevilja din ansökan',
    loading: 'Vänta tills kontrollen är klar',
  },
} as const;

const SIGN_PAGE = /\/loan-subscription\/form\/sign$/;
/** A consumer's credit goes on to the key facts and the SECCI's mail before the signature (issue 31). */
const KEY_FACTS_PAGE = /\/loan-subscription\/form\/key-facts$/;

interface Checkout {
  person?: string;
  sku?: string;
  period?: number;
}

/** The customer's way in: the demo shop's checkout, then the index page's dummy login. */
async function startAt(page: Page, scenario: Scenario, { person, sku, period }: Checkout = {}) {
  await page.goto('/demo-shop/?lang=en');
  const card = page.locator(`form[data-scenario="${scenario}"]`);
  if (person) await card.getByLabel(scenario.startsWith('business') ? 'Test company' : 'Test person').selectOption(person);
  if (sku) await card.getByLabel('Product').selectOption(sku);
  if (period) await card.getByLabel('Period').selectOption(String(period));
  await card.getByRole('button', { name: 'Pay with financing' }).click();
  await page.getByRole('button', { name: /^(Logg inn som testkunde|Logga in som testkund|Log in as test customer)$/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main form')).toBeVisible();
}

const submitButton = (page: Page, scenario: Scenario) => {
  const t = T[countryOf(scenario)];
  return page.getByRole('button', { name: scenario.startsWith('business') ? t.submitBusiness : t.submit, exact: true });
};

async function acceptConsents(page: Page, country: Country) {
  for (const box of await page.getByRole('group', { name: T[country].consents }).getByRole('checkbox').all()) await box.check();
}

async function setFault(page: Page, provider: string, mode: 'down' | 'normal') {
  const response = await page.request.put(`/sandbox/control/faults/${provider}`, { data: { mode } });
  expect(response.ok()).toBe(true);
}

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reached the element');
}

const DESTINATION: Record<Scenario, RegExp> = {
  'consumer-no-v1': KEY_FACTS_PAGE,
  'consumer-se-v1': KEY_FACTS_PAGE,
  'consumer-no-v2': KEY_FACTS_PAGE,
  'consumer-se-v2': KEY_FACTS_PAGE,
  'business-no': SIGN_PAGE,
  'business-se': SIGN_PAGE,
};

for (const scenario of Object.keys(DESTINATION) as Scenario[]) {
  test(`${scenario}: validation messages under the fields, focus on the first, then the submit goes where the provider says`, async ({ page }) => {
    const country = countryOf(scenario);
    const t = T[country];
    await startAt(page, scenario);
    const phone = page.getByRole('textbox', { name: t.phone });
    const email = page.getByRole('textbox', { name: t.email });
    await phone.fill('');
    await email.fill('not-an-address');
    await submitButton(page, scenario).click();

    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription(t.required);
    await expect(email).toHaveAccessibleDescription(t.wrongFormat);
    const consents = page.getByRole('group', { name: t.consents }).getByRole('checkbox');
    await expect(consents.first()).toHaveAccessibleDescription(t.terms);
    // One message per field.
    await expect(page.getByText(t.terms)).toHaveCount(await consents.count());

    // A checkbox is checked again as it changes.
    await consents.first().check();
    await expect(consents.first()).not.toHaveAccessibleDescription(t.terms);

    await phone.fill(country === 'NO' ? '912 34 567' : '070-123 45 67');
    await email.fill('kunde@example.com');
    await acceptConsents(page, country);
    await submitButton(page, scenario).click();
    await expect(page).toHaveURL(DESTINATION[scenario]);
  });
}

test('keyboard only: tick the consents and send a version 1 application', async ({ page }) => {
  await startAt(page, 'consumer-no-v1');
  for (const box of await page.getByRole('group', { name: T.NO.consents }).getByRole('checkbox').all()) {
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await tabTo(page, submitButton(page, 'consumer-no-v1'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(KEY_FACTS_PAGE);
});

test.describe('FLEX Young', () => {
  const cases: { scenario: Scenario; sku: string; period: number; enabled: boolean; why?: RegExp }[] = [
    { scenario: 'consumer-no-v1', sku: 'LAP-14', period: 36, enabled: true },
    { scenario: 'consumer-no-v1', sku: 'CAM-PRO', period: 36, enabled: false, why: /beløpet er 24\s990,00\skr, og grensen er 20\s000,00\skr/ },
    { scenario: 'consumer-no-v2', sku: 'PHN-128', period: 12, enabled: false, why: /nedbetalingstiden er 12 måneder, og FLEX Young krever 24–48 måneder/ },
    { scenario: 'consumer-no-v2', sku: 'PHN-128', period: 24, enabled: true },
    { scenario: 'consumer-se-v2', sku: 'EBK-500', period: 48, enabled: true },
    { scenario: 'consumer-se-v2', sku: 'LAP-16-PRO', period: 36, enabled: false, why: /beloppet är 42\s000,00\skr och gränsen är 40\s000,00\skr/ },
    { scenario: 'consumer-se-v2', sku: 'LAP-14', period: 60, enabled: false, why: /återbetalningstiden är 60 månader/ },
  ];
  for (const { scenario, sku, period, enabled, why } of cases) {
    test(`${scenario}, ${sku}, ${period} months: ${enabled ? 'offered' : 'disabled with the reason'}`, async ({ page }) => {
      await startAt(page, scenario, { sku, period });
      const button = page.getByRole('button', { name: T[countryOf(scenario)].flexYoung });
      if (enabled) {
        await expect(button).toBeEnabled();
      } else {
        await expect(button).toBeDisabled();
        await expect(button).toHaveAccessibleDescription(why ?? /./);
      }
    });
  }

  test('the Swedish version 1 screen has no FLEX Young box', async ({ page }) => {
    await startAt(page, 'consumer-se-v1', { sku: 'PHN-128', period: 36 });
    await expect(page.getByRole('heading', { name: 'FLEX Young' })).toHaveCount(0);
  });

  test('applying with FLEX Young goes on to signing', async ({ page }) => {
    await startAt(page, 'consumer-no-v1', { sku: 'PHN-128', period: 36 });
    await acceptConsents(page, 'NO');
    await page.getByRole('button', { name: T.NO.flexYoung }).click();
    await expect(page).toHaveURL(KEY_FACTS_PAGE);
  });
});

test('renewal (SE, Anna Andersson): each selected product adds to the residual total; its consents open the section', async ({ page }) => {
  await startAt(page, 'consumer-se-v2', { person: '198305147715' });
  const section = page.getByRole('button', { name: T.SE.renewal });
  await section.click();
  await expect(page.getByText(`${T.SE.total}: 0,00 kr`)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Laptop 14/ }).check();
  await expect(page.getByText(/^Totalt restvärde: 4\s200,00\skr$/)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Smartphone Pro Max/ }).check();
  await expect(page.getByText(/^Totalt restvärde: 7\s300,00\skr$/)).toBeVisible();
  // The long name is cut at 100 characters for the eye.
  await expect(page.getByText(/…$/)).toBeVisible();

  await section.click();
  await acceptConsents(page, 'SE');
  await submitButton(page, 'consumer-se-v2').click();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  const assessment = page.getByRole('checkbox', { name: /^Jag godkänner att mitt nuvarande abonnemang/ });
  await expect(assessment).toBeFocused();
  await expect(assessment).toHaveAccessibleDescription(T.SE.terms);

  await assessment.check();
  await page.getByRole('checkbox', { name: /^Jag lämnar tillbaka den gamla produkten/ }).check();
  await submitButton(page, 'consumer-se-v2').click();
  await expect(page).toHaveURL(KEY_FACTS_PAGE);
});

test.describe('refusals', () => {
  for (const [scenario, person] of [
    ['consumer-no-v1', '01024924986'],
    ['consumer-se-v1', '197211072793'],
  ] as const) {
    test(`${scenario} rejected: the form gives way to the decline page in the screen's language`, async ({ page }) => {
      await startAt(page, scenario, { person });
      await acceptConsents(page, countryOf(scenario));
      await submitButton(page, scenario).click();
      await expect(page).toHaveURL(/\/loan-subscription\/form\/declined$/);
      const heading = page.getByRole('heading', { level: 1, name: T[countryOf(scenario)].notApproved });
      await expect(heading).toBeFocused();
      await expect(submitButton(page, scenario)).toHaveCount(0);
    });
  }

  for (const [scenario, company] of [
    ['business-no', '996030962'],
    ['business-se', '9468958195'],
  ] as const) {
    test(`${scenario} declined (${company}): back to the merchant`, async ({ page }) => {
      await startAt(page, scenario, { person: company });
      await acceptConsents(page, countryOf(scenario));
      await submitButton(page, scenario).click();
      await expect(page).toHaveURL(/\/demo-shop\/return\?outcome=apply_denied/);
    });
  }

  test('the mock panel decides for GRENKE: an approved company denied by the mock goes back to the merchant', async ({ page }) => {
    await startAt(page, 'business-no', { person: '892831270' });
    const panel = page.getByRole('region', { name: /Testmiljø/ });
    await panel.getByRole('combobox', { name: 'Resultat' }).selectOption({ label: 'Søk + avslått' });
    await panel.getByRole('spinbutton', { name: 'Forsinkelse i sekunder' }).fill('0');
    await panel.getByRole('button', { name: 'Simuler' }).click();
    await expect(panel.getByText('GRENKE svarer «Søk + avslått» om 0 sekunder.')).toBeVisible();
    await acceptConsents(page, 'NO');
    await submitButton(page, 'business-no').click();
    await expect(page).toHaveURL(/\/demo-shop\/return\?outcome=apply_denied/);
  });
});

// @exclusive: the lender is taken down for everyone, so it runs when nothing else does.
test('provider down: the catalogue text, then a retry goes through', { tag: '@exclusive' }, async ({ page }) => {
  await startAt(page, 'consumer-se-v2', { person: '198305147715' });
  await acceptConsents(page, 'SE');
  await setFault(page, 'resurs-v2', 'down');
  try {
    await submitButton(page, 'consumer-se-v2').click();
    await expect(page.getByRole('alert')).toHaveText(new RegExp(`${T.SE.down.replace(/\./g, '\\.')}$`));
  } finally {
    await setFault(page, 'resurs-v2', 'normal');
  }
  // Calls that found Resurs down meanwhile (the background jobs' polls) may have opened its
  // circuit: the portal sends customers to Resurs again once its probe finds it answering.
  const reference = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect
    .poll(async () => (await (await page.request.get(API.validate.url({ reference }), { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json()).lenderAvailable, { timeout: 15_000 })
    .toBe(true);
  await submitButton(page, 'consumer-se-v2').click();
  await expect(page).toHaveURL(KEY_FACTS_PAGE);
});

test('the form rules load after the screen shows: if they cannot, sending says so, and a retry goes through', async ({ page }) => {
  const rules = /\/assets\/apply-validation-[\w-]+\.js$/;
  await page.route(rules, (route) => route.abort('internetdisconnected'));
  await startAt(page, 'consumer-no-v2');
  await acceptConsents(page, 'NO');
  await submitButton(page, 'consumer-no-v2').click();
  await expect(page.getByRole('alert')).toContainText('Vi fikk ikke kontakt med serveren.');
  await page.unroute(rules);
  await submitButton(page, 'consumer-no-v2').click();
  await expect(page).toHaveURL(KEY_FACTS_PAGE);
});

test.describe('accessibility (WCAG 2.2 AA, axe)', () => {
  const screens: [Scenario, Checkout][] = [
    ['consumer-no-v1', {}],
    ['consumer-se-v1', {}],
    ['consumer-no-v2', {}],
    ['consumer-se-v2', { person: '198305147715' }],
    ['business-no', {}],
    ['business-se', {}],
  ];
  for (const [scenario, checkout] of screens) {
    test(`${scenario} in English, Swedish and Norwegian, as loaded and with every message showing`, async ({ page }) => {
      test.slow();
      await startAt(page, scenario, checkout);
      for (const [code, menu] of [['en', 'English'], ['sv', 'Svenska'], ['nb', 'Norsk']] as const) {
        await page.getByRole('button', { name: menu, exact: true }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expectNoViolations(page, `${scenario} (${code})`);
      }
      // The invalid state (and the renewal section, where there is one) in the screen's own language.
      await page.getByRole('button', { name: countryOf(scenario) === 'NO' ? 'Norsk' : 'Svenska', exact: true }).click();
      await page.getByRole('textbox', { name: T[countryOf(scenario)].phone }).fill('');
      await submitButton(page, scenario).click();
      await expect(page.getByRole('textbox', { name: T[countryOf(scenario)].phone })).toBeFocused();
      const renewal = page.getByRole('button', { name: T[countryOf(scenario)].renewal });
      if (await renewal.count()) await renewal.click();
      await expectNoViolations(page, `${scenario}, with messages`);
    });
  }
});
