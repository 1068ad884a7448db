import { describe, expect, it } from 'vitest';
import { redactString, redactValue } from './redact';

describe('redaction', () => {
  it.each([
    ['Norwegian national ID', 'id 18087248794 here', 'id [id] here'],
    ['Swedish personnummer, 12 digits', 'pnr 198305147715', 'pnr [id]'],
    ['Swedish personnummer with a hyphen', 'pnr 830514-7715.', 'pnr [id].'],
    ['e-mail address', 'mail kari.nordmann@example.com now', 'mail [email] now'],
    ['Norwegian phone', 'call +47 912 34 567', 'call [phone]'],
    ['Norwegian phone without prefix', 'call 91234567', 'call [phone]'],
    ['Swedish phone', 'call 070-123 45 67', 'call [phone]'],
    ['phone with 0047', 'tel 004791234567', 'tel [phone]'],
  ])('masks a %s', (_name, input, output) => {
    expect(redactString(input)).toBe(output);
  });

  it.each([
    ['a percent-encoded e-mail in a query', '/x?email=kari%40example.com&ref=abc', '/x?email=[email]&ref=abc'],
    ['a percent-encoded phone', '/x?phone=%2B47%2091234567', '/x?phone=[phone]'],
    ['a form-encoded phone', 'phone=%2B47+912+34+567&a=1', 'phone=[phone]&a=1'],
    ['a national ID in a query', 'GET /api/x?nationalId=18087248794&countryCode=NO', 'GET /api/x?nationalId=[id]&countryCode=NO'],
    ['a national ID after an encoded =', 'q=nationalId%3D18087248794', 'q=nationalId%3D[id]'],
    ['an e-mail encoded twice (a URL inside a URL)', 'return=https%3A%2F%2Fshop%2Fx%3Fm%3Dkari%2540example.com', 'return=https%3A%2F%2Fshop%2Fx%3Fm%3D[email]'],
    ['a JSON-escaped e-mail', '{\\"email\\":\\"kari\\u0040example.com\\"}', '{\\"email\\":\\"[email]\\"}'],
    ['an e-mail inside a URL', 'https://shop.example.com/return?to=kari@example.com', 'https://shop.example.com/return?to=[email]'],
  ])('masks %s', (_name, input, output) => {
    expect(redactString(input)).toBe(output);
  });

  it.each([
    ['a reference', 'reference Zq3xY_8fK2mPq9LwR7sT1A amount 15000 status 201 took 12.5 ms'],
    ['a reference with digit runs', 'ref Dr2XflU9-18087248794_EmsOr and Ab-91234567'],
    ['an order number', 'merchantPaymentReference order-10001 and order-91234567 and ORD-2026-11-25-0001'],
    ['a UUID', 'application 12345678-1234-4321-8765-123456789012 and 3f2a1b4c-0d9e-4f7a-8b6c-5d4e3f2a1b0c'],
    ['timestamps', 'at 2026-11-25T22:58:43.123Z and 2026-11-25 10:00:00 and 1795647558044 and 1795647558'],
    ['a duration and a size', 'took 23.4567 ms, 1024 bytes, retry in 15000 ms'],
    ['file paths in a stack', 'at pe.Oe (file:///work/node_modules/@electric-sql/pglite@0.3.14/dist/index.js:1:18272)'],
    ['a scoped package', 'node_modules/@fastify/session/lib/x.js:10:5'],
    ['an IP address and a port', '127.0.0.1:41234 and ::1'],
    ['a percent-encoded path without anything personal', '/loan-subscription/Zq3x%20Y?countryCode=NO&lang=nb%2DNO'],
  ])('leaves %s exactly as it was', (_name, text) => {
    expect(redactString(text)).toBe(text);
  });

  it('removes personal fields by name and masks the rest deeply', () => {
    expect(
      redactValue({ reference: 'abc', customer: { nationalId: '18087248794', email: 'a@b.no', note: 'ring 91234567' } }),
    ).toEqual({ reference: 'abc', customer: { nationalId: '[redacted]', email: '[redacted]', note: 'ring [phone]' } });
  });
});
