/**
 * Resurs v1: the production adapter against the sandbox simulator, over real HTTP and SOAP, as
 * in production. Time passes by moving the stored booking time back, never by sleeping.
 *
 * The server runs with PROVIDER_TIMEOUT_MS=400, so the simulator's slow mode answers after 1.9 s.
 * The fault tests use an adapter with that configured timeout; the behaviour tests give theirs a
 * generous one, so that a busy machine (tests run in parallel on two cores) cannot fail them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountryCode, TEST_PEOPLE, type TestPerson } from '@portal/domain';
import { memoryRecorder } from '../src/providers/interactions';
import { createResursV1Client, type ResursV1ClientOptions } from '../src/providers/resurs-v1/client';
import { OPERATIONS, SERVICES } from '../src/providers/resurs-v1/contract';
import type { ResursV1BookPayment, ResursV1Client } from '../src/providers/resurs-v1/types';
import { findMoneyDiff } from '../src/providers/resurs-v1/money';
import type { CallContext, MoneyLine, MoneyOperation, ProviderResult } from '../src/providers/types';
import { type FaultMode, RESURS_V1_PAYMENTS as PAYMENTS_NAMESPACE, type ResursV1Payment as SandboxPayment, sandboxStore } from '@portal/sandbox/testing';
import { apiErrorFor, signingCodeFor } from '../src/services/provider-errors';
import { nextReference, startTestServer, type TestApp, simulated } from './helpers';

const person = (nationalId: string): TestPerson => {
  const found = TEST_PEOPLE.find((p) => p.nationalId === nationalId);
  if (!found) throw new Error(`no test person ${nationalId}`);
  return found;
};
const KARI = person('18087248794'); // NO, accepted
const ANNA = person('198305147715'); // SE, accepted

/** People Resurs refuses at bookPayment, or answers without the payment: no credit decision. */
const REFUSED_AT_BOOKING: readonly TestPerson['resurs']['kind'][] = ['other-accounts', 'identification-refused', 'payment-missing'];
const peopleWho = (kind: TestPerson['resurs']['kind']) => TEST_PEOPLE.filter((p) => p.resurs.kind === kind);

