import { type ApplyForm, type CountryCode, type Language, netOfVat, vatPercentOf } from '@portal/domain';
import type { CustomerRecord } from '../db/repositories/customers';

/** The consumer as a credit provider gets them: the identified person, with the contact details of the form. */
export function consumerOf(customer: CustomerRecord, form: ApplyForm) {
  return {
    governmentId: customer.nationalId ?? '',
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    email: form.email,
    phone: form.phone,
    address: form.address,
    postalCode: form.postalCode,
    city: form.city,
  };
}

/**
 * A lender's page for the customer, asked to speak the portal's language. [?] Resurs documents
 * no language field for its signing and task pages; the portal names it in the page's address
 * (`lang`), as the simulators read it (see their READMEs). Without it the page speaks the
 * country's language.
 */
export function inLanguage(url: string, language: Language | undefined): string {
  if (!language) return url;
  const page = new URL(url);
  page.searchParams.set('lang', language);
  return page.toString();
}

/** Merchant prices include VAT (the country's, in percent); lenders that want the net price get it. */
export const netPriceIn = (country: CountryCode, gross: number): number => netOfVat(gross, vatPercentOf(country));
