import { describe, expect, it } from 'vitest';
import { redactString, redactValue } from './redact';

describe('redaction', () => {
  it.each([
    ['Norwegian national ID', 'id 18087248794 here', 'id [id] here'],
    ['Swedish personnummer, 12 digits', 'pnr 198305147715', 'pnr [id]'],
    ['Swedish personnummer with a hyphen', 'pnr 830514-7715.', 'pnr [id].'],
    ['e-mail address', 'mail kari.nordmann@example.com now', 'mail [email] now'],
    ['Norwegian phone', 'call +47 912 34 567', 'call [phone]'],
    ['Swedish phone', 'call 070-123 45 67', 'call [phone]'],
  ])('masks a %s', (_name, input, output) => {
    expect(redactString(input)).toBe(output);
  });

  it('leaves references, amounts and status codes alone', () => {
    const text = 'reference Zq3xY_8fK2mPq9LwR7sT1A amount 15000 status 201 took 12.5 ms';
    expect(redactString(text)).toBe(text);
  });

  it('removes personal fields by name and masks the rest deeply', () => {
    expect(
      redactValue({ reference: 'abc', customer: { nationalId: '18087248794', email: 'a@b.no', note: 'ring 91234567' } }),
    ).toEqual({ reference: 'abc', customer: { nationalId: '[redacted]', email: '[redacted]', note: 'ring [phone]' } });
  });
});
