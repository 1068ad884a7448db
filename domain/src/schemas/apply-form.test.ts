import { describe, expect, it } from 'vitest';
import { checkInput, fieldMessagesOf } from './zod';
import { applyFormSchema } from './apply-form';

const order = {
  subscriptionReference: 'SUB-1',
  displayedResidualValue: 1200,
  items: [{ productReference: 'P-1', sku: 'SKU-1', serialNumber: 'SN-1', displayedResidualValue: 1200 }],
};
const filled = {
  phone: '+47 91234567',
  email: 'kari@example.com',
  address: 'Storgata 1',
  postalCode: '0155',
  city: 'Oslo',
  personalInfoConsent: true,
  privacyConsent: true,
};

const messages = (input: unknown) => {
  const result = checkInput(applyFormSchema('NO', 'PRIVATE'), input);
  return result.success ? {} : Object.fromEntries(Object.entries(fieldMessagesOf(result.error)).map(([field, message]) => [field, message.key]));
};

describe('applyFormSchema: every problem in one round', () => {
  it('names the renewal consents together with the empty fields, one message each', () => {
    expect(messages({ orders: [order] })).toEqual({
      phone: 'validation.required',
      email: 'validation.required',
      address: 'validation.required',
      postalCode: 'validation.required',
      city: 'validation.required',
      personalInfoConsent: 'validation.required',
      privacyConsent: 'validation.required',
      fairownRenewalAssessmentConsent: 'validation.required',
      fairownRenewalConsent: 'validation.required',
    });
  });

  it('says an unticked renewal consent must be accepted, next to a wrong field', () => {
    expect(messages({ ...filled, email: 'not an address', orders: [order], fairownRenewalAssessmentConsent: true, fairownRenewalConsent: false })).toEqual({
      email: 'validation.wrongFormat',
      fairownRenewalConsent: 'validation.termsNotAccepted',
    });
  });

  it('keeps one message for a renewal consent that is not a boolean at all', () => {
    const result = messages({ ...filled, orders: [order], fairownRenewalAssessmentConsent: 'yes', fairownRenewalConsent: true });
    expect(Object.keys(result)).toEqual(['fairownRenewalAssessmentConsent']);
  });

  it('needs no renewal consent without an order, nor when the orders are not a list', () => {
    expect(messages(filled)).toEqual({});
    expect(Object.keys(messages({ ...filled, orders: 'all of them' }))).toEqual(['orders']);
  });
});
