import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME_MAX_LENGTH, type RenewalProductView } from '@portal/domain';
import { isSelected, shortProductName, toggleRenewalProduct, totalResidualValue } from './renewal';

const product = (reference: string, subscription: string, residualValue: number): RenewalProductView => ({
  productReference: reference,
  productName: `Product ${reference}`,
  serialNumber: `SN-${reference}`,
  monthlyPayment: 299,
  residualValue,
  skuCode: `SKU-${reference}`,
  subscriptionReference: subscription,
});

const a = product('A', 'SUB-1', 1200.1);
const b = product('B', 'SUB-1', 800.2);
const c = product('C', 'SUB-2', 500);

describe('renewal orders', () => {
  it('creates the subscription’s order when its first product is selected', () => {
    const orders = toggleRenewalProduct([], a);
    expect(orders).toEqual([
      { subscriptionReference: 'SUB-1', displayedResidualValue: 1200.1, items: [{ productReference: 'A', sku: 'SKU-A', serialNumber: 'SN-A', displayedResidualValue: 1200.1 }] },
    ]);
    expect(isSelected(orders, a)).toBe(true);
    expect(isSelected(orders, b)).toBe(false);
  });

  it('adds a second product of the same subscription to the same order, summing exactly', () => {
    const orders = toggleRenewalProduct(toggleRenewalProduct([], a), b);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.items.map((i) => i.productReference)).toEqual(['A', 'B']);
    expect(orders[0]?.displayedResidualValue).toBe(2000.3);
  });

  it('keeps products of different subscriptions in separate orders', () => {
    const orders = toggleRenewalProduct(toggleRenewalProduct([], a), c);
    expect(orders.map((o) => o.subscriptionReference)).toEqual(['SUB-1', 'SUB-2']);
    expect(totalResidualValue(orders)).toBe(1700.1);
  });

  it('subtracts a deselected product and drops the order when none remain', () => {
    let orders = toggleRenewalProduct(toggleRenewalProduct(toggleRenewalProduct([], a), b), c);
    orders = toggleRenewalProduct(orders, a);
    expect(orders[0]?.displayedResidualValue).toBe(800.2);
    expect(totalResidualValue(orders)).toBe(1300.2);
    orders = toggleRenewalProduct(orders, b);
    expect(orders.map((o) => o.subscriptionReference)).toEqual(['SUB-2']);
    orders = toggleRenewalProduct(orders, c);
    expect(orders).toEqual([]);
    expect(totalResidualValue(orders)).toBe(0);
  });

  it('cuts product names at 100 characters with an ellipsis', () => {
    expect(shortProductName('x'.repeat(100), PRODUCT_NAME_MAX_LENGTH)).toBe('x'.repeat(100));
    expect(shortProductName('x'.repeat(101), PRODUCT_NAME_MAX_LENGTH)).toBe(`${'x'.repeat(100)}…`);
  });
});