function value<T>(result: ProviderResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.failure)}`);
  return result.value;
}

describe('Resurs v1 adapter against the simulator', () => {
  let t: TestApp & { url: string };
  let recorder: ReturnType<typeof memoryRecorder>;
  let resurs: ResursV1Client;
  let configured: ResursV1Client;
  const simulator = () => `${t.url}/sandbox/resurs-v1`;
  /** The adapter with the portal's account of one country. */
  const clientOf = (country: CountryCode, overrides: Partial<ResursV1ClientOptions> = {}) =>
    createResursV1Client({ baseUrl: simulated(t.app.config).resursV1.baseUrl, ...simulated(t.app.config).resursV1.accounts[country], timeoutMs: 10_000, recorder, ...overrides });
  /**
   * Resurs issues a representative per country, and a payment is known to the one that booked it:
   * the adapters of both countries' accounts, each call going to the country it is about (as
   * lenders/accounts.ts sends an application's calls through the account it was booked with).
   */
  const clientWith = (overrides: Partial<ResursV1ClientOptions> = {}): ResursV1Client => {
    const clients = { NO: clientOf('NO', overrides), SE: clientOf('SE', overrides) };
    const bookedIn = new Map<string, CountryCode>();
    const byPayment = (paymentId: string) => clients[bookedIn.get(paymentId) ?? 'NO'];
    return {
      probe: () => clients.NO.probe(),
      getPricing: (input, context) => clients[input.countryCode].getPricing(input, context),
      getTermsDocument: (input, context) => clients[input.countryCode].getTermsDocument(input, context),
      async bookPayment(input, context) {
        const result = await clients[input.countryCode].bookPayment(input, context);
        if (result.ok) bookedIn.set(result.value.paymentId, input.countryCode);
        return result;
      },
      bookSignedPayment: (paymentId, context) => byPayment(paymentId).bookSignedPayment(paymentId, context),
      getPayment: (paymentId, context) => byPayment(paymentId).getPayment(paymentId, context),
      annulPayment: ((paymentId: string, operationOrContext?: MoneyOperation | CallContext, context?: CallContext) =>
        operationOrContext !== undefined && 'operationId' in operationOrContext
          ? byPayment(paymentId).annulPayment(paymentId, operationOrContext, context)
          : byPayment(paymentId).annulPayment(paymentId, operationOrContext)) as ResursV1Client['annulPayment'],
      finalizePayment: (paymentId, operation, context) => byPayment(paymentId).finalizePayment(paymentId, operation, context),
      creditPayment: (paymentId, operation, context) => byPayment(paymentId).creditPayment(paymentId, operation, context),
      getPaymentMoney: (paymentId, context) => byPayment(paymentId).getPaymentMoney(paymentId, context),
    };
  };

  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '400' });
    recorder = memoryRecorder();
    resurs = clientWith();
    configured = clientWith({ timeoutMs: t.app.config.providerTimeoutMs });
  });
  afterAll(async () => t.close());

  function booking(who: TestPerson, overrides: Partial<ResursV1BookPayment> = {}): ResursV1BookPayment {
    return {
      preferredId: nextReference('app'),
      countryCode: who.country,
      amount: 15000,
      period: 36,
      items: [{ artNo: 'LAP-14', description: 'Laptop 14"', quantity: 1, unitAmountWithoutVat: 12000, vatPct: 25 }],
      customer: {
        governmentId: who.nationalId,
        firstName: who.firstName,
        lastName: who.lastName,
        email: who.email,
        phone: who.phone,
        address: who.address,
        postalCode: who.postalCode,
        city: who.city,
      },
      signing: { successUrl: `${t.url}/api/loan-application/sign/success`, failUrl: `${t.url}/loan-subscription/form/sign/fail` },
      customerIpAddress: '203.0.113.7',
      ...overrides,
    };
  }

  const signingPage = (paymentId: string, query = '') => fetch(`${simulator()}/sign/${paymentId}${query}`);
  const sign = (paymentId: string, action: 'approve' | 'cancel') =>
    fetch(`${simulator()}/sign/${paymentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
      redirect: 'manual',
    });

  /** Books, signs and books the signed payment: the whole v1 flow for one person. */
  async function bookAndSign(who: TestPerson) {
    const booked = value(await resurs.bookPayment(booking(who)));
    expect(booked.status).toBe('SIGNING');
    expect((await sign(booked.paymentId, 'approve')).status).toBe(303);
    return { booked, signed: value(await resurs.bookSignedPayment(booked.paymentId)) };
  }

  /** Moves the stored booking time back: the simulator computes delayed decisions from it. */
  async function letTimePass(paymentId: string, ms: number) {
    await sandboxStore<SandboxPayment>(t.db, PAYMENTS_NAMESPACE).update(paymentId, (payment) => {
      if (!payment?.bookedAt) throw new Error(`${paymentId} is not booked`);
      return { ...payment, bookedAt: new Date(Date.parse(payment.bookedAt) - ms).toISOString() };
    });
  }

  async function withFault<T>(mode: FaultMode, run: () => Promise<T>): Promise<T> {
    const put = (m: FaultMode) =>
      fetch(`${t.url}/sandbox/control/faults/resurs-v1`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: m }) });
    expect((await put(mode)).status).toBe(200);
    try {
      return await run();
    } finally {
      await put('normal');
    }
  }

  describe('pricing', () => {
    it('prices a Norwegian loan from the annuity factor and the cost table', async () => {
      const pricing = value(await resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 }));
      expect(pricing).toMatchObject({
        currency: 'NOK',
        loanAmount: 15000,
        loanPeriod: 36,
        interestRate: 12.9,
        effectiveInterestRate: 19.78,
        totalMonthlyPayment: 543.69,
        cost: 4572.84,
      });
      expect(pricing.secciLinks).toEqual([
        { label: 'Standardisert europeisk opplysningsskjema om forbrukerkreditt (SEF)', url: `${simulator()}/documents/secci?paymentMethodId=PARTPAYMENT_NO&amount=15000` },
      ]);
      expect(pricing.generalTermsLinks).toEqual([{ label: 'Generelle vilkår', url: `${simulator()}/documents/general-terms?paymentMethodId=PARTPAYMENT_NO` }]);

      const secci = await fetch(pricing.secciLinks[0]?.url ?? '');
      expect(secci.status).toBe(200);
      const html = await secci.text();
      expect(html).toContain('<html lang="nb"');
      expect(html).toContain('Effektiv rente');
    });

    it('prices a Swedish loan with its setup fee, and an interest-free plan', async () => {
      expect(value(await resurs.getPricing({ countryCode: 'SE', amount: 15000, period: 36 }))).toMatchObject({
        currency: 'SEK',
        interestRate: 9.95,
        effectiveInterestRate: 15.97,
        totalMonthlyPayment: 512.66,
        cost: 3650.76,
        secciLinks: [expect.objectContaining({ label: 'Standardiserad europeisk konsumentkreditinformation (SEKKI)' })],
        generalTermsLinks: [expect.objectContaining({ label: 'Allmänna villkor' })],
      });
      expect(value(await resurs.getPricing({ countryCode: 'SE', amount: 8990, period: 12 }))).toMatchObject({
        interestRate: 0,
        effectiveInterestRate: 11.76,
        totalMonthlyPayment: 778.17,
        cost: 543.04,
      });
    });

    it('refuses a period Resurs offers no payment plan for', async () => {
      expect(await resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 37 })).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 200, code: 'PAYMENT_PLAN_NOT_OFFERED' },
      });
    });
  });

  describe('credentials and contract', () => {
    it('refuses wrong credentials with 401 and a SOAP fault', async () => {
      const wrong = clientWith({ password: 'not-the-password' });
      expect(await wrong.getPayment('anything')).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 401, code: 'INVALID_AUTHENTICATION' },
      });

      const raw = await fetch(`${simulator()}/SimplifiedShopFlowService`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<x/>' });
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(await raw.text()).toContain('<soap:Fault>');
    });

    it("knows a representative in its own country only: another country's account finds no part payment and none of its payments", async () => {
      const norway = clientOf('NO');
      const sweden = clientOf('SE');
      expect(value(await sweden.getPricing({ countryCode: 'SE', amount: 15000, period: 36 })).currency).toBe('SEK');
      expect(await norway.getPricing({ countryCode: 'SE', amount: 15000, period: 36 })).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 200, code: 'NO_PART_PAYMENT_METHOD' },
      });
      // Booked and signed through Norway's account: Sweden's does not know it.
      const { booked } = await bookAndSign(KARI);
      expect(value(await norway.getPayment(booked.paymentId)).status).toBe('BOOKED');
      expect(await sweden.getPayment(booked.paymentId)).toMatchObject({ ok: false, failure: { kind: 'refused', code: 'REFERENCED_DATA_DONT_EXISTS' } });
      expect(await sweden.annulPayment(booked.paymentId)).toMatchObject({ ok: false, failure: { kind: 'refused', code: 'REFERENCED_DATA_DONT_EXISTS' } });
      // Sweden's username with Norway's password is no account.
      const mixed = clientOf('SE', { password: simulated(t.app.config).resursV1.accounts.NO.password });
      expect(await mixed.getPayment(booked.paymentId)).toEqual({ ok: false, failure: { kind: 'refused', status: 401, code: 'INVALID_AUTHENTICATION' } });
    });

    it('serves both WSDLs with its own address, describing every operation the adapter calls', async () => {
      // The adapter keeps no copy of the WSDL: it reads Resurs' own, so what it calls must be there.
      for (const service of ['shopFlow', 'afterShopFlow'] as const) {
        const wsdl = await (await fetch(`${simulator()}/${SERVICES[service]}?wsdl`)).text();
        expect(wsdl).toContain(`location="${simulator()}/${SERVICES[service]}"`);
        for (const operation of OPERATIONS[service]) expect(wsdl, `${service} ${operation}`).toContain(`<wsdl:operation name="${operation}">`);
      }
    });
  });

  describe('bookPayment', () => {
    it.each(
      TEST_PEOPLE.filter((p) => !REFUSED_AT_BOOKING.includes(p.resurs.kind)).map((p) => [`${p.country} ${p.nationalId} (${p.resurs.kind})`, p] as const),
    )('decides for %s', async (_name, who) => {
      const input = booking(who);
      const booked = value(await resurs.bookPayment(input));
      expect(booked.paymentId).toBe(input.preferredId);
      if (who.resurs.kind === 'rejected') {
        expect(booked).toEqual({ paymentId: input.preferredId, status: 'DENIED', signingUrl: null, approvedAmount: 0 });
      } else {
        expect(booked).toEqual({
          paymentId: input.preferredId,
          status: 'SIGNING',
          signingUrl: `${t.app.config.publicUrl}/sandbox/resurs-v1/sign/${input.preferredId}`,
          approvedAmount: 15000,
        });
      }
    });

    it('answers the same payment when the same preferredId is booked again', async () => {
      const input = booking(KARI);
      const first = value(await resurs.bookPayment(input));
      expect(value(await resurs.bookPayment(input))).toEqual(first);

      // After signing, booking again still answers the same payment, in its state now.
      expect((await sign(first.paymentId, 'approve')).status).toBe(303);
      value(await resurs.bookSignedPayment(first.paymentId));
      expect(value(await resurs.bookPayment(input))).toMatchObject({ paymentId: first.paymentId, status: 'BOOKED', signingUrl: null });

      // A different purchase under a used id is refused, not merged.
      expect(await resurs.bookPayment({ ...input, amount: 9000 })).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 500, code: 'OBJECT_WITH_ID_ALREADY_EXIST' },
      });
    });

    it('refuses an invalid national identity number', async () => {
      const input = booking(KARI);
      expect(await resurs.bookPayment({ ...input, customer: { ...input.customer, governmentId: '18087248795' } })).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 500, code: 'ILLEGAL_ARGUMENT' },
      });
    });
  });

  describe('signing page', () => {
    it('looks like Norwegian BankID in Norwegian, shows the credit and the name but never the national ID', async () => {
      const booked = value(await resurs.bookPayment(booking(KARI)));
      const page = await signingPage(booked.paymentId);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<html lang="nb"');
      expect(html).toContain('bankid-no');
      expect(html).toContain('Signer med BankID');
      expect(html).toContain('Kari Nordmann');
      expect(html).toMatch(/15\s000,00\skr/);
      // Resurs is told no payment plan (metaData means nothing to it): the page shows none.
      expect(html).not.toContain('data-testid="period"');
      expect(html).not.toContain(KARI.nationalId);
      expect(html).not.toMatch(/style=|<script/);

      const english = await (await signingPage(booked.paymentId, '?lang=en')).text();
      expect(english).toContain('<html lang="en"');
      expect(english).toContain('Sign with BankID');

      const css = await fetch(`${simulator()}/assets/resurs.css`);
      expect(css.headers.get('content-type')).toContain('text/css');
    });

    it('looks like Swedish BankID in Swedish for a Swedish customer', async () => {
      const booked = value(await resurs.bookPayment(booking(ANNA)));
      const html = await (await signingPage(booked.paymentId)).text();
      expect(html).toContain('<html lang="sv"');
      expect(html).toContain('bankid-se');
      expect(html).toContain('Signera med BankID');
      expect(html).toContain('Anna Andersson');
      expect(html).not.toContain(ANNA.nationalId);
    });

    it('sends the customer to successUrl on approval and to failUrl on cancel', async () => {
      const input = booking(KARI);
      const booked = value(await resurs.bookPayment(input));

      const cancelled = await sign(booked.paymentId, 'cancel');
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.get('location')).toBe(input.signing.failUrl);
      // A cancelled signing is not a signature.
      expect(await resurs.bookSignedPayment(booked.paymentId)).toMatchObject({ ok: false, failure: { kind: 'refused', code: 'SIGNING_REQUIRED' } });

      const approved = await sign(booked.paymentId, 'approve');
      expect(approved.status).toBe(303);
      expect(approved.headers.get('location')).toBe(input.signing.successUrl);
      const stored = await sandboxStore<SandboxPayment>(t.db, PAYMENTS_NAMESPACE).get(booked.paymentId);
      expect(stored?.signedAt).toEqual(expect.any(String));

      // Once booked, there is nothing left to sign.
      value(await resurs.bookSignedPayment(booked.paymentId));
      expect((await signingPage(booked.paymentId)).status).toBe(409);
      expect((await sign(booked.paymentId, 'approve')).status).toBe(409);
    });

    it('answers 404 for an unknown signing', async () => {
      const page = await signingPage('no-such-payment', '?lang=sv');
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Signeringen hittades inte');
    });
  });

  describe('bookSignedPayment and getPayment', () => {
    it('refuses to book a payment that was not signed', async () => {
      const booked = value(await resurs.bookPayment(booking(KARI)));
      const unsigned = await resurs.bookSignedPayment(booked.paymentId);
      expect(unsigned).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 500, code: 'SIGNING_REQUIRED', signing: 'INVALID_SIGNATURE_STATUS' },
      });
      // Resurs holds no signature: the signing failure page says the signature's status is not valid.
      if (!unsigned.ok) expect(signingCodeFor(unsigned.failure)).toBe(10002);
      expect(await resurs.bookSignedPayment('no-such-payment')).toMatchObject({ ok: false, failure: { kind: 'refused', code: 'REFERENCED_DATA_DONT_EXISTS' } });
    });

    it.each([KARI, person('27028809552'), ANNA])('books an accepted customer ($country $nationalId)', async (who) => {
      const { booked, signed } = await bookAndSign(who);
      expect(signed).toEqual({ paymentId: booked.paymentId, status: 'BOOKED', signingUrl: null, approvedAmount: 15000 });
      expect(value(await resurs.getPayment(booked.paymentId))).toEqual({ paymentId: booked.paymentId, status: 'BOOKED', signingUrl: null, approvedAmount: 15000 });
    });

    it.each([person('02084929428'), person('198209123705')])('keeps a frozen payment frozen ($country $nationalId)', async (who) => {
      const { booked, signed } = await bookAndSign(who);
      expect(signed.status).toBe('FROZEN');
      await letTimePass(booked.paymentId, 24 * 60 * 60 * 1000);
      expect(value(await resurs.getPayment(booked.paymentId)).status).toBe('FROZEN');
    });

    it.each([person('23068201608'), person('199105149612')])('freezes, then accepts once its time has passed ($country $nationalId)', async (who) => {
      const afterMs = who.resurs.kind === 'frozen-then-accepted' || who.resurs.kind === 'inspection-then-accepted' ? who.resurs.afterMs : 0;
      const { booked, signed } = await bookAndSign(who);
      expect(signed.status).toBe('FROZEN');
      expect(value(await resurs.getPayment(booked.paymentId)).status).toBe('FROZEN');

      await letTimePass(booked.paymentId, afterMs - 1000);
      expect(value(await resurs.getPayment(booked.paymentId)).status).toBe('FROZEN');
      await letTimePass(booked.paymentId, 1000);
      expect(value(await resurs.getPayment(booked.paymentId)).status).toBe('BOOKED');
      // bookSignedPayment again answers the state now, too.
      expect(value(await resurs.bookSignedPayment(booked.paymentId)).status).toBe('BOOKED');
    });

    it('knows no payment in AfterShopFlow before it is booked', async () => {
      const booked = value(await resurs.bookPayment(booking(KARI)));
      expect(await resurs.getPayment(booked.paymentId)).toMatchObject({ ok: false, failure: { kind: 'refused', code: 'REFERENCED_DATA_DONT_EXISTS' } });
    });
  });

  describe('answers that carry a catalogue code', () => {
    /** The failure, and what the portal answers for it: HTTP status and errorCode. */
    async function refusalOf(result: Promise<ProviderResult<unknown>>) {
      const answer = await result;
      if (answer.ok) throw new Error('expected a failure');
      const error = apiErrorFor(answer.failure);
      return { failure: answer.failure, http: { status: error.status, errorCode: error.errorCode } };
    }
    const stored = (paymentId: string) => sandboxStore<SandboxPayment>(t.db, PAYMENTS_NAMESPACE).get(paymentId);

    it.each(peopleWho('other-accounts').map((p) => [p.country, p] as const))(
      'answers UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND when Resurs must look at the other accounts (%s)',
      async (_country, who) => {
        const input = booking(who);
        expect(await refusalOf(resurs.bookPayment(input))).toEqual({
          failure: { kind: 'refused', status: 500, code: 'CREDITAPPLICATION_FAILED', catalogue: 'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND' },
          http: { status: 400, errorCode: 'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND' },
        });
        expect(await stored(input.preferredId)).toBeNull();
      },
    );

    it('sends that refusal as Resurs would: a SOAP fault with ECommerceError 10 and a message for the customer', async () => {
      const [who] = peopleWho('other-accounts');
      if (!who) throw new Error('no test person');
      const input = booking(who);
      const { username, password } = simulated(t.app.config).resursV1.accounts[who.country];
      const envelope =
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:s="http://ecommerce.resurs.com/v4/msg/simplifiedshopflow"><soap:Body><s:bookPayment>' +
        `<paymentData><preferredId>${input.preferredId}</preferredId><paymentMethodId>PARTPAYMENT_${who.country}</paymentMethodId><customerIpAddress>127.0.0.1</customerIpAddress></paymentData>` +
        '<orderData><totalAmount>15000</totalAmount></orderData>' +
        `<customer><governmentId>${who.nationalId}</governmentId><address><fullName>${who.firstName} ${who.lastName}</fullName>` +
        `<addressRow1>${who.address}</addressRow1><postalArea>${who.city}</postalArea><postalCode>${who.postalCode}</postalCode><country>${who.country}</country></address><type>NATURAL</type></customer>` +
        `<signing><successUrl>${input.signing.successUrl}</successUrl><failUrl>${input.signing.failUrl}</failUrl></signing>` +
        '</s:bookPayment></soap:Body></soap:Envelope>';
      const response = await fetch(`${simulator()}/SimplifiedShopFlowService`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
        body: envelope,
      });
      expect(response.status).toBe(500);
      const xml = await response.text();
      expect(xml).toContain('<errorTypeId>10</errorTypeId>');
      expect(xml).toContain('<errorTypeDescription>CREDITAPPLICATION_FAILED</errorTypeDescription>');
      expect(xml).toMatch(/<userErrorMessage>[^<]*kundeservice i Resurs Bank[^<]*<\/userErrorMessage>/);
    });

    it.each(peopleWho('identification-refused').map((p) => [p.country, p] as const))(
      'answers INVALID_IDENTIFICATION_CODE when Resurs refuses the identification (%s)',
      async (_country, who) => {
        const input = booking(who);
        expect(await refusalOf(resurs.bookPayment(input))).toEqual({
          failure: { kind: 'refused', status: 500, code: 'INVALID_IDENTIFICATION', catalogue: 'INVALID_IDENTIFICATION_CODE' },
          http: { status: 400, errorCode: 'INVALID_IDENTIFICATION_CODE' },
        });
        expect(await stored(input.preferredId)).toBeNull();
      },
    );

    it.each(peopleWho('payment-missing').map((p) => [p.country, p] as const))(
      'answers PAYMENT_RESPONSE_MISSING when Resurs answers without the payment (%s)',
      async (_country, who) => {
        const input = booking(who);
        expect(await refusalOf(resurs.bookPayment(input))).toEqual({
          failure: { kind: 'refused', status: 200, code: 'NO_PAYMENT_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' },
          http: { status: 502, errorCode: 'PAYMENT_RESPONSE_MISSING' },
        });
      },
    );

    it.each(peopleWho('accepted-final').map((p) => [p.country, p] as const))(
      'answers PAYMENT_STATUS_FINAL when asked to annul a payment Resurs has debited (%s)',
      async (_country, who) => {
        const { booked, signed } = await bookAndSign(who);
        expect(signed.status).toBe('FINALIZED');
        expect(await refusalOf(resurs.annulPayment(booked.paymentId))).toEqual({
          failure: { kind: 'refused', status: 500, code: 'NOT_ALLOWED_IN_PAYMENT_STATE', catalogue: 'PAYMENT_STATUS_FINAL' },
          http: { status: 409, errorCode: 'PAYMENT_STATUS_FINAL' },
        });
        expect(value(await resurs.getPayment(booked.paymentId)).status).toBe('FINALIZED');
      },
    );

    it('answers PAYMENT_STATUS_FINAL when asked to book an annulled payment as signed', async () => {
      const booked = value(await resurs.bookPayment(booking(KARI)));
      expect((await sign(booked.paymentId, 'approve')).status).toBe(303);
      value(await resurs.annulPayment(booked.paymentId));
      expect(await refusalOf(resurs.bookSignedPayment(booked.paymentId))).toEqual({
        failure: { kind: 'refused', status: 500, code: 'NOT_ALLOWED_IN_PAYMENT_STATE', catalogue: 'PAYMENT_STATUS_FINAL' },
        http: { status: 409, errorCode: 'PAYMENT_STATUS_FINAL' },
      });
    });
  });

  describe('annulPayment', () => {
    it('annuls a booked payment: getPayment reads it annulled (DENIED), and annulling again is done', async () => {
      const { booked } = await bookAndSign(KARI);
      expect(await resurs.annulPayment(booked.paymentId)).toEqual({ ok: true, value: undefined });
      expect(value(await resurs.getPayment(booked.paymentId))).toMatchObject({ paymentId: booked.paymentId, status: 'DENIED' });
      expect(await resurs.annulPayment(booked.paymentId)).toEqual({ ok: true, value: undefined });
      expect(value(await resurs.getPayment(booked.paymentId)).status).toBe('DENIED');
    });

    it('withdraws a payment still waiting for its signature: the signing page closes and the booking answers DENIED', async () => {
      const input = booking(ANNA);
      const booked = value(await resurs.bookPayment(input));
      expect(await resurs.annulPayment(booked.paymentId)).toEqual({ ok: true, value: undefined });
      expect((await signingPage(booked.paymentId)).status).toBe(409);
      expect((await sign(booked.paymentId, 'approve')).status).toBe(409);
      expect(value(await resurs.bookPayment(input))).toMatchObject({ paymentId: booked.paymentId, status: 'DENIED', signingUrl: null });
    });

    it('annuls a frozen payment, so that it never turns into a booked one', async () => {
      const who = person('23068201608');
      const { booked, signed } = await bookAndSign(who);
      expect(signed.status).toBe('FROZEN');
      value(await resurs.annulPayment(booked.paymentId));
      await letTimePass(booked.paymentId, 24 * 60 * 60 * 1000);
      expect(value(await resurs.getPayment(booked.paymentId)).status).toBe('DENIED');
    });

    it('leaves a denied payment as it is, and refuses one it does not know', async () => {
      const booked = value(await resurs.bookPayment(booking(person('01024924986'))));
      expect(booked.status).toBe('DENIED');
      expect(await resurs.annulPayment(booked.paymentId)).toEqual({ ok: true, value: undefined });
      expect(await resurs.annulPayment('no-such-payment')).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'REFERENCED_DATA_DONT_EXISTS' } });
    });
  });

  describe('money after the sale: finalizePayment, creditPayment and annulPayment', () => {
    /** The merchant's order: a laptop, a dock and a bag, prices with VAT (17 500 in all). */
    const LAPTOP: MoneyLine = { reference: 'LAP-14', description: 'Laptop 14"', quantity: 1, unitAmountIncludingVat: 15000, vatPercent: 25 };
    const DOCK: MoneyLine = { reference: 'DOCK-1', description: 'Dock', quantity: 2, unitAmountIncludingVat: 1000, vatPercent: 25 };
    const BAG: MoneyLine = { reference: 'BAG-1', description: 'Sleeve', quantity: 1, unitAmountIncludingVat: 500, vatPercent: 25 };
    const order = (who: TestPerson) =>
      booking(who, {
        amount: 17500,
        items: [LAPTOP, DOCK, BAG].map((line) => ({
          artNo: line.reference,
          description: line.description,
          quantity: line.quantity,
          unitAmountWithoutVat: line.unitAmountIncludingVat / 1.25,
          vatPct: 25,
        })),
      });
    const lines = (...moneyLines: MoneyLine[]) => ({ kind: 'lines' as const, lines: moneyLines });
    let counter = 0;
    const op = (scope: MoneyOperation['scope']): MoneyOperation => ({ operationId: `op-${Date.now()}-${(counter += 1)}`, scope });

    async function bookedOrder(who: TestPerson) {
      const booked = value(await resurs.bookPayment(order(who)));
      expect((await sign(booked.paymentId, 'approve')).status).toBe(303);
      expect(value(await resurs.bookSignedPayment(booked.paymentId)).status).toEqual(who.resurs.kind === 'accepted' ? 'BOOKED' : expect.any(String));
      return booked.paymentId;
    }
    /** The simulator's own record of the payment's diffs: what Resurs would hold. */
    const storedDiffs = async (paymentId: string) => (await sandboxStore<SandboxPayment>(t.db, PAYMENTS_NAMESPACE).get(paymentId))?.diffs ?? [];

    it.each([KARI, ANNA])('captures in two parts, refunds one, cancels the rest: the amounts agree at every step ($country)', async (who) => {
      const paymentId = await bookedOrder(who);
      expect(value(await resurs.getPaymentMoney(paymentId)).money).toEqual({ authorized: 17500, captured: 0, refunded: 0, cancelled: 0 });

      expect(value(await resurs.finalizePayment(paymentId, op(lines(LAPTOP))))).toEqual({ authorized: 17500, captured: 15000, refunded: 0, cancelled: 0 });
      expect(value(await resurs.getPayment(paymentId)).status).toBe('FINALIZED');
      expect(value(await resurs.finalizePayment(paymentId, op(lines(DOCK))))).toEqual({ authorized: 17500, captured: 17000, refunded: 0, cancelled: 0 });
      expect(value(await resurs.creditPayment(paymentId, op(lines(DOCK))))).toEqual({ authorized: 17500, captured: 17000, refunded: 2000, cancelled: 0 });
      const cancel = op({ kind: 'all' });
      expect(value(await resurs.annulPayment(paymentId, cancel))).toEqual({ authorized: 17500, captured: 17000, refunded: 2000, cancelled: 500 });

      // What Resurs holds: the diffs, the operation ids as transaction ids (and createdBy), the rest cancelled by its line.
      const read = value(await resurs.getPaymentMoney(paymentId));
      expect(read.status).toBe('FINALIZED');
      expect(read.diffs.map((diff) => [diff.type, diff.amount])).toEqual([
        ['AUTHORIZE', 17500],
        ['DEBIT', 15000],
        ['DEBIT', 2000],
        ['CREDIT', 2000],
        ['ANNUL', 500],
      ]);
      expect(read.diffs.find((diff) => diff.type === 'ANNUL')).toMatchObject({ createdBy: cancel.operationId, lines: [expect.objectContaining({ artNo: 'BAG-1', quantity: 1, totalAmount: 500 })] });
      expect((await storedDiffs(paymentId)).map((diff) => diff.type)).toEqual(['DEBIT', 'DEBIT', 'CREDIT', 'ANNUL']);
      // Still creditable (15 000): the laptop can come back.
      expect(value(await resurs.creditPayment(paymentId, op({ kind: 'all' })))).toEqual({ authorized: 17500, captured: 17000, refunded: 17000, cancelled: 500 });
    });

    it('sends an operation once: a retry with the same id (after a crash or a timeout) finds it among the diffs', async () => {
      const paymentId = await bookedOrder(KARI);
      const capture = op(lines(LAPTOP));
      const first = value(await resurs.finalizePayment(paymentId, capture));
      expect(value(await resurs.finalizePayment(paymentId, capture))).toEqual(first);
      const refund = op({ kind: 'all' });
      value(await resurs.creditPayment(paymentId, refund));
      value(await resurs.creditPayment(paymentId, refund));
      const cancel = op(lines(BAG));
      value(await resurs.annulPayment(paymentId, cancel));
      value(await resurs.annulPayment(paymentId, cancel));
      expect((await storedDiffs(paymentId)).map((diff) => [diff.type, diff.paymentSpec.totalAmount])).toEqual([
        ['DEBIT', 15000],
        ['CREDIT', 15000],
        ['ANNUL', 500],
      ]);
      // Reconciling after a crash: the operation is found by its id, with its amount.
      const { diffs } = value(await resurs.getPaymentMoney(paymentId));
      expect(findMoneyDiff(diffs, capture.operationId, 'DEBIT')).toMatchObject({ transactionId: capture.operationId, amount: 15000 });
      expect(findMoneyDiff(diffs, refund.operationId, 'CREDIT')).toMatchObject({ amount: 15000 });
      expect(findMoneyDiff(diffs, cancel.operationId, 'ANNUL')).toMatchObject({ amount: 500 });
      expect(findMoneyDiff(diffs, 'op-never-sent')).toBeNull();
    });

    it('keeps a partly cancelled payment booked, and a wholly cancelled one denied', async () => {
      const partly = await bookedOrder(KARI);
      value(await resurs.annulPayment(partly, op(lines(BAG))));
      expect(value(await resurs.getPayment(partly)).status).toBe('BOOKED');
      expect(value(await resurs.annulPayment(partly, op({ kind: 'all' }))).cancelled).toBe(17500);
      expect(value(await resurs.getPayment(partly)).status).toBe('DENIED');
      // Cancelling all again: nothing is open, nothing is sent, the money is as it was.
      expect(value(await resurs.annulPayment(partly, op({ kind: 'all' })))).toEqual({ authorized: 17500, captured: 0, refunded: 0, cancelled: 17500 });
    });

    it('refuses what Resurs refuses: more than is open, a refund before a capture, a capture after a full cancel or of a frozen payment, an unbooked payment', async () => {
      const paymentId = await bookedOrder(ANNA);
      const refused = async (result: Promise<ProviderResult<unknown>>) => {
        const answer = await result;
        if (answer.ok) throw new Error('expected a refusal');
        return answer.failure;
      };
      // More than was booked (two laptops), then a refund of what was never captured.
      expect(await refused(resurs.finalizePayment(paymentId, op(lines({ ...LAPTOP, quantity: 2 }))))).toEqual({ kind: 'refused', status: 500, code: 'INVALID_FINALIZATION' });
      expect(await refused(resurs.creditPayment(paymentId, op(lines(DOCK))))).toEqual({ kind: 'refused', status: 500, code: 'NOT_ALLOWED_IN_PAYMENT_STATE', catalogue: 'PAYMENT_STATUS_FINAL' });
      expect(await refused(resurs.creditPayment(paymentId, op({ kind: 'all' })))).toEqual({ kind: 'refused', status: 200, code: 'NOTHING_TO_CREDIT', catalogue: 'PAYMENT_STATUS_FINAL' });
      // Captured the dock: refunding more than that is refused; cancelling more than is open too.
      value(await resurs.finalizePayment(paymentId, op(lines(DOCK))));
      expect(await refused(resurs.creditPayment(paymentId, op(lines(LAPTOP))))).toEqual({ kind: 'refused', status: 500, code: 'INVALID_CREDITING' });
      expect(await refused(resurs.annulPayment(paymentId, op(lines(LAPTOP, { ...BAG, quantity: 4 }))))).toEqual({ kind: 'refused', status: 500, code: 'ANNUL_FAILED' });
      // The rest cancelled: nothing more may be captured.
      value(await resurs.annulPayment(paymentId, op({ kind: 'all' })));
      expect(await refused(resurs.finalizePayment(paymentId, op(lines(BAG))))).toEqual({ kind: 'refused', status: 500, code: 'NOT_ALLOWED_IN_PAYMENT_STATE', catalogue: 'PAYMENT_STATUS_FINAL' });
      expect(await refused(resurs.finalizePayment(paymentId, op({ kind: 'all' })))).toEqual({ kind: 'refused', status: 200, code: 'NOTHING_TO_FINALIZE', catalogue: 'PAYMENT_STATUS_FINAL' });
      expect(value(await resurs.getPaymentMoney(paymentId)).money).toEqual({ authorized: 17500, captured: 2000, refunded: 0, cancelled: 15500 });

      // A frozen payment cannot be finalized; one still waiting for its signature is not known after the sale.
      const frozen = await bookedOrder(person('198209123705'));
      expect(await refused(resurs.finalizePayment(frozen, op({ kind: 'all' })))).toEqual({ kind: 'refused', status: 500, code: 'NOT_ALLOWED_IN_CURRENT_STATE' });
      const unsigned = value(await resurs.bookPayment(order(KARI))).paymentId;
      expect(await refused(resurs.finalizePayment(unsigned, op({ kind: 'all' })))).toMatchObject({ kind: 'refused', code: 'REFERENCED_DATA_DONT_EXISTS' });
      expect(await storedDiffs(frozen)).toEqual([]);
    });

    it('reads a payment Resurs debited as it booked it as captured in full: cancelling it is refused, refunding it is not', async () => {
      const [who] = peopleWho('accepted-final');
      if (!who) throw new Error('no test person');
      const paymentId = await bookedOrder(who);
      expect(value(await resurs.getPaymentMoney(paymentId)).money).toEqual({ authorized: 17500, captured: 17500, refunded: 0, cancelled: 0 });
      expect(await resurs.annulPayment(paymentId, op(lines(BAG)))).toMatchObject({ ok: false, failure: { code: 'NOT_ALLOWED_IN_PAYMENT_STATE', catalogue: 'PAYMENT_STATUS_FINAL' } });
      expect(value(await resurs.creditPayment(paymentId, op(lines(BAG))))).toEqual({ authorized: 17500, captured: 17500, refunded: 500, cancelled: 0 });
    });
  });

  describe('terms before signing', () => {
    it("gives the Norwegian SECCI from Resurs' own sources: the SECCI link with the amount, then the cost of purchase", async () => {
      const secci = value(await resurs.getTermsDocument({ termsType: 'ISEKKI_NEW_ACCOUNT', countryCode: 'NO', amount: 15000 }));
      expect(secci.termsType).toBe('ISEKKI_NEW_ACCOUNT');
      expect(secci.title).toBe('Standardisert europeisk opplysningsskjema om forbrukerkreditt (SEF)');
      expect(secci.html.startsWith(`<p><a href="${simulator()}/documents/secci?paymentMethodId=PARTPAYMENT_NO&amp;amount=15000">`)).toBe(true);
      expect(secci.html).toContain('class="priceTable"');
      expect(secci.html).toContain('Nominell rente');
    });

    it('gives the Swedish general terms as the link Resurs gives for them', async () => {
      const terms = value(await resurs.getTermsDocument({ termsType: 'COMMON', countryCode: 'SE', amount: 15000 }));
      expect(terms).toEqual({
        termsType: 'COMMON',
        title: 'Allmänna villkor',
        html: `<p><a href="${simulator()}/documents/general-terms?paymentMethodId=PARTPAYMENT_SE">Allmänna villkor</a></p>`,
      });
      const document = await fetch(`${simulator()}/documents/general-terms?paymentMethodId=PARTPAYMENT_SE`);
      expect(document.status).toBe(200);
      expect(await document.text()).toContain('14 dagar');
    });
  });

  describe('failures', () => {
    it.each([
      ['down', { kind: 'unavailable', reason: 'server-error', status: 503 }],
      ['unreachable', { kind: 'unavailable', reason: 'network' }],
      ['slow', { kind: 'unavailable', reason: 'timeout' }],
      ['rate-limited', { kind: 'rate-limited', retryAfterSeconds: 900 }],
    ] as const)('maps the simulator %s to %o', async (mode, failure) => {
      const answer = await withFault(mode, () => configured.getPayment('any-payment'));
      expect(answer).toEqual({ ok: false, failure });
    });

    it('fails pricing as a whole when Resurs is down', async () => {
      const fresh = clientWith({ timeoutMs: t.app.config.providerTimeoutMs });
      expect(await withFault('down', () => fresh.getPricing({ countryCode: 'SE', amount: 15000, period: 36 }))).toMatchObject({
        ok: false,
        failure: { kind: 'unavailable' },
      });
    });
  });

  it('records every call without bodies, against the application', async () => {
    const own = memoryRecorder();
    const client = createResursV1Client({ baseUrl: simulated(t.app.config).resursV1.baseUrl, ...simulated(t.app.config).resursV1.accounts.NO, timeoutMs: 10_000, recorder: own });
    const context = { applicationId: 'application-1' };
    value(await client.getPricing({ countryCode: 'NO', amount: 15000, period: 36 }, context));
    await client.bookSignedPayment('no-such-payment', context);

    expect(own.interactions.map((i) => [i.operation, i.outcome, i.httpStatus])).toEqual(
      expect.arrayContaining([
        ['getPaymentMethods', 'ok', 200],
        ['getAnnuityFactors', 'ok', 200],
        ['getCostOfPurchaseHtml', 'ok', 200],
        ['bookSignedPayment', 'refused', 500],
      ]),
    );
    expect(own.interactions).toHaveLength(4);
    for (const interaction of own.interactions) {
      expect(Object.keys(interaction).sort()).toEqual(['applicationId', 'durationMs', 'httpStatus', 'operation', 'outcome', 'provider']);
      expect(interaction).toMatchObject({ provider: 'resurs-v1', applicationId: 'application-1' });
      expect(interaction.durationMs).toBeGreaterThanOrEqual(0);
    }
    // A lender that cannot be reached is recorded as such.
    const unreachable = createResursV1Client({ ...simulated(t.app.config).resursV1.accounts.NO, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000, recorder: own });
    await unreachable.getPricing({ countryCode: 'NO', amount: 15000, period: 36 }, context);
    expect(own.interactions.slice(4).map((i) => [i.operation, i.outcome])).toEqual([['getPaymentMethods', 'unavailable']]);
  });
});
