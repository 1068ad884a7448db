/**
 * Resurs "version 1" (SOAP) held to what Resurs publishes (contracts/src/resurs-v1): the adapter
 * against a stand-in built from that material, and the sandbox's simulator against the same
 * shapes and examples. Neither side is checked against the other.
 *
 * One part of the stand-in is not Resurs': the WSDL node-soap needs to build its calls. Resurs
 * publishes none as a file, so the stand-in serves the simulator's, and the first tests hold that
 * WSDL to the operations Resurs' generated clients list and to the element names, order and
 * occurrence of Resurs' documented types. What the adapter sends is then checked by the stand-in
 * against the published shapes themselves, element order included.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shapeDiff } from '@portal/contracts';
import { fixture } from '@portal/contracts/fixtures';
import { RESURS_V1_OPERATIONS, RESURS_V1_SERVICES, type ResursV1Service } from '@portal/contracts/resurs-v1/operations';
import { ANSWERS, fault, REQUIRED, SEQUENCES } from '@portal/contracts/resurs-v1/schemas';
import { answerProblems, readAnswer } from '@portal/contracts/resurs-v1/soap';
import { type ResursV1StandIn, resursV1StandIn, type SoapReply } from '@portal/contracts/resurs-v1/stand-in';
import { parseXml, type XmlElement } from '@portal/contracts/resurs-v1/xml';
import { createProviderHealth } from '../../src/providers/health';
import { memoryRecorder } from '../../src/providers/interactions';
import { createResursV1Client } from '../../src/providers/resurs-v1/client';
import { OPERATIONS } from '../../src/providers/resurs-v1/contract';
import { findMoneyDiff } from '../../src/providers/resurs-v1/money';
import type { ResursV1BookPayment } from '../../src/providers/resurs-v1/types';
import type { MoneyLine, MoneyOperation, ProviderResult } from '../../src/providers/types';
import { simulated, startTestServer, type TestApp } from '../helpers';

const example = (name: string) => fixture('resurs-v1', name);
const xmlOf = (name: string): string => {
  const value = example(name).answer;
  if (typeof value !== 'string') throw new Error(`${name}: a Resurs v1 answer is XML`);
  return value;
};
const reply = (name: string): SoapReply => ({ status: example(name).status ?? 200, xml: xmlOf(name) });

const SERVICES = Object.keys(RESURS_V1_SERVICES) as ResursV1Service[];
const USER = { username: 'representative-se', password: 'pass word:1' };
const basic = `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}`;

function value<T>(result: ProviderResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.failure)}`);
  return result.value;
}

/** The published answers to the calls the adapter makes: the examples Resurs shows. */
const PUBLISHED: Record<string, SoapReply> = {
  getPaymentMethods: reply('get-payment-methods'),
  getAnnuityFactors: reply('get-annuity-factors'),
  getCostOfPurchaseHtml: reply('get-cost-of-purchase-html'),
  bookPayment: reply('book-payment-signing'),
  bookSignedPayment: reply('book-signed-payment'),
  getPayment: reply('get-payment'),
  annulPayment: reply('annul-payment'),
  finalizePayment: reply('finalize-payment'),
  creditPayment: reply('credit-payment'),
};

const moneyOperation = (operationId: string, scope: MoneyOperation['scope']): MoneyOperation => ({ operationId, scope });
/** Ten of the bolts of Resurs' getPayment example, as the portal has an order line: 2.00 a piece with 25 % VAT. */
const BOLTS: MoneyLine = { reference: 'BOLT-002', description: 'Bolt (M8x125mm)', quantity: 10, unitAmountIncludingVat: 2, vatPercent: 25 };
/** The payment of Resurs' getPayment example: booked 30, debited 30, credited 30. */
const PAYMENT = 'Pay-1372762301644-3166';
const withoutDiff = (type: string) => (xml: string) => xml.replace(new RegExp(`<paymentDiffs>\\s*<type>${type}</type>[\\s\\S]*?</paymentDiffs>`), '');

/** Resurs' own test customer of its bookPayment example, as the portal sends one. */
const booking = (overrides: Partial<ResursV1BookPayment> = {}): ResursV1BookPayment => ({
  preferredId: '210000002',
  countryCode: 'SE',
  amount: 497,
  period: 24,
  items: [{ artNo: '255121', description: 'HDMI 3m', quantity: 1, unitAmountWithoutVat: 397.6, vatPct: 25 }],
  customer: {
    governmentId: '198305147715',
    firstName: 'Vincent',
    lastName: 'Williamsson',
    email: 'test@resurs.se',
    phone: '070112233',
    address: 'Glassgatan 15',
    postalCode: '41655',
    city: 'Göteborg',
  },
  signing: { successUrl: 'https://portal.example/api/loan-application/sign/success', failUrl: 'https://portal.example/loan-subscription/form/sign/fail' },
  customerIpAddress: '203.0.113.7',
  ...overrides,
});

/** The element's child elements (of an xs:sequence), with their occurrence. */
function sequenceOf(type: XmlElement): { name: string; minOccurs: string }[] {
  const sequence = type.children.find((child) => child.name === 'sequence');
  return (sequence?.children ?? []).filter((child) => child.name === 'element').map((child) => ({ name: child.attributes.name ?? '', minOccurs: child.attributes.minOccurs ?? '1' }));
}

/** Whether `names` appear in `order` in the same order (leaving some out). */
const inOrder = (names: readonly string[], order: readonly string[]) => names.every((name, i) => i === 0 || order.indexOf(name) > order.indexOf(names[i - 1] ?? ''));

