import { type ApplyForm, type CountryCode, type Language, netOfVat, vatPercentOf } from '@portal/domain';
import type { CustomerRecord } from '../db/repositories/customers';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { ProviderApplication } from '../db/repositories/provider-applications';
import { type CallContext, fail, type MoneyOperation, ok, type PaymentMoney, type ProviderResult } from '../providers/types';
import type { ClientFor } from './accounts';
import type { LenderMoney, MoneyMove } from './types';

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

/**
 * A consumer lender's money after the sale, through the client of the account the payment was
 * made with: `calls` names the lender's own operations for a capture, a refund, a cancel and a read.
 */
export function consumerMoney<Client>(
  clients: ClientFor<Client>,
  calls: {
    move(client: Client, kind: MoneyMove, paymentId: string, operation: MoneyOperation, context: CallContext): Promise<ProviderResult<PaymentMoney>>;
    read(client: Client, paymentId: string, context: CallContext): Promise<ProviderResult<PaymentMoney>>;
  },
): LenderMoney {
  /** The payment's client and id, or why there is none. */
  const payment = async (application: ApplicationRecord, provider: ProviderApplication): Promise<ProviderResult<{ client: Client; id: string }>> => {
    const client = await clients(application, provider.account);
    if (!client.ok) return client;
    return provider.externalId ? ok({ client: client.value, id: provider.externalId }) : fail({ kind: 'refused', status: 409, catalogue: 'PAYMENT_RESPONSE_MISSING' });
  };
  return {
    async move(application, provider, kind, operation) {
      const found = await payment(application, provider);
      return found.ok ? calls.move(found.value.client, kind, found.value.id, operation, { applicationId: application.id }) : found;
    },
    async read(application, provider) {
      const found = await payment(application, provider);
      return found.ok ? calls.read(found.value.client, found.value.id, { applicationId: application.id }) : found;
    },
  };
}
