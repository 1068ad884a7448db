import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildPrivateApplication, MERCHANT_API } from '@portal/domain';
import { createTestApp, merchantAuth, nextReference, sessionCookie, type TestApp, XHR } from '../../test/helpers';
import { SESSION_COOKIE } from '../plugins/sessions';
import { loggerOnUse } from '../lib/logger-on-use';

// What the waiting screen's poll answers, whether its session and status come from memory (a
// repeated poll) or from the database (the first one): the same status codes, bodies and headers.
describe('GET payment/status', () => {
  let t: TestApp;
  let merchantPaymentReference: string;
  let cookie: string;
  let otherCookie: string;

  const customer = async (nationalId: string) => {
    const reference = nextReference();
    const created = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication(nationalId, { merchantPaymentReference: reference }) });
    const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference: created.json<{ reference: string }>().reference } });
    const session = sessionCookie(login);
    await t.app.inject({ method: 'GET', url: API.validate.url({ reference: created.json<{ reference: string }>().reference }), headers: { cookie: session } });
    return { merchantPaymentReference: reference, cookie: session };
  };
  const poll = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `${API.paymentStatus.pattern}?${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ({ merchantPaymentReference, cookie } = await customer('18087248794'));
    ({ cookie: otherCookie } = await customer('27028809552'));
  });
  afterAll(() => t.close());

  it('answers the status as JSON, the same from the database and from memory', async () => {
    const query = `merchantId=demo&merchantPaymentReference=${merchantPaymentReference}`;
    const answers = [await poll(query, { cookie }), await poll(query, { cookie }), await poll(query, { cookie })];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.json()).toEqual({ paymentStatus: 'TASK_REDIRECTION_REQUIRED', redirectUrl: expect.stringContaining(merchantPaymentReference) });
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('reads values with spaces around them as the values, first time and after', async () => {
    for (let i = 0; i < 2; i += 1) {
      const answer = await poll(`merchantId=%20demo&merchantPaymentReference=${merchantPaymentReference}%20`, { cookie });
      expect(answer.statusCode).toBe(200);
    }
  });

  it.each([
    ['no merchant', `merchantPaymentReference=x`, 'merchantId'],
    ['a blank reference', `merchantId=demo&merchantPaymentReference=%20`, 'merchantPaymentReference'],
    ['a reference too long', `merchantId=demo&merchantPaymentReference=${'x'.repeat(101)}`, 'merchantPaymentReference'],
    ['a repeated reference', `merchantId=demo&merchantPaymentReference=a&merchantPaymentReference=b`, 'merchantPaymentReference'],
  ])('refuses %s with 400 and a message for the field, before the session is looked at', async (_name, query, field) => {
    for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
      const answer = await poll(query, headers);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(field);
    }
  });

  it('answers 401 without a session, also once the status is in memory', async () => {
    const query = `merchantId=demo&merchantPaymentReference=${merchantPaymentReference}`;
    await poll(query, { cookie });
    for (const headers of [{}, { cookie: `${SESSION_COOKIE}=${encodeURIComponent('s:forged.signature')}` }] as Record<string, string>[]) {
      expect((await poll(query, headers)).statusCode).toBe(401);
    }
  });

  it('answers another customer as it answers an unknown application: 404, the same body, from memory or not', async () => {
    const query = `merchantId=demo&merchantPaymentReference=${merchantPaymentReference}`;
    const unknown = await poll(`merchantId=demo&merchantPaymentReference=unknown-${merchantPaymentReference}`, { cookie: otherCookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: 'APPLICATION_NOT_FOUND' });
    await poll(query, { cookie });
    for (let i = 0; i < 2; i += 1) {
      const refused = await poll(query, { cookie: otherCookie });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toBe(unknown.body);
    }
  });
});

describe('the poll’s request logger', () => {
  it('logs with the request’s bindings once used, at the level of its parent', () => {
    const lines: string[] = [];
    const parent = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const log = loggerOnUse(parent, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    log.debug('not at this level');
    log.info({ status: 401 }, 'request refused');
    log.child({ step: 'read' }).warn('slow');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ reqId: 'req-7', status: 401, msg: 'request refused' }),
      expect.objectContaining({ reqId: 'req-7', step: 'read', msg: 'slow' }),
    ]);
  });
});
