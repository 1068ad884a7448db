import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../countries';
import type { CustomerType } from '../outcomes';
import { applyFormSchema } from './apply-form';
import { checkApplyForm } from './apply-form-check';
import { checkInput, fieldMessagesOf } from './zod';

// The browser checks the apply form with checkApplyForm, the server with the zod schema: for
// every input both must answer the same messages (with their values) and the same cleaned form.
const zodAnswer = (country: CountryCode, type: CustomerType, creditConsent: boolean, input: unknown) => {
  const result = checkInput(applyFormSchema(country, type, { creditConsent }), input);
  return result.success ? { success: true, data: result.data } : { success: false, errors: fieldMessagesOf(result.error) };
};

const item = { productReference: 'P-1', sku: 'SKU-1', serialNumber: 'SN-1', displayedResidualValue: 1200 };
const order = { subscriptionReference: 'SUB-1', displayedResidualValue: 1200, items: [item] };
const filled = {
  phone: '+47 91234567',
  email: 'kari@example.com',
  address: 'Storgata 1',
  postalCode: '0155',
  city: 'Oslo',
  personalInfoConsent: true,
  privacyConsent: true,
};

/** Values each field is tried with: good, missing, empty, blank, too long, wrong type, wrong format. */
const TEXT_VALUES = [undefined, null, '', '   ', 12, true, ' x ', 'x'.repeat(31), 'x'.repeat(101), 'x'.repeat(201), 'x'.repeat(255), 'not-an-email', '+46 701234567', '+47 91234567', ' 0155 ', '123 45', '0155', 'kari@example.com', '  kari@example.com  '];
const BOOLEAN_VALUES = [undefined, null, true, false, 'yes', 1];
const ORDERS_VALUES: unknown[] = [
  undefined,
  null,
  [],
  'x',
  [order],
  [order, { ...order, subscriptionReference: 'SUB-2' }],
  Array.from({ length: 21 }, () => order),
  [{ ...order, items: [] }],
  [{ ...order, items: Array.from({ length: 51 }, () => item) }],
  [{ ...order, extra: 1 }],
  [{ ...order, displayedResidualValue: -1 }],
  [{ ...order, displayedResidualValue: Number.NaN }],
  [{ ...order, displayedResidualValue: Number.POSITIVE_INFINITY }],
  [{ ...order, displayedResidualValue: '12' }],
  [{ ...order, subscriptionReference: '  ' }],
  [{ ...order, items: [{ ...item, sku: '' }, { ...item, serialNumber: null }, { ...item, displayedResidualValue: -5 }, { ...item, other: true }, 'x'] }],
  [null],
  [{ ...order, items: 'x' }],
  [{ items: [item] }],
];

const variants: [CountryCode, CustomerType, boolean][] = [
  ['NO', 'PRIVATE', false],
  ['SE', 'PRIVATE', false],
  ['NO', 'PRIVATE', true],
  ['SE', 'LEGAL', false],
  ['NO', 'LEGAL', false],
];

function inputs(): unknown[] {
  const out: unknown[] = [undefined, null, 'form', [], {}, filled, { ...filled, unknown: 1 }, { ...filled, orders: [order] }];
  for (const field of ['phone', 'email', 'address', 'postalCode', 'city']) {
    for (const value of TEXT_VALUES) out.push({ ...filled, [field]: value });
  }
  for (const field of ['personalInfoConsent', 'privacyConsent', 'leasingTermsConsent', 'creditConsent', 'fairownRenewalAssessmentConsent', 'fairownRenewalConsent']) {
    for (const value of BOOLEAN_VALUES) {
      out.push({ ...filled, [field]: value });
      out.push({ ...filled, orders: [order], [field]: value });
    }
  }
  for (const value of [undefined, null, 'student', 'other', 1]) out.push({ ...filled, accountKey: value });
  for (const value of ORDERS_VALUES) {
    out.push({ ...filled, orders: value });
    out.push({ ...filled, orders: value, fairownRenewalAssessmentConsent: true, fairownRenewalConsent: true });
    out.push({ phone: 'x', orders: value, fairownRenewalConsent: 'no' });
  }
  return out;
}

describe('checkApplyForm answers as the shared zod schema does', () => {
  for (const [country, type, creditConsent] of variants) {
    it(`for ${country} ${type}${creditConsent ? ' with the credit-check consent' : ''}`, () => {
      const differences = inputs()
        .map((input) => ({ input, light: checkApplyForm(country, type, { creditConsent }, input), zod: zodAnswer(country, type, creditConsent, input) }))
        .filter(({ light, zod }) => !isDeepStrictEqual(light, zod));
      expect(differences).toEqual([]);
    });
  }

  it('imports no zod, so the browser does not download it', () => {
    const source = readFileSync(new URL('./apply-form-check.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import (?!type ).* from '(.+)';$/gm)].map((m) => m[1]);
    expect(imports).not.toContain('./zod');
    expect(imports).not.toContain('zod/mini');
    expect(imports).not.toContain('./apply-form');
  });
});
