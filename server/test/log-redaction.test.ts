/**
 * Logs never hold personal data, in any encoding, and never corrupt what they keep: the real log
 * lines of a full journey (a merchant creates an application, the customer logs in, applies
 * through the simulated Resurs over HTTP, signs, and polls; callers put a national ID, a phone
 * and an e-mail address in URLs and query strings, plain, percent-encoded and encoded twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MERCHANT_API, TEST_PEOPLE } from '@portal/domain';
import { call, type Customer, eventually, paymentStatus, press, startConsumer, throughKeyFacts } from './flow-helpers';
import { createTestApp, freePort, merchantAuth, type TestApp } from './helpers';

const KARI = TEST_PEOPLE.find((p) => p.nationalId === '18087248794');
if (!KARI) throw new Error('no Kari');

let t: TestApp & { url: string };
const lines: string[] = [];
let customer: Customer;

/** The log as a reader would decode it: JSON escapes and percent-encoding (twice) undone. */
function decoded(text: string): string {
  const unescaped = text.replace(/\\u([0-9a-f]{4})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const percent = (s: string) => s.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return percent(percent(unescaped)).replaceAll('+', ' ');
}

/** The digits of a number with anything a person or an encoder puts between them. */
const spaced = (digits: string) => new RegExp(digits.split('').join(String.raw`[\s.+-]*`));

beforeAll(async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await createTestApp('pglite', { PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'debug' }, undefined, { write: (line) => void lines.push(line) });
  await app.app.listen({ port, host: '127.0.0.1' });
  t = { ...app, url };

  // The journey, as the SPA and the shop make it.
  customer = await startConsumer(t, KARI.nationalId, 2, url);
  const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const pressed = await press(`${await throughKeyFacts(t, customer)}/approve`);
  await t.app.inject({ method: 'GET', url: (pressed.location ?? '').replace(url, ''), headers: { cookie: customer.cookie } });
  await eventually(async () => (await paymentStatus(t, customer)).paymentStatus !== 'TASK_REDIRECTION_REQUIRED' || null, 15_000).catch(() => null);
  await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth });

  // Personal data where callers put it: in paths and query strings, in every encoding.
  const email = encodeURIComponent(KARI.email);
  const phone = encodeURIComponent(KARI.phone);
  for (const path of [
    `${API.applications.url()}?nationalId=${KARI.nationalId}&email=${email}&phone=${phone}`,
    `/api/no-such-path/${KARI.nationalId}/${KARI.email}?tel=0047${KARI.phone.slice(4)}`,
    `${MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference })}?return=${encodeURIComponent(`https://shop.example.com/?m=${email}&p=${phone}`)}`,
    `${API.validate.url({ reference: customer.reference })}?pnr=${encodeURIComponent('180872-48794')}&email=${KARI.email.replace('@', '%2540')}`,
  ]) {
    await t.app.inject({ method: 'GET', url: path, headers: { cookie: customer.cookie, ...merchantAuth } });
  }
  await t.app.inject({ method: 'GET', url: `/api/no-such-path?note=${encodeURIComponent(`ring ${KARI.phone} or mail ${KARI.email}`)}` });
}, 120_000);

afterAll(() => t.close());

describe('log lines of a full journey', () => {
  it('are JSON, every one of them', () => {
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('hold no national ID, phone number or e-mail address, in any encoding', () => {
    const log = lines.join('');
    const readable = decoded(log);
    expect(readable).toContain('/api/no-such-path/');
    expect(readable).not.toMatch(spaced(KARI.nationalId));
    expect(readable.toLowerCase()).not.toContain(KARI.email.toLowerCase());
    expect(readable.toLowerCase()).not.toContain(KARI.email.split('@')[0] ?? '');
    expect(readable).not.toMatch(spaced(KARI.phone.replace(/\D/g, '').slice(2)));
  });

  it('keep references, order numbers, request ids, times and durations readable and intact', () => {
    const entries = lines.map((line) => JSON.parse(line) as { time?: unknown; reqId?: unknown; reference?: unknown; req?: { url?: string }; responseTime?: unknown; applicationId?: unknown; durationMs?: unknown });
    const log = lines.join('');
    expect(log).toContain(customer.reference);
    expect(log).toContain(customer.merchantPaymentReference);
    const urls = entries.flatMap((e) => (e.req?.url ? [e.req.url] : []));
    // Paths with a reference or an order number stay as they were sent.
    expect(urls).toContain(API.validate.url({ reference: customer.reference }));
    expect(urls).toContain(MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }));
    expect(urls.filter((u) => u.includes('?return='))[0]).toMatch(new RegExp(`^${MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference })}\\?return=https%3A%2F%2Fshop\\.example\\.com%2F%3Fm%3D\\[email\\]%26p%3D\\[phone\\]$`));
    expect(entries.every((e) => typeof e.time === 'number')).toBe(true);
    const ids = entries.flatMap((e) => (e.applicationId === undefined ? [] : [e.applicationId]));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(entries.some((e) => typeof e.durationMs === 'number')).toBe(true);
    expect(entries.some((e) => typeof e.responseTime === 'number')).toBe(true);
    expect(entries.filter((e) => e.reqId !== undefined).every((e) => typeof e.reqId === 'string' && /^req-[0-9a-z]+$/.test(e.reqId))).toBe(true);
    // The masks replace only personal data: no reference was masked anywhere.
    expect(entries.filter((e) => typeof e.reference === 'string').every((e) => !String(e.reference).includes('['))).toBe(true);
  });
});
