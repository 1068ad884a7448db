import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, APPLICATION_WATCH_INTERVAL_MS } from '@portal/domain';
import { browser } from '@/lib/api-client';
import { buildApplication, buildResponse, product } from '@/testing/applications';
import { type Answer, renderApply, serve } from '../testing/render-apply';

const SUBMIT = { v1: `PATCH ${API.resursSubmit.url()}`, v2: `PATCH ${API.resursV2Submit.url()}`, grenke: `PATCH ${API.grenkeSubmit.url()}` };
const failure = (status: number, errorCode: string, message = '', fieldErrors?: Record<string, string>): Answer => ({
  status,
  body: { status, errorCode, message, ...(fieldErrors ? { fieldErrors } : {}) },
});

const business = () =>
  buildResponse(
    buildApplication({
      customer: { type: 'LEGAL', firstName: null, lastName: null, companyName: 'Fjord Bygg AS', externalId: '892831270' },
      loanProduct: { provider: 'GRENKE' },
    }),
  );
const consumerV1 = (countryCode: 'NO' | 'SE' = 'NO') => buildResponse(buildApplication({ version: 1, customer: { countryCode } }));
const consumerV2 = (loan: { loanAmount?: number; loanPeriod?: number } = {}, countryCode: 'NO' | 'SE' = 'NO') =>
  buildResponse(buildApplication({ customer: { countryCode }, loan: { currency: countryCode === 'SE' ? 'SEK' : 'NOK', ...loan } }));

async function acceptConsents() {
  for (const box of screen.getAllByRole('checkbox')) {
    if (!(box as HTMLInputElement).checked) await userEvent.click(box);
  }
}

const send = () => userEvent.click(screen.getByRole('button', { name: /^Send/ }));

