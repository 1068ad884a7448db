/** Test data builders: a valid request to start from, changed only where a test cares. */
import type { CreateApplicationRequestInput } from '../schemas/merchant';
import { customerOfCompany, customerOfPerson, TEST_COMPANIES, TEST_PEOPLE } from '../sandbox/test-people';

type Overrides = Partial<Omit<CreateApplicationRequestInput, 'customer' | 'loan'>> & {
  customer?: Partial<CreateApplicationRequestInput['customer']>;
  loan?: Partial<CreateApplicationRequestInput['loan']>;
};

export function buildPrivateApplication(
  nationalId = '18087248794',
  overrides: Overrides = {},
  origin = 'http://localhost:3000',
): CreateApplicationRequestInput {
  const person = TEST_PEOPLE.find((p) => p.nationalId === nationalId);
  if (!person) throw new Error(`no test person ${nationalId}`);
  const { customer, loan, ...rest } = overrides;
  return {
    merchantPaymentReference: `order-${Math.random().toString(36).slice(2, 10)}`,
    countryCode: person.country,
    customer: { ...customerOfPerson(person), ...customer } as CreateApplicationRequestInput['customer'],
    loan: { loanAmount: 15000, loanPeriod: 36, ...loan },
    version: 2,
    items: [{ sku: 'PHN-128', name: 'Phone 128 GB', quantity: 1, unitPrice: loan?.loanAmount ?? 15000 }],
    callbackUrl: `${origin}/demo-shop/return`,
    webhookUrl: `${origin}/demo-shop/webhook`,
    ...rest,
  };
}

export function buildBusinessApplication(
  organisationNumber = '892831270',
  overrides: Overrides = {},
  origin = 'http://localhost:3000',
): CreateApplicationRequestInput {
  const company = TEST_COMPANIES.find((c) => c.organisationNumber === organisationNumber);
  if (!company) throw new Error(`no test company ${organisationNumber}`);
  const { customer, loan, ...rest } = overrides;
  return {
    merchantPaymentReference: `order-${Math.random().toString(36).slice(2, 10)}`,
    countryCode: company.country,
    customer: { ...customerOfCompany(company), ...customer } as CreateApplicationRequestInput['customer'],
    loan: { loanAmount: 45000, loanPeriod: 36, ...loan },
    version: 2,
    items: [{ sku: 'OFF-KIT', name: 'Office kit', quantity: 1, unitPrice: loan?.loanAmount ?? 45000 }],
    callbackUrl: `${origin}/demo-shop/return`,
    webhookUrl: `${origin}/demo-shop/webhook`,
    ...rest,
  };
}

/** A filled-in apply form (all consents given) for a test person or company's contact details. */
export function buildApplyForm(
  contact: { email: string; phone: string; address: string; postalCode: string; city: string },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    phone: contact.phone,
    email: contact.email,
    address: contact.address,
    postalCode: contact.postalCode,
    city: contact.city,
    personalInfoConsent: true,
    privacyConsent: true,
    ...overrides,
  };
}
