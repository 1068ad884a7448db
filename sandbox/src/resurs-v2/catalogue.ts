/**
 * What the simulated Resurs Bank sells: one store per country, each with a part-payment method
 * (the one the portal uses) and an invoice method (so that adapters must choose), their limits,
 * prices and legal documents. Fixed data: identical on every instance and after every restart.
 */
import { COUNTRIES, type CountryCode, type Currency, type Language } from '@portal/domain';
import { type CostEntry, costList, type PartPaymentTerms } from './pricing';

export interface SimulatedStore {
  id: string;
  nationalStoreId: number;
  countryCode: CountryCode;
  name: string;
}

export type PaymentMethodType = 'RESURS_PART_PAYMENT' | 'RESURS_INVOICE';

export interface SimulatedPaymentMethod {
  id: string;
  storeId: string;
  name: string;
  type: PaymentMethodType;
  minPurchaseLimit: number;
  maxPurchaseLimit: number;
  minApplicationLimit: number;
  maxApplicationLimit: number;
  enabledForLegalCustomer: boolean;
  enabledForNaturalCustomer: boolean;
  /** Instalment terms; null for methods without a cost list (invoice). */
  terms: PartPaymentTerms | null;
}

export const STORES: readonly SimulatedStore[] = [
  { id: '4c1f7a2e-9b3d-4e65-8a10-2f6b8d3c5e71', nationalStoreId: 1012, countryCode: 'NO', name: 'Sandkassebutikken Norge' },
  { id: '9e2b5d84-1c7a-4f39-b6e2-7d0a3f8c4b16', nationalStoreId: 2034, countryCode: 'SE', name: 'Sandlådebutiken Sverige' },
];

const PERIODS = [12, 24, 36, 48, 60] as const;

/** Nominal rates and fees in the range Nordic part-payment credit is sold at. */
const TERMS: Readonly<Record<CountryCode, PartPaymentTerms>> = {
  NO: { nominalRate: 19.95, setupFee: 495, administrationFee: 45, periods: PERIODS },
  SE: { nominalRate: 14.95, setupFee: 395, administrationFee: 29, periods: PERIODS },
};

export const PAYMENT_METHODS: readonly SimulatedPaymentMethod[] = [
  {
    id: 'b3a1c6e2-5d74-4f0e-9c28-6a1e4b7d2f90',
    storeId: '4c1f7a2e-9b3d-4e65-8a10-2f6b8d3c5e71',
    name: 'Delbetaling',
    type: 'RESURS_PART_PAYMENT',
    minPurchaseLimit: 1000,
    maxPurchaseLimit: 100_000,
    minApplicationLimit: 1000,
    maxApplicationLimit: 100_000,
    enabledForLegalCustomer: false,
    enabledForNaturalCustomer: true,
    terms: TERMS.NO,
  },
  {
    id: 'e7d2f4a9-0b61-4c3e-a5f8-3d9c1b6e8a24',
    storeId: '4c1f7a2e-9b3d-4e65-8a10-2f6b8d3c5e71',
    name: 'Faktura',
    type: 'RESURS_INVOICE',
    minPurchaseLimit: 1,
    maxPurchaseLimit: 30_000,
    minApplicationLimit: 1,
    maxApplicationLimit: 30_000,
    enabledForLegalCustomer: true,
    enabledForNaturalCustomer: true,
    terms: null,
  },
  {
    id: '5f8e1a3c-7d26-4b90-8e4a-1c5b9d2f6e38',
    storeId: '9e2b5d84-1c7a-4f39-b6e2-7d0a3f8c4b16',
    name: 'Delbetalning',
    type: 'RESURS_PART_PAYMENT',
    minPurchaseLimit: 1000,
    maxPurchaseLimit: 150_000,
    minApplicationLimit: 1000,
    maxApplicationLimit: 150_000,
    enabledForLegalCustomer: false,
    enabledForNaturalCustomer: true,
    terms: TERMS.SE,
  },
  {
    id: '2a6c9e1f-4b83-4d57-b1e0-8f3a7c5d9b62',
    storeId: '9e2b5d84-1c7a-4f39-b6e2-7d0a3f8c4b16',
    name: 'Faktura',
    type: 'RESURS_INVOICE',
    minPurchaseLimit: 1,
    maxPurchaseLimit: 30_000,
    minApplicationLimit: 1,
    maxApplicationLimit: 30_000,
    enabledForLegalCustomer: true,
    enabledForNaturalCustomer: true,
    terms: null,
  },
];

