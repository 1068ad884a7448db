import { parse } from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import { unsafeQueryPath } from './input-guard';

const check = (raw: string) => unsafeQueryPath(raw, parse(raw) as Record<string, unknown>);

describe("the input guard's check of a raw query", () => {
  it('finds U+0000 written as a percent escape, in a value (by name) or a name', () => {
    expect(check('merchantId=demo&merchantPaymentReference=a%00b')).toBe('merchantPaymentReference');
    expect(check('merchantId=de%00mo&merchantPaymentReference=ab')).toBe('merchantId');
    expect(check('a%00=1')).not.toBeNull();
  });

  it('passes what decodes to ordinary text, with or without escapes', () => {
    expect(check('merchantId=demo&merchantPaymentReference=order-1234_5.6~7')).toBeNull();
    expect(check('merchantId=demo&merchantPaymentReference=bl%C3%A5b%C3%A6r+syltet%C3%B8y')).toBeNull();
    expect(check('')).toBeNull();
  });
});
