/** How an application looks in the back office's lists and detail: national IDs masked. */
import { type ApplicationSummary, maskNationalId, merchantStatusOf } from '@portal/domain';
import type { ApplicationRecord } from '../../db/repositories/applications';
import type { CustomerRecord } from '../../db/repositories/customers';

export function summaryOf(application: ApplicationRecord, customer: CustomerRecord | null, merchantName: string): ApplicationSummary {
  const names = [customer?.firstName, customer?.lastName].filter((part): part is string => Boolean(part));
  return {
    reference: application.reference,
    merchantId: application.merchantId,
    merchantName,
    merchantPaymentReference: application.merchantPaymentReference,
    status: application.status,
    merchantStatus: merchantStatusOf(application.status),
    outcome: application.outcome,
    countryCode: application.countryCode,
    customerType: application.customerType,
    provider: application.provider,
    version: application.version,
    loanAmount: application.loanAmount,
    currency: application.currency,
    customerName: names.length > 0 ? names.join(' ') : null,
    companyName: customer?.companyName ?? null,
    nationalIdMasked: maskNationalId(customer?.nationalId ?? null),
    createdAt: application.createdAt.toISOString(),
    updatedAt: application.updatedAt.toISOString(),
  };
}