beforeEach(() => {
  // jsdom does not lay out, so it has no scrolling either.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the variant follows the application', () => {
  it('business: greets the signatory and names the company, read-only company, signing-rights notice, leasing terms', () => {
    serve({});
    renderApply(business());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hi Kari!');
    expect(screen.getByText(/You are applying for leasing for Fjord Bygg AS\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Fjord Bygg AS');
    expect(screen.getByRole('textbox', { name: 'Organisation number' })).toHaveValue('892831270');
    expect(screen.getByText(/right to sign on behalf of the company/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I may sign for the company.' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'FLEX Young' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Test environment/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send leasing application' })).toBeInTheDocument();
  });

  it('business with the dummy login feature: the mock panel', async () => {
    const calls = serve({ [`POST ${API.grenkeMock.url({ action: 'denied', merchantPaymentReference: 'order-1' })}`]: { body: { action: 'denied', delay: 0 } } });
    renderApply(business(), { showDummyLogin: true, resursMerchantApiEnabled: true });
    // Loaded on demand (sandbox only), so it shows a moment after the screen.
    const panel = await screen.findByRole('region', { name: /Test environment/ });
    expect(within(panel).getByRole('spinbutton', { name: 'Delay in seconds' })).toHaveValue(30);
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Result' }), 'Apply + denied');
    const delay = within(panel).getByRole('spinbutton', { name: 'Delay in seconds' });
    await userEvent.clear(delay);
    await userEvent.type(delay, '301');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mock' }));
    expect(delay).toHaveAccessibleDescription(/Enter a whole number from 0 to 300/);
    expect(calls).toHaveLength(0);
    await userEvent.clear(delay);
    await userEvent.type(delay, '0');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mock' }));
    expect(await within(panel).findByText('GRENKE will answer “Apply + denied” in 0 seconds.')).toBeInTheDocument();
    expect(calls[0]?.url).toBe(`${API.grenkeMock.url({ action: 'denied', merchantPaymentReference: 'order-1' })}?delay=0`);
  });

  it('consumer version 1: greets by name; FLEX Young in Norway but not in Sweden', () => {
    serve({});
    const { unmount } = renderApply(consumerV1('NO'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hi Kari!');
    expect(screen.getByRole('heading', { name: 'FLEX Young' })).toBeInTheDocument();
    unmount();
    renderApply(consumerV1('SE'));
    expect(screen.queryByRole('heading', { name: 'FLEX Young' })).toBeNull();
  });

  it('consumer version 2: the summary in the UI locale, its documents, and the country’s disclaimer', () => {
    serve({});
    const { unmount } = renderApply(consumerV2());
    const summary = screen.getByRole('region', { name: 'Your subscription' });
    const value = (term: string) => within(summary).getByText(term).nextElementSibling;
    expect(value('Total value')).toHaveTextContent('NOK 15,000.00');
    expect(value('Cost of credit')).toHaveTextContent('NOK 2,500.00');
    expect(value('Nominal interest rate')).toHaveTextContent('12.90%');
    expect(value('Total monthly payment')).toHaveTextContent('NOK 486.11');
    expect(within(summary).getByRole('link', { name: /Standard European Consumer Credit Information/ })).toHaveAttribute('href', 'https://example.com/secci.pdf');
    expect(within(summary).getByRole('link', { name: /General terms of the credit/ })).toHaveAttribute('target', '_blank');
    expect(within(summary).getByText(/credit agreement with Resurs Bank/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'FLEX Young' })).toBeInTheDocument();
    unmount();
    renderApply(consumerV2({}, 'SE'));
    expect(screen.getByText(/requests a credit report on you from Experian AS/)).toBeInTheDocument();
    // Sweden's version 2 screen has the box too (the Sweden rule is version 1's).
    expect(screen.getByRole('heading', { name: 'FLEX Young' })).toBeInTheDocument();
  });

  it('says a figure the provider has not priced yet is not available, never 0', () => {
    serve({});
    renderApply(
      buildResponse(
        buildApplication({
          loan: { cost: null, totalAmount: null, interestRate: null, effectiveInterestRate: null, totalMonthlyPayment: null, secciLinks: [], generalTermsLinks: [] },
        }),
      ),
    );
    expect(screen.getAllByText('Not available yet')).toHaveLength(5);
  });
});

describe('every screen says what the customer agrees to, from the provider’s figures', () => {
  const figures = (name: string) => {
    const summary = screen.getByRole('region', { name });
    return (term: string) => within(summary).getByText(term).nextElementSibling;
  };

  it('consumer version 1: monthly payment, term, total, cost and the effective interest', () => {
    serve({});
    renderApply(consumerV1('NO'));
    const value = figures('Your subscription');
    expect(value('Total monthly payment')).toHaveTextContent('NOK 486.11');
    expect(value('Term')).toHaveTextContent('36 months');
    expect(value('Total amount to pay')).toHaveTextContent('NOK 17,500.00');
    expect(value('Cost of credit')).toHaveTextContent('NOK 2,500.00');
    expect(value('Nominal interest rate')).toHaveTextContent('12.90%');
    expect(value('Effective interest rate')).toHaveTextContent('14.12%');
    expect(screen.getByRole('link', { name: /Standard European Consumer Credit Information/ })).toHaveAttribute('href', 'https://example.com/secci.pdf');
  });

  it('consumer version 2 shows the term, the total and the effective interest too', () => {
    serve({});
    renderApply(consumerV2({ loanPeriod: 1 }));
    const value = figures('Your subscription');
    expect(value('Term')).toHaveTextContent(/^1 month$/);
    expect(value('Total amount to pay')).toHaveTextContent('NOK 17,500.00');
    expect(value('Effective interest rate')).toHaveTextContent('14.12%');
  });

  it('business: the monthly lease payment, the term and the total, without an interest rate', () => {
    serve({});
    const response = business();
    const lease = response.loanApplications[0];
    if (!lease) throw new Error('no application');
    lease.loan = { ...lease.loan, totalMonthlyPayment: 1425.5, totalAmount: 51318, cost: 6318, interestRate: 0, effectiveInterestRate: 0, secciLinks: [], generalTermsLinks: [] };
    renderApply(response);
    const value = figures('The lease');
    expect(value('Monthly lease payment')).toHaveTextContent('NOK 1,425.50');
    expect(value('Term')).toHaveTextContent('36 months');
    expect(value('Total to pay over the term')).toHaveTextContent('NOK 51,318.00');
    expect(screen.queryByText(/interest rate/i)).toBeNull();
  });

  it('business without a signatory’s name greets the contact the shop named', () => {
    serve({});
    const response = buildResponse(
      buildApplication({ customer: { type: 'LEGAL', firstName: 'Per', companyName: 'Fjord Bygg AS', externalId: '892831270' }, loanProduct: { provider: 'GRENKE' } }),
      [],
      { firstName: '', lastName: '' },
    );
    renderApply(response);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hi Per!');
  });
});

describe('FLEX Young', () => {
  it.each([
    ['NO', 20000, 36, null],
    ['NO', 20001, 36, 'the amount is NOK 20,001.00, and the limit is NOK 20,000.00'],
    ['SE', 40000, 36, null],
    ['SE', 40001, 36, 'the amount is SEK 40,001.00, and the limit is SEK 40,000.00'],
    ['NO', 15000, 23, 'the repayment period is 23 months, and FLEX Young needs 24 to 48 months'],
    ['NO', 15000, 24, null],
    ['NO', 15000, 48, null],
    ['NO', 15000, 49, 'the repayment period is 49 months, and FLEX Young needs 24 to 48 months'],
  ] as const)('%s, %i, %i months: %s', (country, loanAmount, loanPeriod, reason) => {
    serve({});
    renderApply(consumerV2({ loanAmount, loanPeriod }, country));
    const box = screen.getByRole('region', { name: 'FLEX Young' });
    const button = within(box).getByRole('button', { name: 'Apply with FLEX Young' });
    expect(within(box).getByText(`For purchases up to ${country === 'NO' ? 'NOK 20,000.00' : 'SEK 40,000.00'}.`)).toBeInTheDocument();
    if (reason) {
      expect(button).toBeDisabled();
      // Money is written with no-break spaces.
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
      expect(button).toHaveAccessibleDescription(expect.stringMatching(new RegExp(reason.replace(/ /g, '\\s'))));
    } else {
      expect(button).toBeEnabled();
    }
  });

  it('applies with accountKey student', async () => {
    const calls = serve({ [SUBMIT.v2]: { body: { decision: 'TASK_REDIRECTION_REQUIRED', callBackUrl: 'https://resurs.example/task/1' } } });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApply(consumerV2());
    await acceptConsents();
    await userEvent.click(screen.getByRole('button', { name: 'Apply with FLEX Young' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://resurs.example/task/1'));
    expect(calls[0]?.body).toMatchObject({ accountKey: 'student', personalInfoConsent: true, privacyConsent: true });
  });
});

describe('validation (spec section 5)', () => {
  it('on submit: one translated message per field, focus on the first invalid field, nothing sent', async () => {
    const calls = serve({});
    renderApply(consumerV1());
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(phone);
    await userEvent.clear(email);
    await userEvent.type(email, 'kari@example');
    await send();
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription('This field is required');
    expect(email).toHaveAccessibleDescription('Value is in a wrong format');
    expect(screen.getByRole('checkbox', { name: 'My details are correct.' })).toHaveAccessibleDescription('Terms must be accepted');
    expect(screen.getAllByText('Terms must be accepted')).toHaveLength(3);
    expect(calls).toHaveLength(0);
  });

  it('checks the country’s phone pattern: a Swedish number is wrong in Norway', async () => {
    serve({});
    renderApply(consumerV1('NO'));
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '+46 70 123 45 67');
    await acceptConsents();
    await send();
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription('Value is in a wrong format');
  });

  it('rebuilds the rules when the country changes, keeping what was typed', async () => {
    serve({});
    const norway = consumerV1('NO');
    const { rerenderScreen } = renderApply(norway);
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '070-123 45 67');
    await acceptConsents();
    await send();
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Value is in a wrong format'));
    const sweden = consumerV1('SE');
    rerenderScreen(sweden);
    await userEvent.type(phone, ' ');
    await waitFor(() => expect(phone).not.toHaveAccessibleDescription());
    expect(phone).toHaveValue('070-123 45 67 ');
  });

  it('on each checkbox change, without moving focus', async () => {
    serve({});
    renderApply(consumerV1());
    const box = screen.getByRole('checkbox', { name: 'My details are correct.' });
    await userEvent.click(box);
    expect(box).not.toHaveAccessibleDescription();
    await userEvent.click(box);
    await waitFor(() => expect(box).toHaveAccessibleDescription('Terms must be accepted'));
    expect(box).toHaveFocus();
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toHaveAccessibleDescription());
  });
});

describe('renewal (consumer version 2)', () => {
  const withProducts = () =>
    buildResponse(buildApplication(), [product('A', 4200), product('B', 3100.5, `${'Smartphone Pro Max '.repeat(6)}bundle`)]);

  it('lists the products (long names cut at 100 characters), and each selection adds to the residual total', async () => {
    serve({});
    renderApply(withProducts());
    const section = screen.getByRole('button', { name: 'Products up for renewal (2)' });
    expect(section).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(section);
    expect(screen.getByText('Total residual value: NOK 0.00')).toBeInTheDocument();
    const long = screen.getByRole('checkbox', { name: `${'Smartphone Pro Max '.repeat(6)}bundle` });
    expect(screen.getByText(`${`${'Smartphone Pro Max '.repeat(6)}bundle`.slice(0, 100)}…`)).toBeInTheDocument();
    expect(long).toHaveAccessibleDescription(/^Serial number: SN-B NOK\s449\.00 per month$/);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Laptop A' }));
    expect(screen.getByText('Total residual value: NOK 4,200.00')).toBeInTheDocument();
    await userEvent.click(long);
    expect(screen.getByText('Total residual value: NOK 7,300.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Laptop A' }));
    expect(screen.getByText('Total residual value: NOK 3,100.50')).toBeInTheDocument();
    expect(screen.getByText(/you have 14 days to return the old one/)).toBeInTheDocument();
  });

  it('with a product selected, missing renewal consents open the section and take focus', async () => {
    const calls = serve({});
    renderApply(withProducts());
    const section = screen.getByRole('button', { name: 'Products up for renewal (2)' });
    await userEvent.click(section);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Laptop A' }));
    await userEvent.click(section);
    expect(section).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('checkbox', { name: 'My details are correct.' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read the privacy policy/ }));
    await send();
    expect(section).toHaveAttribute('aria-expanded', 'true');
    const assessment = screen.getByRole('checkbox', { name: 'Assess my subscription.' });
    await waitFor(() => expect(assessment).toHaveFocus());
    expect(assessment).toHaveAccessibleDescription('Terms must be accepted');
    expect(screen.getByRole('checkbox', { name: 'I return the old product.' })).toHaveAccessibleDescription('Terms must be accepted');
    expect(calls).toHaveLength(0);
  });

  it('names every problem in one round: empty fields and the renewal consents together', async () => {
    const calls = serve({});
    renderApply(withProducts());
    const section = screen.getByRole('button', { name: 'Products up for renewal (2)' });
    await userEvent.click(section);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Laptop A' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await send();
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('checkbox', { name: 'My details are correct.' })).toHaveAccessibleDescription('Terms must be accepted');
    expect(screen.getByRole('checkbox', { name: 'Assess my subscription.' })).toHaveAccessibleDescription('Terms must be accepted');
    expect(screen.getByRole('checkbox', { name: 'I return the old product.' })).toHaveAccessibleDescription('Terms must be accepted');
    expect(calls).toHaveLength(0);
  });

  it('without a selection the renewal consents are not needed, and not sent', async () => {
    const calls = serve({ [SUBMIT.v2]: { body: { decision: 'TASK_REDIRECTION_REQUIRED', callBackUrl: 'https://resurs.example/task/1' } } });
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApply(withProducts());
    // Not required while nothing is selected; required as soon as a product is.
    await userEvent.click(screen.getByRole('button', { name: /^Products up for renewal/ }));
    const assess = screen.getByRole('checkbox', { name: 'Assess my subscription.' });
    expect(assess).toHaveAttribute('aria-required', 'false');
    const [first] = screen.getAllByRole('checkbox').filter((box) => box.closest('li'));
    if (!first) throw new Error('no product to select');
    await userEvent.click(first);
    expect(assess).toHaveAttribute('aria-required', 'true');
    await userEvent.click(first);
    await userEvent.click(screen.getByRole('checkbox', { name: 'My details are correct.' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read the privacy policy/ }));
    await send();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      phone: '+47 91234567',
      email: 'kari@example.com',
      address: 'Storgata 1',
      postalCode: '0155',
      city: 'Oslo',
      personalInfoConsent: true,
      privacyConsent: true,
      orders: [],
    });
  });
});