export const findStore = (id: string): SimulatedStore | undefined => STORES.find((store) => store.id === id);

export const findPaymentMethod = (id: string): SimulatedPaymentMethod | undefined =>
  PAYMENT_METHODS.find((method) => method.id === id);

export const methodsOfStore = (storeId: string): SimulatedPaymentMethod[] =>
  PAYMENT_METHODS.filter((method) => method.storeId === storeId);

export function countryOfMethod(method: SimulatedPaymentMethod): CountryCode {
  return findStore(method.storeId)?.countryCode ?? 'SE';
}

export const currencyOf = (country: CountryCode): Currency => COUNTRIES[country].currency;

/** Documents and texts of a store are in its country's language. */
export const languageOf = (country: CountryCode): Language => COUNTRIES[country].language;

/** price_signage names the language of each document link in English words. */
const LINK_LANGUAGE: Readonly<Record<CountryCode, string>> = { NO: 'Norwegian', SE: 'Swedish' };

const COST_LABEL: Readonly<Record<CountryCode, (months: number) => string>> = {
  NO: (months) => `Delbetaling ${months} måneder`,
  SE: (months) => `Delbetalning ${months} månader`,
};

export const DOCUMENT_KINDS = ['secci', 'general-terms'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Where the simulator serves a method's documents; the SECCI needs the price appended. */
export function documentUrl(base: string, kind: DocumentKind, method: SimulatedPaymentMethod): string {
  return kind === 'secci' ? `${base}/documents/secci/${method.id}?amount=` : `${base}/documents/general-terms/${method.id}`;
}

export function costsFor(method: SimulatedPaymentMethod, amount: number): CostEntry[] {
  if (!method.terms) return [];
  return costList(amount, method.terms, COST_LABEL[countryOfMethod(method)]);
}

/**
 * GET /v2/stores/{storeId}/payment_methods: one entry, in the shape of Resurs' shipped library
 * (contracts/src/resurs-v2: `PaymentMethod`, legal links `{ url, type: GENERAL_TERMS | SECCI |
 * PRICE_INFO, appendAmount }`).
 */
export function paymentMethodJson(method: SimulatedPaymentMethod, base: string) {
  const generalTerms = { url: documentUrl(base, 'general-terms', method), type: 'GENERAL_TERMS', appendAmount: false };
  const legalLinks = method.terms ? [{ url: documentUrl(base, 'secci', method), type: 'SECCI', appendAmount: true }, generalTerms] : [generalTerms];
  return {
    id: method.id,
    name: method.name,
    type: method.type,
    minPurchaseLimit: method.minPurchaseLimit,
    maxPurchaseLimit: method.maxPurchaseLimit,
    minApplicationLimit: method.minApplicationLimit,
    maxApplicationLimit: method.maxApplicationLimit,
    legalLinks,
    enabledForLegalCustomer: method.enabledForLegalCustomer,
    enabledForNaturalCustomer: method.enabledForNaturalCustomer,
    // Only a method with instalments has a price to sign.
    priceSignagePossible: method.terms !== null,
  };
}

/** GET …/payment_methods/{id}/price_signage?amount=: the published `Cost` fields only (the set-up fee stays in the total). */
export function priceSignageJson(method: SimulatedPaymentMethod, amount: number, base: string) {
  const language = LINK_LANGUAGE[countryOfMethod(method)];
  return {
    secciLinks: method.terms ? [{ uri: `${documentUrl(base, 'secci', method)}${amount}`, language }] : [],
    generalTermsLinks: [{ uri: documentUrl(base, 'general-terms', method), language }],
    costList: costsFor(method, amount).map(({ interest, durationMonths, totalCost, monthlyCost, administrationFee, effectiveInterest }) => ({
      interest,
      durationMonths,
      totalCost,
      monthlyCost,
      administrationFee,
      effectiveInterest,
    })),
  };
}