describe('Resurs v1 held to its published contract', () => {
  let t: TestApp & { url: string };
  const simulator = () => `${t.url}/sandbox/resurs-v1`;
  const wsdl: Partial<Record<ResursV1Service, string>> = {};
  const wsdlOf = (service: ResursV1Service) => {
    const document = wsdl[service];
    if (!document) throw new Error(`no WSDL for ${service}`);
    return document;
  };

  beforeAll(async () => {
    t = await startTestServer('pglite');
    for (const service of SERVICES) wsdl[service] = await (await fetch(`${simulator()}/${RESURS_V1_SERVICES[service]}?wsdl`)).text();
  });
  afterAll(async () => t.close());

  describe('the operations', () => {
    it('the adapter calls only operations Resurs publishes', () => {
      for (const service of SERVICES) {
        for (const operation of OPERATIONS[service]) expect(RESURS_V1_OPERATIONS[service], `${service} ${operation}`).toContain(operation);
      }
    });

    it("the simulator's WSDL declares only operations Resurs publishes", () => {
      for (const service of SERVICES) {
        const portType = parseXml(wsdlOf(service)).children.find((child) => child.name === 'portType');
        const declared = (portType?.children ?? []).filter((child) => child.name === 'operation').map((child) => child.attributes.name ?? '');
        expect(declared.length).toBeGreaterThan(0);
        for (const operation of declared) expect(RESURS_V1_OPERATIONS[service], `${service} ${operation}`).toContain(operation);
        for (const operation of OPERATIONS[service]) expect(declared, `${service} ${operation}`).toContain(operation);
      }
    });

    it("the simulator's WSDL has Resurs' element names, in Resurs' order, with the ones Resurs requires required", () => {
      let checked = 0;
      for (const service of SERVICES) {
        const schemas = parseXml(wsdlOf(service))
          .children.filter((child) => child.name === 'types')
          .flatMap((types) => types.children.filter((child) => child.name === 'schema'));
        const types = schemas.flatMap((schema) => [
          ...schema.children.filter((child) => child.name === 'complexType').map((type) => ({ name: type.attributes.name ?? '', type })),
          ...schema.children
            .filter((child) => child.name === 'element')
            .flatMap((element) => element.children.filter((child) => child.name === 'complexType').map((type) => ({ name: element.attributes.name ?? '', type }))),
        ]);
        for (const { name, type } of types) {
          const published = SEQUENCES[name];
          if (!published) continue;
          const elements = sequenceOf(type);
          const names = elements.map((element) => element.name);
          for (const element of names) expect(published, `${service} ${name}.${element}`).toContain(element);
          expect(inOrder(names, published), `${service} ${name}: ${names.join(', ')} against ${published.join(', ')}`).toBe(true);
          for (const required of REQUIRED[name] ?? []) {
            expect(elements.find((element) => element.name === required)?.minOccurs, `${service} ${name}.${required} is required`).not.toBe('0');
          }
          checked += 1;
        }
      }
      // paymentMethod, webLink, annuityFactor, address, customer, extendedCustomer, specLine, … and the operations.
      expect(checked).toBeGreaterThanOrEqual(20);
    });
  });

  describe('the adapter against a stand-in built from the published material', () => {
    let stand: ResursV1StandIn;
    /** What the stand-in answers, per operation: the published examples unless a test says otherwise. */
    const answers: Record<string, SoapReply> = {};
    let recorder: ReturnType<typeof memoryRecorder>;
    const client = (overrides: Partial<Parameters<typeof createResursV1Client>[0]> = {}) =>
      createResursV1Client({ baseUrl: stand.url, ...USER, timeoutMs: 5_000, recorder, ...overrides });

    beforeAll(async () => {
      stand = await resursV1StandIn({ wsdl: { shopFlow: wsdlOf('shopFlow'), afterShopFlow: wsdlOf('afterShopFlow') }, answers });
    });
    afterAll(async () => stand.close());
    beforeEach(() => {
      for (const operation of Object.keys(answers)) delete answers[operation];
      Object.assign(answers, PUBLISHED);
      recorder = memoryRecorder();
      stand.received.length = 0;
      stand.calls.length = 0;
      stand.violations.length = 0;
    });

    it("prices from the published answers: a plan the cost table has and the annuity factors lack is no obstacle", async () => {
      // The published factors are 3/6/12/24/48/72 months; the published table has 36 months too.
      const pricing = value(await client().getPricing({ countryCode: 'SE', amount: 3600, period: 48 }));
      expect(pricing).toMatchObject({ currency: 'SEK', loanAmount: 3600, loanPeriod: 48, interestRate: 16.72 });
      // 3600 × 0.0290571842 + 29 = 133.61: the published table says 134 a month for 48 months.
      expect(pricing.totalMonthlyPayment).toBe(133.61);
      expect(pricing.secciLinks).toEqual([
        {
          label: 'Standardiserad europeisk konsumentkreditinformation (SEKKI)',
          url: 'https://test.resurs.com/sekki-mock/sekki?bankProductId=LG686069&chainId=107&countryCode=SE&storeId=1000&amount=3600',
        },
      ]);
      expect(pricing.generalTermsLinks).toEqual([
        { label: 'Allmänna villkor', url: 'https://test.resurs.com/documenthandler/Dokument.pdf?customerType=natural&docType=commonTerms&land=SE&language=sv' },
      ]);
      expect(stand.calls.map((call) => call.operation)).toEqual(['getPaymentMethods', 'getAnnuityFactors', 'getCostOfPurchaseHtml']);
      // PART_PAYMENT is the method sold; its id is what the other calls name.
      expect(stand.calls[1]?.args).toEqual({ paymentMethodId: 'PARTPAYMENT' });
      expect(stand.violations).toEqual([]);
    });

    it('refuses a plan the annuity factors lack, without asking for the cost table', async () => {
      expect(await client().getPricing({ countryCode: 'SE', amount: 3600, period: 36 })).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 200, code: 'PAYMENT_PLAN_NOT_OFFERED' },
      });
      expect(stand.calls.map((call) => call.operation)).not.toContain('getCostOfPurchaseHtml');
    });

    it("reads the WSDL with the account's credentials, as Resurs' own library does", async () => {
      value(await client().getPricing({ countryCode: 'SE', amount: 3600, period: 48 }));
      const reads = stand.received.filter((request) => request.method === 'GET');
      expect(reads.map((request) => request.url)).toEqual(['/SimplifiedShopFlowService?wsdl']);
      expect(reads[0]?.headers.authorization).toBe(basic);
      for (const request of stand.received.filter((r) => r.method === 'POST')) expect(request.headers.authorization).toBe(basic);
    });

    it('fails a cost table it cannot read as unreadable, naming where, and records it so', async () => {
      answers.getCostOfPurchaseHtml = {
        status: 200,
        xml: xmlOf('get-cost-of-purchase-html').replace(/<return>[\s\S]*<\/return>/, '<return>&lt;p&gt;Priser saknas&lt;/p&gt;</return>'),
      };
      expect(await client().getPricing({ countryCode: 'SE', amount: 3600, period: 48 })).toEqual({
        ok: false,
        failure: { kind: 'unreadable', status: 200, field: 'return.priceTable.durations' },
      });
      expect(recorder.interactions.find((i) => i.operation === 'getCostOfPurchaseHtml')).toMatchObject({ outcome: 'unreadable', field: 'return.priceTable.durations' });
    });

    it('reads payment methods without the deprecated type', async () => {
      answers.getPaymentMethods = { status: 200, xml: xmlOf('get-payment-methods').replace(/\s*<type>[A-Z_]+<\/type>/g, '') };
      expect(answers.getPaymentMethods.xml).not.toContain('<type>');
      expect(value(await client().getPricing({ countryCode: 'SE', amount: 3600, period: 48 })).interestRate).toBe(16.72);
      expect(stand.calls[1]?.args).toEqual({ paymentMethodId: 'PARTPAYMENT' });
    });

    it("reads Resurs' production example: no part payment, so its revolving credit", async () => {
      answers.getPaymentMethods = reply('get-payment-methods-production');
      value(await client().getPricing({ countryCode: 'SE', amount: 3600, period: 48 }));
      expect(stand.calls[1]?.args).toEqual({ paymentMethodId: '8' });
    });

    it('books with the published request shape and reads every bookPaymentStatus Resurs lists', async () => {
      const input = booking();
      expect(value(await client().bookPayment(input))).toEqual({
        paymentId: '210000002',
        status: 'SIGNING',
        signingUrl: 'https://test.resurs.com/mock-mock/authenticate?resursToken=4f017bc9-07ec-45b4-b4c5-f6d206766393',
        approvedAmount: 497,
      });
      expect(stand.violations).toEqual([]);
      for (const status of ['FINALIZED', 'BOOKED', 'FROZEN', 'DENIED'] as const) {
        answers.bookPayment = reply(`book-payment-${status.toLowerCase()}`);
        expect(value(await client().bookPayment(input)), status).toEqual({ paymentId: '210000002', status, signingUrl: null, approvedAmount: 497 });
      }
      expect(stand.violations).toEqual([]);
    });

    it('sends an empty addressRow1 when the address is not known (Resurs requires the element, not a value)', async () => {
      const input = booking();
      value(await client().bookPayment({ ...input, customer: { ...input.customer, address: null } }));
      expect(stand.violations).toEqual([]);
      const sent = stand.calls.find((call) => call.operation === 'bookPayment')?.args;
      expect(sent).toMatchObject({ customer: { address: { addressRow1: '', postalArea: 'Göteborg', postalCode: '41655', country: 'SE' } } });
    });

    it('reads bookSignedPayment, getPayment and annulPayment as published', async () => {
      expect(value(await client().bookSignedPayment('210000002'))).toEqual({ paymentId: '210000002', status: 'BOOKED', signingUrl: null, approvedAmount: 497 });
      // Debited and credited, not frozen: the payment is final; its limit is the credit.
      expect(value(await client().getPayment('Pay-1372762301644-3166'))).toEqual({
        paymentId: 'Pay-1372762301644-3166',
        status: 'FINALIZED',
        signingUrl: null,
        approvedAmount: 3030,
      });
      expect(await client().annulPayment('12345')).toEqual({ ok: true, value: undefined });
      expect(stand.calls.map((call) => [call.service, call.operation])).toEqual([
        ['shopFlow', 'bookSignedPayment'],
        ['afterShopFlow', 'getPayment'],
        ['afterShopFlow', 'annulPayment'],
      ]);
      expect(stand.violations).toEqual([]);
    });

    it('captures, refunds and cancels order lines in the published request shapes, with the operation id as transaction id, and reads the money back', async () => {
      const adapter = client();
      const published = { authorized: 30, captured: 30, refunded: 30, cancelled: 0 };
      expect(await adapter.finalizePayment(PAYMENT, moneyOperation('op-capture-1', { kind: 'lines', lines: [BOLTS] }))).toEqual({ ok: true, value: published });
      expect(await adapter.creditPayment(PAYMENT, moneyOperation('op-refund-1', { kind: 'lines', lines: [BOLTS] }))).toEqual({ ok: true, value: published });
      expect(await adapter.annulPayment(PAYMENT, moneyOperation('op-cancel-1', { kind: 'lines', lines: [BOLTS] }))).toEqual({ ok: true, value: published });
      expect(stand.violations).toEqual([]);
      // Each read first (an operation already done is not sent again), sent, and read back.
      expect(stand.calls.map((call) => call.operation)).toEqual([
        ...['getPayment', 'finalizePayment', 'getPayment'],
        ...['getPayment', 'creditPayment', 'getPayment'],
        ...['getPayment', 'annulPayment', 'getPayment'],
      ]);
      // The merchant's price is the row's total; net price and VAT follow from it (Resurs' rounding rules).
      const spec = {
        specLines: { id: '1', artNo: 'BOLT-002', description: 'Bolt (M8x125mm)', quantity: '10', unitMeasure: 'st', unitAmountWithoutVat: '1.6', vatPct: '25', totalVatAmount: '4', totalAmount: '20' },
        totalAmount: '20',
        totalVatAmount: '4',
      };
      const sent = (operation: string) => stand.calls.find((call) => call.operation === operation)?.args;
      expect(sent('finalizePayment')).toEqual({ paymentId: PAYMENT, preferredTransactionId: 'op-capture-1', partPaymentSpec: spec, createdBy: 'op-capture-1' });
      expect(sent('creditPayment')).toEqual({ paymentId: PAYMENT, preferredTransactionId: 'op-refund-1', partPaymentSpec: spec, createdBy: 'op-refund-1' });
      // annulPayment takes no transaction id: the operation id goes as createdBy.
      expect(sent('annulPayment')).toEqual({ paymentId: PAYMENT, partPaymentSpec: spec, createdBy: 'op-cancel-1' });
    });

    it('recognises an operation already among the diffs by its transaction id and does not send it again', async () => {
      // Resurs' example payment was credited as TrC-1372762301644-3166: a retry of that operation.
      expect(value(await client().creditPayment(PAYMENT, moneyOperation('TrC-1372762301644-3166', { kind: 'all' })))).toEqual({ authorized: 30, captured: 30, refunded: 30, cancelled: 0 });
      expect(value(await client().finalizePayment(PAYMENT, moneyOperation('TrD-1372762301644-3166', { kind: 'all' }))).captured).toBe(30);
      expect(stand.calls.map((call) => call.operation)).toEqual(['getPayment', 'getPayment']);
    });

    it('reads the money and the diffs for reconciling after a crash, and finds an operation among them by its id', async () => {
      const read = value(await client().getPaymentMoney(PAYMENT));
      expect(read).toEqual({
        status: 'FINALIZED',
        money: { authorized: 30, captured: 30, refunded: 30, cancelled: 0 },
        diffs: [
          expect.objectContaining({ type: 'AUTHORIZE', transactionId: null, createdBy: 'SHOP_FLOW', created: '2013-07-02T10:51:51.000Z', amount: 30 }),
          expect.objectContaining({ type: 'DEBIT', transactionId: 'TrD-1372762301644-3166', amount: 30, lines: [] }),
          expect.objectContaining({ type: 'CREDIT', transactionId: 'TrC-1372762301644-3166', amount: 30 }),
        ],
      });
      expect(read.diffs[0]?.lines.map((line) => [line.artNo, line.quantity, line.totalAmount])).toEqual([
        ['BOLT-002', 10, 20],
        ['NUT-001', 10, 10],
      ]);
      expect(findMoneyDiff(read.diffs, 'TrD-1372762301644-3166', 'DEBIT')?.amount).toBe(30);
      expect(findMoneyDiff(read.diffs, 'TrD-1372762301644-3166', 'CREDIT')).toBeNull();
      expect(findMoneyDiff(read.diffs, 'op-never-sent')).toBeNull();
    });

    it('takes "all" from what the diffs leave open: by line where they have lines, else the amount; nothing open is not sent', async () => {
      // Nothing is open on the published payment: no capture or refund is sent; cancelling all is done.
      expect(await client().finalizePayment(PAYMENT, moneyOperation('op-a', { kind: 'all' }))).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 200, code: 'NOTHING_TO_FINALIZE', catalogue: 'PAYMENT_STATUS_FINAL' },
      });
      expect(await client().creditPayment(PAYMENT, moneyOperation('op-b', { kind: 'all' }))).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 200, code: 'NOTHING_TO_CREDIT', catalogue: 'PAYMENT_STATUS_FINAL' },
      });
      expect(value(await client().annulPayment(PAYMENT, moneyOperation('op-c', { kind: 'all' }))).cancelled).toBe(0);
      expect(stand.calls.map((call) => call.operation)).toEqual(['getPayment', 'getPayment', 'getPayment']);

      // Debited by amount and not credited: the whole debit is credited as an amount (the debit has no lines).
      answers.getPayment = { status: 200, xml: withoutDiff('CREDIT')(xmlOf('get-payment')) };
      value(await client().creditPayment(PAYMENT, moneyOperation('op-d', { kind: 'all' })));
      expect(stand.calls.find((call) => call.operation === 'creditPayment')?.args).toMatchObject({ partPaymentSpec: { totalAmount: '30' } });

      // Only booked: what was booked, by its lines.
      answers.getPayment = { status: 200, xml: withoutDiff('DEBIT')(withoutDiff('CREDIT')(xmlOf('get-payment'))) };
      value(await client().finalizePayment(PAYMENT, moneyOperation('op-e', { kind: 'all' })));
      expect(stand.calls.find((call) => call.operation === 'finalizePayment')?.args).toMatchObject({
        partPaymentSpec: {
          specLines: [
            { id: '1', artNo: 'BOLT-002', quantity: '10', unitMeasure: 'st', vatPct: '25', totalVatAmount: '4', totalAmount: '20' },
            { id: '2', artNo: 'NUT-001', quantity: '10', unitMeasure: 'st', vatPct: '25', totalVatAmount: '2', totalAmount: '10' },
          ],
          totalAmount: '30',
          totalVatAmount: '6',
        },
      });
      expect(stand.violations).toEqual([]);
    });

    it("reads Resurs' faults to finalize, credit and annul as refusals with their error type", async () => {
      const lines = moneyOperation('op-1', { kind: 'lines', lines: [BOLTS] });
      answers.finalizePayment = reply('finalize-payment-too-much');
      expect(await client().finalizePayment(PAYMENT, lines)).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'INVALID_FINALIZATION' } });
      answers.finalizePayment = reply('finalize-payment-frozen');
      expect(await client().finalizePayment(PAYMENT, lines)).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'NOT_ALLOWED_IN_CURRENT_STATE' } });
      answers.creditPayment = reply('credit-payment-too-much');
      expect(await client().creditPayment(PAYMENT, lines)).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'INVALID_CREDITING' } });
      answers.annulPayment = reply('annul-payment-finalized');
      expect(await client().annulPayment(PAYMENT, lines)).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 500, code: 'NOT_ALLOWED_IN_PAYMENT_STATE', catalogue: 'PAYMENT_STATUS_FINAL' },
      });
      // Lines adding up to nothing are not sent: Resurs takes a positive total only.
      expect(await client().finalizePayment(PAYMENT, moneyOperation('op-2', { kind: 'lines', lines: [{ ...BOLTS, quantity: 0 }] }))).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 200, code: 'LINES_WITHOUT_AMOUNT' },
      });
      // A payment it does not know: the published fault of getPayment, before anything is sent.
      answers.getPayment = reply('get-payment-not-found');
      expect(await client().finalizePayment(PAYMENT, lines)).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'REFERENCED_DATA_DONT_EXISTS' } });
      expect(stand.calls.filter((call) => call.operation === 'finalizePayment')).toHaveLength(2);
      expect(stand.violations).toEqual([]);
    });

    it('fails a payment diff of a type Resurs does not list as unreadable, naming it', async () => {
      answers.getPayment = { status: 200, xml: xmlOf('get-payment').replace('<type>CREDIT</type>', '<type>REFUND</type>') };
      expect(await client().getPaymentMoney(PAYMENT)).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'return.paymentDiffs[2].type' } });
      expect(await client().finalizePayment(PAYMENT, moneyOperation('op-1', { kind: 'all' }))).toEqual({
        ok: false,
        failure: { kind: 'unreadable', status: 200, field: 'return.paymentDiffs[2].type' },
      });
      expect(stand.calls.map((call) => call.operation)).not.toContain('finalizePayment');
    });

    it("reads Resurs' published faults as refusals with their error type", async () => {
      answers.getPayment = reply('get-payment-not-found');
      expect(await client().getPayment('Pay-1372762301644-31656')).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'REFERENCED_DATA_DONT_EXISTS' } });
      answers.bookPayment = reply('book-payment-illegal-argument');
      expect(await client().bookPayment(booking())).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'ILLEGAL_ARGUMENT' } });
    });

    it('fails a payment answer without its payment as the catalogue says, and one with a field it cannot read as unreadable', async () => {
      answers.bookPayment = { status: 200, xml: xmlOf('book-payment-signing').replace(/<return>[\s\S]*<\/return>/, '') };
      expect(await client().bookPayment(booking())).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 200, code: 'NO_PAYMENT_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' },
      });
      answers.bookPayment = { status: 200, xml: xmlOf('book-payment-signing').replace('<bookPaymentStatus>SIGNING</bookPaymentStatus>', '<bookPaymentStatus>PENDING</bookPaymentStatus>') };
      expect(await client().bookPayment(booking())).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'return.bookPaymentStatus' } });
      expect(recorder.interactions.at(-1)).toMatchObject({ operation: 'bookPayment', outcome: 'unreadable', field: 'return.bookPaymentStatus' });
    });

    it("builds the terms to read from Resurs' legal links and cost of purchase, calling nothing Resurs lacks", async () => {
      const adapter = client();
      const secci = value(await adapter.getTermsDocument({ termsType: 'ISEKKI_NEW_ACCOUNT', countryCode: 'SE', amount: 3600 }));
      expect(secci.title).toBe('Standardiserad europeisk konsumentkreditinformation (SEKKI)');
      expect(secci.html).toMatch(
        /^<p><a href="https:\/\/test\.resurs\.com\/sekki-mock\/sekki\?bankProductId=LG686069&amp;chainId=107&amp;countryCode=SE&amp;storeId=1000&amp;amount=3600">Standardiserad europeisk konsumentkreditinformation \(SEKKI\)<\/a><\/p>/,
      );
      expect(secci.html).toContain('<table class="priceTable">');
      const terms = value(await adapter.getTermsDocument({ termsType: 'COMMON', countryCode: 'SE', amount: 3600 }));
      expect(terms).toEqual({
        termsType: 'COMMON',
        title: 'Allmänna villkor',
        html: '<p><a href="https://test.resurs.com/documenthandler/Dokument.pdf?customerType=natural&amp;docType=commonTerms&amp;land=SE&amp;language=sv">Allmänna villkor</a></p>',
      });
      expect(stand.calls.map((call) => call.operation)).toEqual(['getPaymentMethods', 'getCostOfPurchaseHtml']);
      expect(stand.violations).toEqual([]);
    });

    it('does not count a WSDL without the operation called, or a SOAP Client fault, towards the circuit', async () => {
      const health = createProviderHealth({ probeIntervalMs: 60_000, log: { info: () => undefined, warn: () => undefined } });
      const guarded = () => client({ guard: health.guard('resurs-v1'), recorder: health.recorder(recorder) });
      try {
        // Resurs' WSDL, were it without getCostOfPurchaseHtml: the call is never sent.
        const without = wsdlOf('shopFlow').replace(/<wsdl:operation name="getCostOfPurchaseHtml">[\s\S]*?<\/wsdl:operation>/g, '');
        const lacking = await resursV1StandIn({ wsdl: { shopFlow: without, afterShopFlow: wsdlOf('afterShopFlow') }, answers });
        try {
          const adapter = createResursV1Client({ baseUrl: lacking.url, ...USER, timeoutMs: 5_000, guard: health.guard('resurs-v1'), recorder: health.recorder(recorder) });
          for (let i = 0; i < 4; i += 1) {
            expect(await adapter.getPricing({ countryCode: 'SE', amount: 3600, period: 48 })).toEqual({
              ok: false,
              failure: { kind: 'unreadable', status: 200, field: 'SimplifiedShopFlowService?wsdl operation getCostOfPurchaseHtml' },
            });
          }
          expect(lacking.calls.map((call) => call.operation)).not.toContain('getCostOfPurchaseHtml');
        } finally {
          await lacking.close();
        }
        expect(health.circuitState('resurs-v1')).toBe('closed');

        // Resurs will not take the message: a Client fault without an ECommerceError.
        answers.getPayment = {
          status: 500,
          xml: '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Cannot find dispatch method</faultstring></soap:Fault></soap:Body></soap:Envelope>',
        };
        for (let i = 0; i < 4; i += 1) {
          expect(await guarded().getPayment('210000002')).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'SOAP_CLIENT_FAULT' } });
        }
        expect(health.circuitState('resurs-v1')).toBe('closed');
      } finally {
        health.stop();
      }
    });
  });

  describe('the simulator held to the published shapes', () => {
    const account = () => simulated(t.app.config).resursV1.accounts.SE;
    async function soap(service: ResursV1Service, body: string): Promise<{ status: number; xml: string }> {
      const { username, password } = account();
      const namespace = service === 'shopFlow' ? 'http://ecommerce.resurs.com/v4/msg/simplifiedshopflow' : 'http://ecommerce.resurs.com/v4/msg/aftershopflow';
      const response = await fetch(`${simulator()}/${RESURS_V1_SERVICES[service]}`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
        body: `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:r="${namespace}"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`,
      });
      return { status: response.status, xml: await response.text() };
    }
    /** A whole published envelope, sent as it is (its own prefixes and namespaces). */
    async function post(service: ResursV1Service, envelope: string): Promise<{ status: number; xml: string }> {
      const { username, password } = account();
      const response = await fetch(`${simulator()}/${RESURS_V1_SERVICES[service]}`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
        body: envelope,
      });
      return { status: response.status, xml: await response.text() };
    }
    const publishedRequest = (name: string) => {
      const request = example(name).request;
      if (typeof request !== 'string') throw new Error(`${name}: no request`);
      return request;
    };
    /** The answer, as the published schema reads it (lists as lists), for comparing shapes. */
    const shaped = (operation: string, xml: string): unknown => {
      const answer = readAnswer(xml);
      const schema = answer.fault ? fault : ANSWERS[operation];
      if (!schema) throw new Error(`no schema for ${operation}`);
      return schema.parse(answer.value);
    };
    /** The simulator's answer has the published shape and no field the published example lacks. */
    function heldTo(operation: string, published: string, xml: string) {
      expect(answerProblems(operation, xml), operation).toEqual([]);
      expect(shapeDiff(shaped(operation, xmlOf(published)), shaped(operation, xml)), operation).toEqual([]);
    }

    /** The bookPayment of Resurs' own example (its test customer is one of the sandbox's), for the simulator's method. */
    const publishedBooking = (preferredId: string, change: (xml: string) => string = (xml) => xml) => {
      const request = example('book-payment-signing').request;
      if (typeof request !== 'string') throw new Error('no request');
      const body = /<s:Body[^>]*>([\s\S]*)<\/s:Body>/.exec(request)?.[1] ?? '';
      return change(
        body
          .replace('<preferredId>210000002</preferredId>', `<preferredId>${preferredId}</preferredId>`)
          .replace('<paymentMethodId>PARTPAYMENT</paymentMethodId>', '<paymentMethodId>PARTPAYMENT_SE</paymentMethodId>')
          .replace('xmlns="http://ecommerce.resurs.com/v4/msg/simplifiedshopflow"', 'xmlns="http://ecommerce.resurs.com/v4/msg/simplifiedshopflow" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'),
      );
    };

    it('answers getPaymentMethods, getAnnuityFactors and getCostOfPurchaseHtml in the published shapes', async () => {
      const methods = await soap('shopFlow', '<r:getPaymentMethods><language>sv</language><customerType>NATURAL</customerType></r:getPaymentMethods>');
      expect(methods.status).toBe(200);
      heldTo('getPaymentMethods', 'get-payment-methods', methods.xml);
      const factors = await soap('shopFlow', '<r:getAnnuityFactors><paymentMethodId>PARTPAYMENT_SE</paymentMethodId></r:getAnnuityFactors>');
      heldTo('getAnnuityFactors', 'get-annuity-factors', factors.xml);
      const cost = await soap('shopFlow', '<r:getCostOfPurchaseHtml><paymentMethodId>PARTPAYMENT_SE</paymentMethodId><amount>3600</amount></r:getCostOfPurchaseHtml>');
      heldTo('getCostOfPurchaseHtml', 'get-cost-of-purchase-html', cost.xml);
    });

    it("draws its cost table as Resurs' published one: the same rows, no effective rate, plans beyond the annuity factors", async () => {
      /**
       * The table as Resurs draws it: each row's class, first cell (td.header) and content cells,
       * and the links' classes. Read as HTML (Resurs' is not XML: `<br>`, bare `&` in addresses).
       */
      const table = (html: string) => {
        const classOf = (attributes: string) => /\bclass="([^"]*)"/.exec(attributes)?.[1];
        const text = (inner: string) => inner.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s+/g, ' ').trim();
        const rows = [...html.matchAll(/<tr\b([^>]*)>([\s\S]*?)<\/tr>/g)].map(([, attributes = '', inner = '']) => {
          const cells = [...inner.matchAll(/<(td|th)\b([^>]*)>([\s\S]*?)<\/\1>/g)].map(([, tag, cellAttributes = '', content = '']) => ({ tag, class: classOf(cellAttributes), text: text(content) }));
          const [first, ...contents] = cells;
          return {
            class: classOf(attributes),
            header: { tag: first?.tag, class: first?.class, words: (first?.text ?? '').toLowerCase().replace(/[^a-zåäö]/g, '').slice(0, 12) },
            contents,
          };
        });
        return {
          tableClass: classOf(/<table\b([^>]*)>/.exec(html)?.[1] ?? ''),
          rows,
          links: [...html.matchAll(/<a\b([^>]*)>/g)].map(([, attributes = '']) => classOf(attributes)),
        };
      };
      const htmlOf = (xml: string) => {
        const answer = readAnswer(xml).value as { return?: unknown };
        return typeof answer.return === 'string' ? answer.return : '';
      };
      const published = table(htmlOf(xmlOf('get-cost-of-purchase-html')));
      const cost = await soap('shopFlow', '<r:getCostOfPurchaseHtml><paymentMethodId>PARTPAYMENT_SE</paymentMethodId><amount>3600</amount></r:getCostOfPurchaseHtml>');
      const ours = table(htmlOf(cost.xml));

      expect(ours.tableClass).toBe(published.tableClass);
      expect(ours.rows.map((row) => [row.class, row.header])).toEqual(published.rows.map((row) => [row.class, row.header]));
      for (const [index, row] of ours.rows.entries()) {
        expect(row.contents.every((cell) => cell.tag === 'td' && cell.class === 'content'), `row ${index}`).toBe(true);
        expect(row.contents.length, `row ${index}`).toBe(ours.rows[0]?.contents.length);
      }
      expect(ours.rows.some((row) => /effektiv/.test(row.header.words))).toBe(false);
      expect(ours.links).toEqual(published.links);

      // Like Resurs' (36 months in the table, not among its factors), a plan the factors do not list.
      const factors = await soap('shopFlow', '<r:getAnnuityFactors><paymentMethodId>PARTPAYMENT_SE</paymentMethodId></r:getAnnuityFactors>');
      const durations = (shaped('getAnnuityFactors', factors.xml) as { return: { duration: string }[] }).return.map((f) => Number(f.duration));
      const plansRow = (rows: typeof ours.rows) => rows[2]?.contents.map((cell) => Number(cell.text)) ?? [];
      expect(plansRow(published.rows).filter((d) => ![3, 6, 12, 24, 48, 72].includes(d))).toEqual([36]);
      expect(plansRow(ours.rows).filter((d) => !durations.includes(d)).length).toBeGreaterThan(0);
    });

    it('books, signs and follows a payment in the published shapes, keeping metaData as sent and giving it no meaning', async () => {
      const preferredId = `contract-${Date.now()}`;
      // A payment plan the simulator does not offer, in metaData: Resurs does not look at it.
      const booked = await soap(
        'shopFlow',
        publishedBooking(preferredId, (xml) => xml.replace('<key>Express Shipping</key>', '<key>paymentPlanDuration</key>').replace('<value>True</value>', '<value>37</value>')),
      );
      expect(booked.status, booked.xml).toBe(200);
      heldTo('bookPayment', 'book-payment-signing', booked.xml);
      expect(shaped('bookPayment', booked.xml)).toMatchObject({ return: { paymentId: preferredId, bookPaymentStatus: 'SIGNING' } });

      const signed = await fetch(`${simulator()}/sign/${preferredId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=approve',
        redirect: 'manual',
      });
      expect(signed.status).toBe(303);
      const booking = await soap('shopFlow', `<r:bookSignedPayment><paymentId>${preferredId}</paymentId></r:bookSignedPayment>`);
      heldTo('bookSignedPayment', 'book-signed-payment', booking.xml);
      expect(shaped('bookSignedPayment', booking.xml)).toMatchObject({ return: { bookPaymentStatus: 'BOOKED' } });

      const payment = await soap('afterShopFlow', `<r:getPayment><paymentId>${preferredId}</paymentId></r:getPayment>`);
      heldTo('getPayment', 'get-payment', payment.xml);
      expect(shaped('getPayment', payment.xml)).toMatchObject({
        return: { metaData: [{ key: 'paymentPlanDuration', value: '37' }], customer: { address: { addressRow1: 'Glassgatan 15', postalArea: 'Göteborg', postalCode: '41655', country: 'SE' } } },
      });

      const annulled = await soap('afterShopFlow', `<r:annulPayment><paymentId>${preferredId}</paymentId><createdBy>Aftershop_annulPayment</createdBy></r:annulPayment>`);
      heldTo('annulPayment', 'annul-payment', annulled.xml);

      const missing = await soap('afterShopFlow', '<r:getPayment><paymentId>no-such-payment</paymentId></r:getPayment>');
      expect(missing.status).toBe(500);
      heldTo('getPayment', 'get-payment-not-found', missing.xml);
      expect(shaped('getPayment', missing.xml)).toMatchObject({ detail: { ECommerceError: { errorTypeId: '8', errorTypeDescription: 'REFERENCED_DATA_DONT_EXISTS' } } });
    });

    /** Books Resurs' example purchase (497: 249 + 199 + 49) for `governmentId` and has it signed and booked. */
    async function bookedPayment(preferredId: string, governmentId = '198305147715') {
      const booked = await soap('shopFlow', publishedBooking(preferredId, (xml) => xml.replace(/<governmentId>198305147715<\/governmentId>/, `<governmentId>${governmentId}</governmentId>`)));
      expect(booked.status, booked.xml).toBe(200);
      const signed = await fetch(`${simulator()}/sign/${preferredId}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=approve', redirect: 'manual' });
      expect(signed.status).toBe(303);
      const booking = await soap('shopFlow', `<r:bookSignedPayment><paymentId>${preferredId}</paymentId></r:bookSignedPayment>`);
      expect(booking.status, booking.xml).toBe(200);
    }
    const faultOf = (xml: string) => (shaped('finalizePayment', xml) as { detail: { ECommerceError: { errorTypeId: string; errorTypeDescription: string } } }).detail.ECommerceError;

    it("finalizes, credits and annuls with Resurs' published requests, answering in the published shapes and keeping the diffs as getPayment reports them", async () => {
      const id = `after-shop-${Date.now()}`;
      await bookedPayment(id);
      const payment = async () => {
        const answer = await soap('afterShopFlow', `<r:getPayment><paymentId>${id}</paymentId></r:getPayment>`);
        heldTo('getPayment', 'get-payment', answer.xml);
        return (shaped('getPayment', answer.xml) as { return: { totalAmount: string; limit: string; status: string[]; paymentDiffs: { type: string; transactionId?: string; orderId?: string; paymentSpec: { totalAmount: string } }[] } }).return;
      };
      const booked = await payment();
      expect(booked.status).toEqual(['DEBITABLE']);
      expect(booked.paymentDiffs.map((diff) => [diff.type, Number(diff.paymentSpec.totalAmount)])).toEqual([['AUTHORIZE', 497]]);

      // The simplest finalization Resurs shows: an amount, the caller's transaction id and order id.
      const byAmount = await post('afterShopFlow', publishedRequest('finalize-payment').replace('Pay-1349186086946-3861', id).replace('<totalAmount>30.00</totalAmount>', '<totalAmount>49.00</totalAmount>'));
      expect(byAmount.status, byAmount.xml).toBe(200);
      heldTo('finalizePayment', 'finalize-payment', byAmount.xml);

      // The detailed one carries invoice fields, which Resurs takes for invoices only: refused for part payment.
      const detailed = publishedRequest('finalize-payment-lines').replace('Pay-1349186086946-3861', id).replace('TrD-12345', 'TrD-2');
      const invoiceOnly = await post('afterShopFlow', detailed);
      expect(invoiceOnly.status).toBe(500);
      heldTo('finalizePayment', 'finalize-payment-too-much', invoiceOnly.xml);
      expect(faultOf(invoiceOnly.xml)).toMatchObject({ errorTypeId: '28', errorTypeDescription: 'NOT_ALLOWED_INVOICE_ID' });
      // Without them: lines that are not the booked ones ("Only the sum matter").
      const byLines = await post('afterShopFlow', detailed.replace(/\s*<orderDate>[^<]*<\/orderDate>|\s*<invoiceId>[^<]*<\/invoiceId>|\s*<invoiceDate>[^<]*<\/invoiceDate>/g, ''));
      expect(byLines.status, byLines.xml).toBe(200);
      heldTo('finalizePayment', 'finalize-payment-lines', byLines.xml);

      const debited = await payment();
      expect(debited.status).toEqual(['DEBITABLE', 'CREDITABLE', 'IS_DEBITED']);
      expect(debited.paymentDiffs.map((diff) => [diff.type, diff.transactionId, Number(diff.paymentSpec.totalAmount)])).toEqual([
        ['AUTHORIZE', undefined, 497],
        ['DEBIT', 'TrD-12345', 49],
        ['DEBIT', 'TrD-2', 55],
      ]);
      expect(debited.paymentDiffs[1]?.orderId).toBe('Ord-23456');

      // Crediting more than was debited (199 of 104), then a part of it, with Resurs' example less its credit note fields.
      const credit = publishedRequest('credit-payment').replace('100100446', id).replace(/\s*<creditNoteId>[^<]*<\/creditNoteId>\s*<creditNoteDate>[^<]*<\/creditNoteDate>/, '');
      const tooMuch = await post('afterShopFlow', credit);
      expect(tooMuch.status).toBe(500);
      heldTo('creditPayment', 'credit-payment-too-much', tooMuch.xml);
      expect(faultOf(tooMuch.xml)).toMatchObject({ errorTypeId: '23', errorTypeDescription: 'INVALID_CREDITING' });
      const credited = await post('afterShopFlow', credit.replace(/199/g, '49'));
      expect(credited.status, credited.xml).toBe(200);
      heldTo('creditPayment', 'credit-payment', credited.xml);

      // Annulling a part by its line (95), then more than is left.
      const annul = publishedRequest('annul-payment-lines').replace('300007457', id);
      const annulled = await post('afterShopFlow', annul);
      expect(annulled.status, annulled.xml).toBe(200);
      heldTo('annulPayment', 'annul-payment-lines', annulled.xml);
      const annulTooMuch = await post('afterShopFlow', annul.replace(/>95</g, '>400<'));
      expect(annulTooMuch.status).toBe(500);
      expect(faultOf(annulTooMuch.xml)).toMatchObject({ errorTypeId: '36', errorTypeDescription: 'ANNUL_FAILED' });

      // Finalizing more than is left (497 - 104 - 95 = 298), then the rest; then nothing is left to annul or finalize.
      const finalizeAmount = (amount: string) => post('afterShopFlow', publishedRequest('finalize-payment').replace('Pay-1349186086946-3861', id).replace('TrD-12345', `TrD-${amount}`).replace('<totalAmount>30.00</totalAmount>', `<totalAmount>${amount}</totalAmount>`));
      const finalizeTooMuch = await finalizeAmount('298.01');
      expect(finalizeTooMuch.status).toBe(500);
      heldTo('finalizePayment', 'finalize-payment-too-much', finalizeTooMuch.xml);
      expect(faultOf(finalizeTooMuch.xml)).toMatchObject({ errorTypeId: '26', errorTypeDescription: 'INVALID_FINALIZATION' });
      expect((await finalizeAmount('298.00')).status).toBe(200);
      const annulFinal = await post('afterShopFlow', annul);
      expect(annulFinal.status).toBe(500);
      heldTo('annulPayment', 'annul-payment-finalized', annulFinal.xml);
      expect(faultOf(annulFinal.xml)).toMatchObject({ errorTypeId: '20', errorTypeDescription: 'NOT_ALLOWED_IN_PAYMENT_STATE' });
      expect(faultOf((await finalizeAmount('1.00')).xml)).toMatchObject({ errorTypeId: '20' });

      // Crediting without a spec credits all that is debited and not credited, as the soapUI test does.
      const rest = await post('afterShopFlow', publishedRequest('credit-payment-unspecified').replace('Pay-1372762301644-3166', id));
      expect(rest.status, rest.xml).toBe(200);
      heldTo('creditPayment', 'credit-payment-unspecified', rest.xml);

      const final = await payment();
      expect(final.status).toEqual(['IS_DEBITED', 'IS_CREDITED', 'IS_ANNULLED']);
      // What is left of the payment: 497 less 95 annulled less 402 credited; the limit is what was granted.
      expect([Number(final.totalAmount), Number(final.limit)]).toEqual([0, 497]);
      expect(final.paymentDiffs.map((diff) => [diff.type, Number(diff.paymentSpec.totalAmount)])).toEqual([
        ['AUTHORIZE', 497],
        ['DEBIT', 49],
        ['DEBIT', 55],
        ['CREDIT', 49],
        ['ANNUL', 95],
        ['DEBIT', 298],
        ['CREDIT', 353],
      ]);
    });

    it('refuses what Resurs refuses: a finalization without its spec, VAT without lines, a frozen payment, a payment it does not know', async () => {
      const id = `after-shop-refused-${Date.now()}`;
      await bookedPayment(id);
      const finalize = publishedRequest('finalize-payment').replace('Pay-1349186086946-3861', id);
      for (const broken of [
        finalize.replace(/<partPaymentSpec>[\s\S]*<\/partPaymentSpec>/, ''),
        finalize.replace('<totalAmount>30.00</totalAmount>', '<totalAmount>30.00</totalAmount><totalVatAmount>6.00</totalVatAmount>'),
        finalize.replace('<createdBy>User</createdBy>', '<createdBy>User</createdBy><paymentPlan>36</paymentPlan>'),
      ]) {
        const answer = await post('afterShopFlow', broken);
        expect(answer.status).toBe(500);
        heldTo('finalizePayment', 'finalize-payment-too-much', answer.xml);
        expect(faultOf(answer.xml)).toMatchObject({ errorTypeId: '1', errorTypeDescription: 'ILLEGAL_ARGUMENT' });
      }
      const frozen = `after-shop-frozen-${Date.now()}`;
      await bookedPayment(frozen, '198209123705');
      const refusedFrozen = await post('afterShopFlow', publishedRequest('finalize-payment').replace('Pay-1349186086946-3861', frozen));
      heldTo('finalizePayment', 'finalize-payment-frozen', refusedFrozen.xml);
      expect(faultOf(refusedFrozen.xml)).toMatchObject({ errorTypeId: '25', errorTypeDescription: 'NOT_ALLOWED_IN_CURRENT_STATE' });
      const unknown = await post('afterShopFlow', publishedRequest('finalize-payment'));
      heldTo('finalizePayment', 'finalize-payment-too-much', unknown.xml);
      expect(faultOf(unknown.xml)).toMatchObject({ errorTypeId: '8', errorTypeDescription: 'REFERENCED_DATA_DONT_EXISTS' });
      // Nothing was debited by any of them.
      const payment = await soap('afterShopFlow', `<r:getPayment><paymentId>${id}</paymentId></r:getPayment>`);
      expect((shaped('getPayment', payment.xml) as { return: { status: string[] } }).return.status).toEqual(['DEBITABLE']);
    });

    it.each([
      ['customerIpAddress', (xml: string) => xml.replace('<customerIpAddress>127.0.0.1</customerIpAddress>', '')],
      ['the postal code', (xml: string) => xml.replace(/<postalCode>41655<\/postalCode>/, '')],
      ['the signing addresses', (xml: string) => xml.replace(/<signing xmlns="">[\s\S]*?<\/signing>/, '')],
      ['elements in the published order', (xml: string) => xml.replace(/(<metaData xmlns="">[\s\S]*?<\/metaData>)([\s\S]*?)(<signing xmlns="">[\s\S]*?<\/signing>)/, '$3$2$1')],
      ['only elements Resurs has', (xml: string) => xml.replace('<waitForFraudControl>', '<paymentPlan>36</paymentPlan><waitForFraudControl>')],
    ])('refuses a bookPayment without %s, as Resurs does: an ECommerceError fault, nothing booked', async (_what, change) => {
      const preferredId = `refused-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const changed = publishedBooking(preferredId, change);
      expect(changed).not.toBe(publishedBooking(preferredId));
      const answer = await soap('shopFlow', changed);
      expect(answer.status).toBe(500);
      heldTo('bookPayment', 'book-payment-illegal-argument', answer.xml);
      expect(shaped('bookPayment', answer.xml)).toMatchObject({ faultcode: 'soap:Server', detail: { ECommerceError: { errorTypeId: '1', errorTypeDescription: 'ILLEGAL_ARGUMENT' } } });
      const later = await soap('afterShopFlow', `<r:getPayment><paymentId>${preferredId}</paymentId></r:getPayment>`);
      expect(later.status).toBe(500);
    });
  });
});