describe('renewal (business and version 1)', () => {
  it('business: the company’s leases, selected and sent with the GRENKE submit', async () => {
    const calls = serve({ [SUBMIT.grenke]: { body: { applicationResults: [{ state: 'PENDING', financingId: 'f1' }] } } });
    const application = business().loanApplications[0];
    if (!application) throw new Error('a business application');
    const { history } = renderApply(buildResponse(application, [product('L', 9800, 'Meeting room display 65"')]));
    await userEvent.click(screen.getByRole('button', { name: 'Products up for renewal (1)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Meeting room display 65"' }));
    expect(screen.getByText('Total residual value: NOK 9,800.00')).toBeInTheDocument();
    await acceptConsents();
    await send();
    await waitFor(() => expect(history.at(-1)).toBe('/form/sign'));
    expect(calls[0]?.body).toMatchObject({
      leasingTermsConsent: true,
      fairownRenewalAssessmentConsent: true,
      fairownRenewalConsent: true,
      orders: [{ subscriptionReference: 'SUB-1', displayedResidualValue: 9800, items: [{ productReference: 'L', sku: 'SKU-L', serialNumber: 'SN-L', displayedResidualValue: 9800 }] }],
    });
  });

  it('consumer version 1: no renewal section', () => {
    serve({});
    const application = consumerV1().loanApplications[0];
    if (!application) throw new Error('a version 1 application');
    renderApply(buildResponse(application, [product('A', 4200)]));
    expect(screen.queryByRole('button', { name: /Products up for renewal/ })).not.toBeInTheDocument();
  });
});

