/** Test data builders for the apply screens: a valid answer to start from, changed where a test cares. */
import type { ConsentView, LoanApplicationsResponse, LoanApplicationView, RenewalProductView } from '@portal/domain';

type Overrides = Partial<Omit<LoanApplicationView, 'customer' | 'loan'>> & {
  customer?: Partial<LoanApplicationView['customer']>;
  loan?: Partial<LoanApplicationView['loan']>;
};

export function buildApplication({ customer, loan, ...rest }: Overrides = {}): LoanApplicationView {
  return {
    reference: 'REF-123',
    merchantId: 'demo',
    merchantName: 'Demo shop',
    merchantPaymentReference: 'order-1',
    callbackUrl: 'http://localhost/demo-shop/return',
    status: 'CREATED',
    version: 2,
    isRenewal: false,
    items: [],
    loanProduct: { provider: 'RESURS' },
    creditAgency: 'Experian AS',
    ...rest,
    customer: {
      firstName: 'Kari',
      lastName: 'Nordmann',
      type: 'PRIVATE',
      countryCode: 'NO',
      companyName: null,
      externalId: null,
      phone: '+47 91234567',
      email: 'kari@example.com',
      address: 'Storgata 1',
      postalCode: '0155',
      city: 'Oslo',
      ...customer,
    },
    loan: {
      loanAmount: 15000,
      loanPeriod: 36,
      renewalPeriod: null,
      currency: 'NOK',
      cost: 2500,
      totalAmount: 17500,
      interestRate: 12.9,
      effectiveInterestRate: 14.12,
      totalMonthlyPayment: 486.11,
      secciLinks: [{ url: 'https://example.com/secci.pdf', label: 'SEF' }],
      generalTermsLinks: [{ url: 'https://example.com/terms.pdf', label: 'Vilkår' }],
      ...loan,
    },
  };
}

export const consent = (type: ConsentView['type'], text: string): ConsentView => ({ type, text, version: '2026-11-01', files: [] });

export const CONSENTS = {
  personalInfo: consent('PERSONAL_INFO_CONSENT', 'My details are correct.'),
  privacy: consent('PRIVACY_CONSENT', 'I have read the <a href="/privacy.pdf">privacy policy</a>.'),
  leasingTerms: consent('LEASING_TERMS_CONSENT', 'I may sign for the company.'),
  credit: consent('CREDIT_CONSENT', 'A credit check may be made.'),
  renewalAssessment: consent('FAIROWN_RENEWAL_ASSESSMENT_CONSENT', 'Assess my subscription.'),
  renewal: consent('FAIROWN_RENEWAL_CONSENT', 'I return the old product.'),
};

export const product = (reference: string, residualValue: number, productName = `Laptop ${reference}`): RenewalProductView => ({
  productReference: reference,
  productName,
  serialNumber: `SN-${reference}`,
  monthlyPayment: 449,
  residualValue,
  skuCode: `SKU-${reference}`,
  subscriptionReference: 'SUB-1',
});

/** Who the session identified: the customer, or a company's signatory. */
export const PERSON = { firstName: 'Kari', lastName: 'Nordmann' };

export function buildResponse(application: LoanApplicationView, products: RenewalProductView[] = [], person = PERSON): LoanApplicationsResponse {
  const consents = [CONSENTS.personalInfo, CONSENTS.privacy];
  if (application.customer.type === 'LEGAL') consents.push(CONSENTS.leasingTerms);
  // As the server lists it: Resurs version 1 asks for the credit check itself.
  if (application.customer.type === 'PRIVATE' && application.version === 1) consents.push(CONSENTS.credit);
  if (products.length > 0) consents.push(CONSENTS.renewalAssessment, CONSENTS.renewal);
  return { person, loanApplications: [application], consents, products, lenderAvailable: true };
}
