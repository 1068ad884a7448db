import { describe, expect, it } from 'vitest';
import { fixtures } from '../fixtures';
import { RESURS_V1_OPERATIONS } from './operations';
import { CALLED_OPERATIONS, REQUESTS } from './schemas';
import { answerProblems, readRequest } from './soap';
import { parseXml, toValue } from './xml';

const examples = fixtures('resurs-v1');
const operationOf = (call: string) => {
  const [service, operation = ''] = call.split('.');
  return { service: service === 'AfterShopFlowService' ? ('afterShopFlow' as const) : ('shopFlow' as const), operation };
};
const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new Error('a Resurs v1 example is XML text');
  return value;
};

describe('the Resurs v1 examples', () => {
  it('cover every call the contract covers, each a published operation', () => {
    for (const service of ['shopFlow', 'afterShopFlow'] as const) {
      for (const operation of CALLED_OPERATIONS[service]) {
        expect(RESURS_V1_OPERATIONS[service], operation).toContain(operation);
        expect(REQUESTS[operation], operation).toBeDefined();
        expect(examples.some(({ fixture }) => fixture.call.endsWith(`.${operation}`)), operation).toBe(true);
      }
    }
  });

  it.each(examples.map(({ name, fixture }) => [name, fixture] as const))('%s has the published answer shape', (_name, fixture) => {
    expect(answerProblems(operationOf(fixture.call).operation, text(fixture.answer))).toEqual([]);
  });

  it.each(examples.filter(({ fixture }) => fixture.request !== undefined).map(({ name, fixture }) => [name, fixture] as const))(
    '%s has the published request shape',
    (name, fixture) => {
      const { service, operation } = operationOf(fixture.call);
      const read = readRequest(service, text(fixture.request));
      expect(read.operation).toBe(operation);
      // The documentation's getPaymentMethods request is soapUI's template, "?" for every value.
      if (name === 'get-payment-methods') expect(read.problems.map((problem) => problem.split(':')[0])).toEqual(['getPaymentMethods.language', 'getPaymentMethods.customerType', 'getPaymentMethods.purchaseAmount']);
      else expect(read.problems).toEqual([]);
    },
  );
});

describe('the request shapes', () => {
  const bookPayment = (() => {
    const found = examples.find(({ name }) => name === 'book-payment-signing');
    if (!found) throw new Error('no bookPayment example');
    return text(found.fixture.request);
  })();

  it('refuse an element left out that Resurs requires, one out of order, and one it does not have', () => {
    const problems = (xml: string) => readRequest('shopFlow', xml).problems;
    expect(problems(bookPayment.replace('<customerIpAddress>127.0.0.1</customerIpAddress>', ''))).toEqual([
      'bookPayment.paymentData.customerIpAddress: Invalid input: expected string, received undefined',
    ]);
    expect(problems(bookPayment.replace(/<postalCode>41655<\/postalCode>/, ''))).toEqual([
      'bookPayment.customer.address.postalCode: Invalid input: expected string, received undefined',
    ]);
    expect(problems(bookPayment.replace('<metaData xmlns="">', '<signing xmlns=""><successUrl>x</successUrl><failUrl>y</failUrl></signing><metaData xmlns="">'))).toEqual(
      expect.arrayContaining([expect.stringContaining('out of order')]),
    );
    expect(problems(bookPayment.replace('<waitForFraudControl>', '<paymentPlan>36</paymentPlan><waitForFraudControl>'))).toEqual([
      'bookPayment.paymentData: Unrecognized key: "paymentPlan"',
    ]);
  });

  it("refuse after-shop specs Resurs would not take: no spec to finalize, VAT without lines, figures beyond its rounding margin", () => {
    const request = (name: string) => {
      const found = examples.find((example) => example.name === name);
      if (!found) throw new Error(`no example ${name}`);
      return text(found.fixture.request);
    };
    const problems = (xml: string) => readRequest('afterShopFlow', xml).problems;
    const byAmount = request('finalize-payment');
    expect(problems(byAmount.replace(/<partPaymentSpec>[\s\S]*<\/partPaymentSpec>/, ''))).toEqual([
      'finalizePayment.partPaymentSpec: Invalid input: expected object, received undefined',
    ]);
    expect(problems(byAmount.replace('<totalAmount>30.00</totalAmount>', '<totalAmount>30.00</totalAmount><totalVatAmount>6.00</totalVatAmount>'))).toEqual([
      'finalizePayment.partPaymentSpec.totalVatAmount: not allowed without specLines',
    ]);
    const byLines = request('finalize-payment-lines');
    // 0.05 off is within Resurs' margin; 0.06 is not.
    expect(problems(byLines.replace('<totalAmount>55.00</totalAmount>', '<totalAmount>55.05</totalAmount>'))).toEqual([]);
    expect(problems(byLines.replace('<totalAmount>55.00</totalAmount>', '<totalAmount>55.06</totalAmount>'))).toEqual([
      "finalizePayment.partPaymentSpec.totalAmount: not within 0.05 of the lines' totalAmount",
    ]);
    expect(problems(byLines.replace('<unitAmountWithoutVat>1.60</unitAmountWithoutVat>', '<unitAmountWithoutVat>1.70</unitAmountWithoutVat>'))).toEqual([
      'finalizePayment.partPaymentSpec.specLines.1.unitAmountWithoutVat: not within 0.05 of totalAmount / ((1 + vatPct / 100) × quantity)',
    ]);
    expect(problems(request('credit-payment').replace('<creditNoteId>', '<orderId>1</orderId><creditNoteId>'))).toEqual(['creditPayment: Unrecognized key: "orderId"']);
  });

  it('refuse an operation Resurs does not have, and elements in a namespace', () => {
    const envelope = (body: string) =>
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sim="http://ecommerce.resurs.com/v4/msg/simplifiedshopflow"><s:Body>${body}</s:Body></s:Envelope>`;
    expect(readRequest('shopFlow', envelope('<sim:getIndividualizedTerms><paymentMethodId>X</paymentMethodId></sim:getIndividualizedTerms>')).problems).toEqual([
      "getIndividualizedTerms: not an operation of Resurs' shopFlow",
    ]);
    expect(readRequest('shopFlow', envelope('<sim:getAnnuityFactors><sim:paymentMethodId>X</sim:paymentMethodId></sim:getAnnuityFactors>')).problems).toEqual([
      'paymentMethodId: qualified with "http://ecommerce.resurs.com/v4/msg/simplifiedshopflow"; Resurs\' elements are unqualified',
    ]);
  });
});

describe('reading XML', () => {
  it('keeps repeated elements as a list, reads nil as null and decodes text', () => {
    const root = parseXml(
      '<?xml version="1.0"?><a xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><!-- c --><b>1 &amp; 2</b><b><![CDATA[<x>]]></b><c xsi:nil="true"/><d/></a>',
    );
    expect(toValue(root)).toEqual({ b: ['1 & 2', '<x>'], c: null, d: '' });
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(() => parseXml('<!DOCTYPE a><a/>')).toThrow();
    expect(() => parseXml('<a>x & y</a>')).toThrow();
  });
});
