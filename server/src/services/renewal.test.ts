import { describe, expect, it } from 'vitest';
import type { RenewalOrder, RenewalProductView } from '@portal/domain';
import { checkRenewalOrders, offersRenewal, subscriptionOwnerOf } from './renewal';

const product = (reference: string, subscriptionReference: string, residualValue: number): RenewalProductView => ({
  productReference: reference,
  productName: `Product ${reference}`,
  serialNumber: `SN-${reference}`,
  monthlyPayment: 100,
  residualValue,
  skuCode: `SKU-${reference}`,
  subscriptionReference,
});
const OFFERED = [product('A', 'SUB-1', 1200.1), product('B', 'SUB-1', 800.2), product('C', 'SUB-2', 500)];
const item = (p: RenewalProductView, displayedResidualValue = p.residualValue) => ({
  productReference: p.productReference,
  sku: p.skuCode,
  serialNumber: p.serialNumber,
  displayedResidualValue,
});
const [A, B, C] = OFFERED as [RenewalProductView, RenewalProductView, RenewalProductView];

describe('renewal orders', () => {
  it('accepts the products offered with their figures, and answers the server’s figures', () => {
    const orders: RenewalOrder[] = [
      { subscriptionReference: 'SUB-1', displayedResidualValue: 1200.1 + 800.2, items: [item(A), item(B, 800.2000001)] },
      { subscriptionReference: 'SUB-2', displayedResidualValue: 500, items: [item(C)] },
    ];
    expect(checkRenewalOrders(orders, OFFERED)).toEqual({
      ok: true,
      orders: [
        { subscriptionReference: 'SUB-1', displayedResidualValue: 2000.3, items: [item(A), item(B)] },
        { subscriptionReference: 'SUB-2', displayedResidualValue: 500, items: [item(C)] },
      ],
    });
  });

  it('names each wrong field', () => {
    const result = checkRenewalOrders(
      [
        { subscriptionReference: 'SUB-1', displayedResidualValue: 1200.1, items: [{ ...item(A), sku: 'OTHER', serialNumber: 'OTHER' }] },
        // C is not of SUB-1; A a second time; an order of SUB-1 a second time.
        { subscriptionReference: 'SUB-1', displayedResidualValue: 0, items: [item(C), item(A)] },
        { subscriptionReference: 'SUB-2', displayedResidualValue: 499.99, items: [item(C, 499.99)] },
        { subscriptionReference: 'SUB-X', displayedResidualValue: 1, items: [{ ...item(A), productReference: 'someone-elses' }] },
      ],
      OFFERED,
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? null : Object.fromEntries(Object.entries(result.fieldErrors).map(([field, { key }]) => [field, key]))).toEqual({
      'orders.0.items.0.sku': 'validation.invalidOption',
      'orders.0.items.0.serialNumber': 'validation.invalidOption',
      'orders.1.subscriptionReference': 'validation.invalidOption',
      'orders.1.items.0.productReference': 'validation.invalidOption',
      'orders.1.items.1.productReference': 'validation.invalidOption',
      'orders.2.items.0.displayedResidualValue': 'validation.residualValueChanged',
      'orders.2.displayedResidualValue': 'validation.residualValueChanged',
      'orders.3.items.0.productReference': 'validation.invalidOption',
    });
  });

  it('refuses every order when nothing is offered', () => {
    expect(checkRenewalOrders([{ subscriptionReference: 'SUB-1', displayedResidualValue: 1200.1, items: [item(A)] }], []).ok).toBe(false);
  });
});

describe('whose subscription', () => {
  const kari = { nationalId: '18087248794', organisationNumber: null };
  const forNordlys = { nationalId: '18087248794', organisationNumber: '892831270' };

  it('is the person’s for a private application and the company’s for a business one, never its signatory’s', () => {
    expect(subscriptionOwnerOf({ customerType: 'PRIVATE', countryCode: 'NO' }, kari)).toEqual({ customerType: 'PRIVATE', countryCode: 'NO', nationalId: '18087248794' });
    expect(subscriptionOwnerOf({ customerType: 'LEGAL', countryCode: 'NO' }, forNordlys)).toEqual({ customerType: 'LEGAL', countryCode: 'NO', organisationNumber: '892831270' });
    expect(subscriptionOwnerOf({ customerType: 'LEGAL', countryCode: 'NO' }, kari)).toBeNull();
    expect(subscriptionOwnerOf({ customerType: 'PRIVATE', countryCode: 'NO' }, { nationalId: null, organisationNumber: null })).toBeNull();
  });

  it('is offered for renewal on the consumer version 2 and business screens, not on version 1', () => {
    expect(offersRenewal({ customerType: 'PRIVATE', version: 2 })).toBe(true);
    expect(offersRenewal({ customerType: 'PRIVATE', version: 1 })).toBe(false);
    expect(offersRenewal({ customerType: 'LEGAL', version: 2 })).toBe(true);
  });
});