describe('submit flows (spec section 4)', () => {
  it('consumer version 1: the loading panel while waiting, then the key facts before the sign page', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const calls = serve({
      [SUBMIT.v1]: async () => {
        await answered;
        return { body: { applicationResult: { status: 'SIGNING', paymentId: 'p1' } } };
      },
    });
    const { history } = renderApply(consumerV1());
    await acceptConsents();
    await send();
    expect(await screen.findByText('Please wait for the check to complete')).toBeInTheDocument();
    expect(screen.getByText(/can take up to 20 minutes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send application' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply with FLEX Young' })).toBeDisabled();
    release();
    await waitFor(() => expect(history.at(-1)).toBe('/form/key-facts'));
    expect(calls).toHaveLength(1);
    // Version 1 carries the credit-check consent (spec section 7); FLEX Young was not chosen.
    expect(calls[0]?.body).toMatchObject({ creditConsent: true, personalInfoConsent: true });
    expect(calls[0]?.body).not.toHaveProperty('accountKey');
  });

  it('consumer version 2: renewal init with the selected orders, then the browser goes to callBackUrl', async () => {
    const calls = serve({
      [SUBMIT.v2]: { body: { decision: 'TASK_REDIRECTION_REQUIRED', callBackUrl: 'https://resurs.example/task/9' } },
      [`POST ${API.renewalInit.url()}`]: { body: { orders: 1 } },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApply(buildResponse(buildApplication(), [product('A', 4200)]));
    await userEvent.click(screen.getByRole('button', { name: 'Products up for renewal (1)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Laptop A' }));
    await acceptConsents();
    await send();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://resurs.example/task/9'));
    const orders = [{ subscriptionReference: 'SUB-1', displayedResidualValue: 4200, items: [{ productReference: 'A', sku: 'SKU-A', serialNumber: 'SN-A', displayedResidualValue: 4200 }] }];
    expect(calls[0]?.body).toMatchObject({ fairownRenewalAssessmentConsent: true, fairownRenewalConsent: true, orders });
    expect(calls[1]).toEqual({ method: 'POST', url: API.renewalInit.url(), body: { consents: { fairownRenewalAssessmentConsent: true, fairownRenewalConsent: true }, orders } });
  });

  it('consumer version 2 rejected: straight to the merchant address it answered', async () => {
    const calls = serve({ [SUBMIT.v2]: { body: { decision: 'REJECTED', callBackUrl: 'http://localhost/demo-shop/return?outcome=apply_denied' } } });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApply(consumerV2());
    await acceptConsents();
    await send();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/demo-shop/return?outcome=apply_denied'));
    expect(calls).toHaveLength(1);
  });

  it('never follows an address that is not a web address', async () => {
    serve({ [SUBMIT.v2]: { body: { decision: 'ACCEPTED', callBackUrl: 'javascript:alert(1)' } } });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApply(consumerV2());
    await acceptConsents();
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something has gone wrong.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('business declined: the merchant, through leave', async () => {
    serve({
      [SUBMIT.grenke]: { body: { applicationResults: [{ state: 'DECLINED', financingId: 'f1' }] } },
      [`POST ${API.leave.url()}`]: { body: { redirectUrl: 'http://localhost/demo-shop/return?outcome=apply_denied' } },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApply(business());
    await acceptConsents();
    await send();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/demo-shop/return?outcome=apply_denied'));
  });

  it('business otherwise: the sign page, with the leasing terms consent sent', async () => {
    const calls = serve({ [SUBMIT.grenke]: { body: { applicationResults: [{ state: 'APPROVED', financingId: 'f1' }] } } });
    const { history } = renderApply(business());
    await acceptConsents();
    await send();
    await waitFor(() => expect(history.at(-1)).toBe('/form/sign'));
    expect(calls[0]?.body).toMatchObject({ leasingTermsConsent: true });
  });

  it('an expired session goes to identification with the reference', async () => {
    serve({ [SUBMIT.v1]: failure(401, 'INVALID_CREDENTIALS') });
    const { history } = renderApply(consumerV1());
    await acceptConsents();
    await send();
    await waitFor(() => expect(history.at(-1)).toBe('/?reference=REF-123&expired=1'));
  });
});

describe('an application that turns final under the screen', () => {
  const STATUS = `GET ${API.paymentStatus.url()}`;

  it('consumer version 1 declined: the form gives way to the decline page (issue 32), sending nothing again', async () => {
    const calls = serve({ [SUBMIT.v1]: failure(400, 'APPLICATION_NOT_APPROVED', 'Application not approved.') });
    const { history } = renderApply(consumerV1());
    await acceptConsents();
    await send();
    await waitFor(() => expect(history.at(-1)).toBe('/form/declined'));
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('a submit answered "already complete" closes the screen, in the words of what the application became', async () => {
    const cancelled = 'http://localhost/demo-shop/return?outcome=apply_cancelled&merchantPaymentReference=order-1';
    serve({ [SUBMIT.v2]: failure(409, 'APPLICATION_ALREADY_COMPLETE'), [STATUS]: { body: { paymentStatus: 'REJECTED', redirectUrl: cancelled } } });
    renderApply(consumerV2());
    await acceptConsents();
    await send();
    expect(await screen.findByRole('heading', { level: 1, name: 'The shop has cancelled this application' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Demo shop' })).toHaveAttribute('href', cancelled);
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
  });

  it('"already complete" with no status to tell: the general closed panel', async () => {
    serve({ [SUBMIT.grenke]: failure(409, 'APPLICATION_ALREADY_COMPLETE') });
    renderApply(business());
    await acceptConsents();
    await send();
    expect(await screen.findByRole('heading', { level: 1, name: 'This application is closed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
  });

  it('says so when the shop cancels the application while the screen is open (checked every 15 s)', async () => {
    const cancelled = 'http://localhost/demo-shop/return?outcome=apply_cancelled&merchantPaymentReference=order-1';
    let status = 'TASK_REDIRECTION_REQUIRED';
    const calls = serve({ [STATUS]: () => ({ body: { paymentStatus: status, redirectUrl: cancelled } }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApply(consumerV2());
      await act(() => vi.advanceTimersByTimeAsync(APPLICATION_WATCH_INTERVAL_MS));
      expect(calls.filter((call) => call.url.startsWith(API.paymentStatus.url()))).toHaveLength(1);
      expect(calls[0]?.url).toBe(`${API.paymentStatus.url()}?merchantId=demo&merchantPaymentReference=order-1`);
      expect(screen.getByRole('button', { name: /^Send/ })).toBeInTheDocument();
      status = 'REJECTED';
      await act(() => vi.advanceTimersByTimeAsync(APPLICATION_WATCH_INTERVAL_MS));
      expect(await screen.findByRole('heading', { level: 1, name: 'The shop has cancelled this application' })).toBeInTheDocument();
      expect(screen.getByText(/Demo shop has cancelled the application, so it cannot be completed/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Demo shop' })).toHaveAttribute('href', cancelled);
      expect(screen.queryByRole('textbox')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('errors from the server', () => {
  it('shows field errors under their fields, in the words the server chose, and moves focus there', async () => {
    serve({ [SUBMIT.v1]: failure(400, 'REQUEST_ERROR', 'Invalid request', { email: 'The server does not like this address', orders: 'Choose one of the allowed values' }) });
    renderApply(consumerV1());
    await acceptConsents();
    await send();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('The server does not like this address');
    expect(screen.getByRole('alert')).toHaveTextContent('Something in the request was wrong. Check the details and try again.');
    expect(screen.getByRole('button', { name: 'Send application' })).toBeEnabled();
  });

  it.each([
    ['Bank services are unavailable. Please try again later.', failure(503, 'WEB_SERVICE_DOWN'), 'alert'],
    ['Too many attempts. Please try again in 15 minutes.', failure(429, 'TOO_MANY_REQUESTS'), 'alert'],
    ['This reference has already been used for a different application.', failure(409, 'UNKNOWN', 'Conflict'), 'alert'],
    ['Teapot says no', failure(418, 'UNKNOWN', 'Teapot says no'), 'alert'],
    ['Something has gone wrong.', failure(418, 'UNKNOWN'), 'alert'],
    ['Please contact the lender', failure(400, 'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND'), 'status'],
  ] as const)('the error text rule: “%s” (%#), as %s', async (text, answer, role) => {
    serve({ [SUBMIT.v1]: answer });
    renderApply(consumerV1());
    await acceptConsents();
    await send();
    const message = await screen.findByText(text, { exact: false });
    // The spec's colour: info for the other-accounts case, error otherwise.
    expect(message.closest(`[role="${role}"]`)).not.toBeNull();
    await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('a retry after the provider was down goes through, and the alert goes away', async () => {
    let down = true;
    serve({ [SUBMIT.v1]: () => (down ? failure(503, 'WEB_SERVICE_DOWN') : { body: { applicationResult: { status: 'SIGNING', paymentId: 'p1' } } }) });
    const { history } = renderApply(consumerV1());
    await acceptConsents();
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bank services are unavailable');
    down = false;
    await send();
    await waitFor(() => expect(history.at(-1)).toBe('/form/key-facts'));
  });
});

describe('Konsumentverket’s warning on a Swedish consumer’s credit (KOVFS 2025:1, ADR 34)', () => {
  const warning = () => screen.queryByRole('complementary', { name: 'Warning about the cost of credit' });

  it.each([
    ['consumer version 1, Sweden', consumerV1('SE'), true],
    ['consumer version 2, Sweden', consumerV2({}, 'SE'), true],
    ['consumer version 1, Norway', consumerV1('NO'), false],
    ['consumer version 2, Norway', consumerV2({}, 'NO'), false],
    ['business, Sweden', buildResponse(buildApplication({ customer: { type: 'LEGAL', countryCode: 'SE', companyName: 'Bygg AB', externalId: '5560000001' }, loanProduct: { provider: 'GRENKE' }, creditAgency: null })), false],
  ] as const)('%s: %s', (_, response, shown) => {
    serve({});
    renderApply(response);
    if (!shown) {
      expect(warning()).toBeNull();
      return;
    }
    expect(warning()).toHaveTextContent('Att låna kostar pengar!');
    // Beside the price it warns of, before the form.
    const summary = screen.getByRole('region', { name: 'Your subscription' });
    expect(summary.nextElementSibling).toBe(warning());
  });
});
