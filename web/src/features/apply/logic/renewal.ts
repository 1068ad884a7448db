/**
 * Renewal orders (spec sections 3, 4): selecting a product adds it to its subscription's order,
 * creating the order; deselecting removes it, subtracting its residual value and dropping the
 * order when no items remain. Amounts are kept in øre/öre so sums never drift.
 */
import type { RenewalOrder, RenewalProductView } from '@portal/domain';

const toMinor = (amount: number): number => Math.round(amount * 100);
const fromMinor = (minor: number): number => minor / 100;

export function isSelected(orders: readonly RenewalOrder[], product: RenewalProductView): boolean {
  return orders.some((order) => order.items.some((item) => item.productReference === product.productReference));
}

export function toggleRenewalProduct(orders: readonly RenewalOrder[], product: RenewalProductView): RenewalOrder[] {
  const item = {
    productReference: product.productReference,
    sku: product.skuCode,
    serialNumber: product.serialNumber,
    displayedResidualValue: product.residualValue,
  };
  const existing = orders.find((order) => order.subscriptionReference === product.subscriptionReference);

  if (isSelected(orders, product)) {
    return orders.flatMap((order) => {
      if (order.subscriptionReference !== product.subscriptionReference) return [order];
      const items = order.items.filter((i) => i.productReference !== product.productReference);
      if (items.length === 0) return [];
      return [{ ...order, items, displayedResidualValue: fromMinor(toMinor(order.displayedResidualValue) - toMinor(product.residualValue)) }];
    });
  }
  if (!existing) {
    return [...orders, { subscriptionReference: product.subscriptionReference, displayedResidualValue: product.residualValue, items: [item] }];
  }
  return orders.map((order) =>
    order === existing
      ? { ...order, items: [...order.items, item], displayedResidualValue: fromMinor(toMinor(order.displayedResidualValue) + toMinor(product.residualValue)) }
      : order,
  );
}

/** The total residual value shown: the sum of the selected items. */
export function totalResidualValue(orders: readonly RenewalOrder[]): number {
  return fromMinor(orders.reduce((sum, order) => sum + order.items.reduce((s, item) => s + toMinor(item.displayedResidualValue), 0), 0));
}

/** Product names are cut at 100 characters, with an ellipsis (spec section 9). */
export function shortProductName(name: string, max: number): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
