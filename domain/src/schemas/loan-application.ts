/**
 * What the client API answers (spec section 3). The web app reads these shapes; the server
 * builds them from its records.
 */
import type { CountryCode, Currency } from '../countries';
import type { ApplicationStatus } from '../lifecycle';
import type {
  ApplicationVersion,
  ConsentType,
  CustomerType,
  Provider,
} from '../outcomes';

export interface Features {
  showDummyLogin: boolean;
  resursMerchantApiEnabled: boolean;
}

/** A BankID identification started by the SPA (POST): where to send the browser, at the broker. */
export interface IdentificationStart {
  authorizationUrl: string;
}

export interface CustomerView {
  firstName: string | null;
  lastName: string | null;
  type: CustomerType;
  countryCode: CountryCode;
  companyName: string | null;
  /** The company's organisation number (business only). */
  externalId: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}

export interface DocumentLink {
  url: string;
  label: string;
}

export interface LoanView {
  loanAmount: number;
  loanPeriod: number;
  /**
   * The month of the term from which this subscription's products may be renewed
   * (`renewalPeriodMonths` in renewal.ts); null for a product that cannot be renewed.
   */
  renewalPeriod: number | null;
  currency: Currency;
  /** Total cost of credit, from the provider's pricing; null until priced. */
  cost: number | null;
  /** What the customer pays in all over the term (the amount plus the cost); null until priced. */
  totalAmount: number | null;
  /** Nominal yearly interest rate in percent. */
  interestRate: number | null;
  /** Effective yearly interest rate (APR) in percent, as the SECCI states it; null until priced. */
  effectiveInterestRate: number | null;
  totalMonthlyPayment: number | null;
  secciLinks: DocumentLink[];
  generalTermsLinks: DocumentLink[];
}

export interface LoanApplicationView {
  reference: string;
  merchantId: string;
  merchantName: string;
  merchantPaymentReference: string;
  callbackUrl: string;
  status: ApplicationStatus;
  version: ApplicationVersion;
  isRenewal: boolean;
  customer: CustomerView;
  loan: LoanView;
  loanProduct: { provider: Provider };
  items: { sku: string; name: string; quantity: number; unitPrice: number; serialNumber: string | null }[];
}

export interface ConsentFile {
  link: string;
  label: string;
}

export interface ConsentView {
  type: ConsentType;
  /** Sanitised HTML text in the application's language. */
  text: string;
  version: string;
  files: ConsentFile[];
}

/**
 * A product of the customer's own subscriptions up for renewal: a person's consumer
 * subscriptions on their private application, a company's leases on the company's.
 */
export interface RenewalProductView {
  productReference: string;
  productName: string;
  serialNumber: string;
  monthlyPayment: number;
  /** The server's figure: a renewal order must show this amount (to the øre/öre) to be accepted. */
  residualValue: number;
  skuCode: string;
  subscriptionReference: string;
}

/** The person the session identified (BankID, or the sandbox's test login). */
export interface IdentifiedPerson {
  firstName: string;
  lastName: string;
}

export interface LoanApplicationsResponse {
  /** Who is applying: on a company's application, the signatory the screen greets. */
  person: IdentifiedPerson;
  loanApplications: LoanApplicationView[];
  consents: ConsentView[];
  products: RenewalProductView[];
  /**
   * Whether the active application's lender answers now: false while its circuit is open, or
   * when pricing the application just failed because the lender could not be reached. The apply
   * screen then shows WEB_SERVICE_DOWN instead of a form that could not be sent.
   */
  lenderAvailable: boolean;
}
