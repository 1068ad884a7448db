/**
 * Text no field may hold (U+0000, a lone UTF-16 surrogate) is a 400 REQUEST_ERROR naming the
 * field, wherever it comes: a path parameter, the query, a body, a header, a cookie. Never a 500,
 * and no answer ever carries a database, driver or stack detail.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildPrivateApplication, MERCHANT_API } from '@portal/domain';
import errorHandler from '../src/plugins/error-handler';
import { createTestApp, merchantAuth, nextReference, sessionCookie, type TestApp, XHR } from './helpers';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp('pglite');
  const created = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }) });
  const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference: created.json<{ reference: string }>().reference } });
  cookie = sessionCookie(login);
});
afterAll(() => t.close());

const INTERNALS = /invalid byte sequence|0x00|SQLSTATE|22021|pglite|postgres|node_modules|\.[jt]s:\d+|\bat [\w.]+ \(/i;

const expectRefused = (response: { statusCode: number; body: string }, field: string) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.body).not.toMatch(INTERNALS);
  expect(JSON.parse(response.body)).toEqual({
    status: 400,
    errorCode: 'REQUEST_ERROR',
    message: 'Something in the request was wrong. Check the details and try again.',
    fieldErrors: { [field]: 'Remove characters that cannot be used in text (such as control characters)' },
  });
};

describe('U+0000 and lone surrogates in every reference a caller can send', () => {
  // Each endpoint that takes a reference, an order number or another key to look something up by.
  const endpoints: [string, 'GET' | 'POST', (value: string) => string, string, boolean][] = [
    ['validate', 'GET', (v) => `/api/loan-application/validate/${v}`, 'reference', true],
    ['payment status', 'GET', (v) => `${API.paymentStatus.url()}?merchantId=demo&merchantPaymentReference=${v}`, 'merchantPaymentReference', true],
    ['payment status (merchant)', 'GET', (v) => `${API.paymentStatus.url()}?merchantId=${v}&merchantPaymentReference=x`, 'merchantId', true],
    ['BankID start', 'GET', (v) => `/api/loan-application/auth/bankid/no?reference=${v}`, 'reference', false],
    ['signed return', 'GET', (v) => `${API.signSuccess.url()}?ref=${v}`, 'ref', true],
    ['Resurs return', 'GET', (v) => `${API.resursV2Return.url({ result: 'success' })}?ref=${v}`, 'ref', true],
    ['signed document', 'GET', (v) => `${API.signedDocument.url()}?signingRef=${v}&packagingTaskId=x`, 'signingRef', true],
    ['merchant application', 'GET', (v) => `${MERCHANT_API.applications.url()}/${v}`, 'merchantPaymentReference', false],
    ['merchant cancel', 'POST', (v) => `${MERCHANT_API.applications.url()}/${v}/cancel`, 'merchantPaymentReference', false],
  ];

  it.each(endpoints)('%s: U+0000 in the reference (%%00) is a 400 for its field, with no internal detail', async (_name, method, url, field, session) => {
    const headers = { ...(session ? { cookie } : {}), ...(url('x').startsWith('/api/merchant') ? merchantAuth : {}) };
    expectRefused(await t.app.inject({ method, url: url('%00'), headers }), field);
    expectRefused(await t.app.inject({ method, url: url('ab%00cd'), headers }), field);
  });

  it('a lone surrogate in a JSON body is refused for its field, as U+0000 is', async () => {
    for (const value of ['\ud800', 'x\udfff', 'a\u0000']) {
      const response = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: { ...XHR, 'content-type': 'application/json' }, payload: JSON.stringify({ reference: value }) });
      expectRefused(response, 'reference');
      const merchant = await t.app.inject({
        method: 'POST',
        url: MERCHANT_API.applications.pattern,
        headers: { ...merchantAuth, 'content-type': 'application/json' },
        payload: JSON.stringify(buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference(), customer: { city: value } })),
      });
      expectRefused(merchant, 'customer.city');
    }
  });

  it('a path that is not valid UTF-8 (a lone surrogate percent-encoded) is a 400 in the catalogue’s shape', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/loan-application/validate/%ED%A0%80', headers: { cookie } }), 'url');
  });

  it('a header or a cookie with U+0000 is refused before anything is looked up', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: API.applications.url(), headers: { cookie, 'accept-language': 'nb\u0000' } }), 'headers');
    expectRefused(await t.app.inject({ method: 'GET', url: API.applications.url(), headers: { cookie: `${cookie}; other=%00` } }), 'cookie');
  });
});

describe('the error handler', () => {
  it('answers anything it does not know as UNKNOWN, without the error’s message, code or stack', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/boom', async () => {
      const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR', routine: 'report_invalid_encoding' });
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, errorCode: 'UNKNOWN', message: expect.any(String) });
    expect(response.body).not.toMatch(INTERNALS);
    await app.close();
  });
});
