import {
  type CountryCode,
  customerOfCompany,
  customerOfPerson,
  type CreateApplicationRequestInput,
  type CustomerType,
  TEST_COMPANIES,
  TEST_PEOPLE,
} from '@portal/domain';

export interface Scenario {
  id: 'consumer-no-v1' | 'consumer-no-v2' | 'consumer-se-v1' | 'consumer-se-v2' | 'business-no' | 'business-se';
  country: CountryCode;
  customerType: CustomerType;
  version: 1 | 2;
}

export const SCENARIOS: readonly Scenario[] = [
  { id: 'consumer-no-v1', country: 'NO', customerType: 'PRIVATE', version: 1 },
  { id: 'consumer-no-v2', country: 'NO', customerType: 'PRIVATE', version: 2 },
  { id: 'consumer-se-v1', country: 'SE', customerType: 'PRIVATE', version: 1 },
  { id: 'consumer-se-v2', country: 'SE', customerType: 'PRIVATE', version: 2 },
  { id: 'business-no', country: 'NO', customerType: 'LEGAL', version: 2 },
  { id: 'business-se', country: 'SE', customerType: 'LEGAL', version: 2 },
];

export interface Product {
  sku: string;
  name: string;
  price: number;
  forBusiness: boolean;
}

/** Prices in the shop's currency (NOK or SEK); the same figures in both. */
export const PRODUCTS: readonly Product[] = [
  { sku: 'PHN-128', name: 'Phone 128 GB', price: 8990, forBusiness: false },
  { sku: 'LAP-14', name: 'Laptop 14"', price: 15000, forBusiness: false },
  { sku: 'CAM-PRO', name: 'Mirrorless camera kit', price: 24990, forBusiness: false },
  { sku: 'EBK-500', name: 'Electric bike', price: 35000, forBusiness: false },
  { sku: 'LAP-16-PRO', name: 'Laptop 16" Pro', price: 42000, forBusiness: false },
  { sku: 'OFF-KIT', name: 'Office kit: laptop, screen and dock', price: 45000, forBusiness: true },
  { sku: 'POS-SET', name: 'Point-of-sale terminal set', price: 28000, forBusiness: true },
];

export const PERIODS = [12, 24, 36, 48, 60] as const;

/** How many of the product an order may have: more than one makes a partial delivery of it possible. */
export const QUANTITIES = [1, 2, 3] as const;

/**
 * What may be added to an order as a line of its own, so that one line can ship (or come back)
 * without the other. Prices in the shop's currency, as the products'.
 */
export const ADD_ONS: readonly Product[] = [
  { sku: 'PHN-CASE', name: 'Phone case', price: 290, forBusiness: false },
  { sku: 'LAP-SLEEVE', name: 'Laptop sleeve', price: 490, forBusiness: false },
  { sku: 'BIKE-LOCK', name: 'Bike lock', price: 890, forBusiness: false },
  { sku: 'OFF-SCREEN', name: 'Extra screen', price: 3500, forBusiness: true },
  { sku: 'POS-PRINTER', name: 'Receipt printer', price: 2500, forBusiness: true },
];

/** An order's line as the shop sold it: what it may later ship, take back or confirm delivered. */
export interface OrderLine {
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
}

export function peopleFor(scenario: Scenario) {
  return scenario.customerType === 'PRIVATE'
    ? TEST_PEOPLE.filter((p) => p.country === scenario.country).map((p) => ({
        id: p.nationalId,
        label: `${p.firstName} ${p.lastName} (${p.nationalId}): ${p.description}`,
      }))
    : TEST_COMPANIES.filter((c) => c.country === scenario.country).map((c) => ({
        id: c.organisationNumber,
        label: `${c.companyName} (${c.organisationNumber}): ${c.description}`,
      }));
}

export function productsFor(scenario: Scenario): readonly Product[] {
  return PRODUCTS.filter((p) => p.forBusiness === (scenario.customerType === 'LEGAL'));
}

export function addOnsFor(scenario: Scenario): readonly Product[] {
  return ADD_ONS.filter((p) => p.forBusiness === (scenario.customerType === 'LEGAL'));
}

/** What the customer chose at the checkout: a product, how many, and an add-on or none. */
export interface Basket {
  sku: string;
  quantity: number;
  addOn?: string | undefined;
}

/** The order's lines for a basket, or null when the choice is not one the scenario offers. */
export function orderLines(scenario: Scenario, basket: Basket): OrderLine[] | null {
  const product = productsFor(scenario).find((p) => p.sku === basket.sku);
  if (!product || !(QUANTITIES as readonly number[]).includes(basket.quantity)) return null;
  const lines: OrderLine[] = [{ sku: product.sku, name: product.name, quantity: basket.quantity, unitPrice: product.price }];
  if (basket.addOn) {
    const addOn = addOnsFor(scenario).find((p) => p.sku === basket.addOn);
    if (!addOn) return null;
    lines.push({ sku: addOn.sku, name: addOn.name, quantity: 1, unitPrice: addOn.price });
  }
  return lines;
}

/** The merchant API request the shop sends for a checkout, or null when the choice is not valid. */
export function checkoutRequest(
  scenario: Scenario,
  personId: string,
  basket: Basket,
  period: number,
  merchantPaymentReference: string,
  shopUrl: string,
): CreateApplicationRequestInput | null {
  const items = orderLines(scenario, basket);
  if (!items || !(PERIODS as readonly number[]).includes(period)) return null;
  const loanAmount = items.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const common = {
    merchantPaymentReference,
    countryCode: scenario.country,
    loan: { loanAmount, loanPeriod: period },
    version: scenario.version,
    items,
    callbackUrl: `${shopUrl}/demo-shop/return`,
    webhookUrl: `${shopUrl}/demo-shop/webhook`,
  };

  if (scenario.customerType === 'PRIVATE') {
    const person = TEST_PEOPLE.find((p) => p.country === scenario.country && p.nationalId === personId);
    if (!person) return null;
    return { ...common, customer: customerOfPerson(person) };
  }
  const company = TEST_COMPANIES.find((c) => c.country === scenario.country && c.organisationNumber === personId);
  if (!company) return null;
  return { ...common, customer: customerOfCompany(company) };
}
