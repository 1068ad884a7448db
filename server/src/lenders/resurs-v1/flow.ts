/**
 * Resurs version 1 (Simplified Shop Flow, SOAP): booked first (the credit check), then signed on
 * Resurs' signing page, then booked as signed, which gives the decision. A SIGNING booking is not
 * yet a decision: the lender decides after the signature (it may freeze the payment for review).
 */
import { API, type LifecycleEvent, pagePath, PAGES, vatPercentOf } from '@portal/domain';
import type { ApplicationRecord } from '../../db/repositories/applications';
import type { ProviderApplication } from '../../db/repositories/provider-applications';
import type { ResursV1Booking, ResursV1Client, ResursV1Status } from '../../providers/resurs-v1/types';
import type { ClientFor } from '../accounts';
import { ok, type ProviderResult } from '../../providers/types';
import { consumerMoney, consumerOf, inLanguage, netPriceIn } from '../consumer';
import type { LenderFlow, Reading } from '../types';

/** What a booking's status means before the customer has signed. */
function eventOfBooking(status: ResursV1Status): LifecycleEvent {
  switch (status) {
    case 'SIGNING':
      return 'signing.started';
    case 'FROZEN':
      return 'decision.pending';
    case 'DENIED':
      return 'decision.declined';
    case 'BOOKED':
    case 'FINALIZED':
      return 'decision.granted';
  }
}

/** What it means once the customer has signed (bookSignedPayment, or a later status read). */
function eventOfSignedBooking(status: ResursV1Status): LifecycleEvent {
  // Still SIGNING after the signing page: the signature did not go through.
  return status === 'SIGNING' ? 'signing.declined' : eventOfBooking(status);
}

const readingOf = (booking: Pick<ResursV1Booking, 'status' | 'signingUrl'>, signed: boolean): Reading => ({
  providerStatus: booking.status,
  customerUrl: booking.signingUrl,
  data: signed ? { signed: true } : {},
  events: [signed ? eventOfSignedBooking(booking.status) : eventOfBooking(booking.status)],
  keepPolling: signed && booking.status === 'FROZEN',
});

export interface ResursV1Flow extends LenderFlow {
  /** The customer is back from Resurs' signing page: book the signed payment and read the decision. */
  completeSigning(application: ApplicationRecord, provider: ProviderApplication): Promise<ProviderResult<Reading>>;
}

export function resursV1Flow({ clients, publicUrl }: { clients: ClientFor<ResursV1Client>; publicUrl: string }): ResursV1Flow {
  const signSuccessUrl = (application: ApplicationRecord) => `${publicUrl}${API.signSuccess.url()}?ref=${encodeURIComponent(application.reference)}`;

  return {
    kind: 'RESURS_V1',

    async submit({ application, customer, form, device, account }) {
      const client = await clients(application, account);
      if (!client.ok) return client;
      const result = await client.value.bookPayment(
        {
          preferredId: application.reference,
          countryCode: application.countryCode,
          amount: application.loanAmount,
          period: application.loanPeriod,
          items: application.items.map((item) => ({
            artNo: item.sku,
            description: item.name,
            quantity: item.quantity,
            unitAmountWithoutVat: netPriceIn(application.countryCode, item.unitPrice),
            vatPct: vatPercentOf(application.countryCode),
          })),
          customer: consumerOf(customer, form),
          accountKey: form.accountKey ?? null,
          signing: { successUrl: signSuccessUrl(application), failUrl: `${publicUrl}${pagePath(PAGES.formSignFail.url())}` },
          customerIpAddress: device.ip,
        },
        { applicationId: application.id },
      );
      if (!result.ok) return result;
      return ok({ externalId: result.value.paymentId, providerStatus: result.value.status, customerUrl: result.value.signingUrl });
    },

    readSubmission(answer) {
      return readingOf({ status: answer.providerStatus as ResursV1Status, signingUrl: answer.customerUrl }, answer.data.signed === true);
    },

    startSigning(_application, provider, language) {
      return provider.providerStatus === 'SIGNING' && provider.customerUrl && provider.data.signed !== true
        ? { kind: 'redirect', url: inLanguage(provider.customerUrl, language) }
        : { kind: 'not-ready' };
    },

    async completeSigning(application, provider) {
      if (!provider.externalId) return ok({ providerStatus: provider.providerStatus ?? '', customerUrl: null, events: [], keepPolling: false });
      const client = await clients(application, provider.account);
      if (!client.ok) return client;
      const result = await client.value.bookSignedPayment(provider.externalId, { applicationId: application.id });
      if (!result.ok) {
        // Resurs refuses to book an unsigned payment: the customer cancelled or the signature failed.
        if (result.failure.kind === 'refused' && result.failure.code === 'SIGNING_REQUIRED') {
          return ok({ providerStatus: 'SIGNING', customerUrl: provider.customerUrl, events: ['signing.declined'], keepPolling: false });
        }
        return result;
      }
      return ok(readingOf(result.value, true));
    },

    async readStatus(application, provider) {
      // Before signing the customer drives the flow; only a signed payment is followed.
      if (!provider.externalId || provider.data.signed !== true) {
        return ok({ providerStatus: provider.providerStatus ?? '', customerUrl: provider.customerUrl, events: [], keepPolling: false });
      }
      const client = await clients(application, provider.account);
      if (!client.ok) return client;
      const result = await client.value.getPayment(provider.externalId, { applicationId: application.id });
      return result.ok ? ok(readingOf(result.value, true)) : result;
    },

    interpretCallback() {
      // Version 1's legacy callbacks are not used: the portal follows frozen payments by polling.
      return null;
    },

    async cancel(application, provider) {
      if (!provider.externalId) return ok(undefined);
      const client = await clients(application, provider.account);
      if (!client.ok) return client;
      return client.value.annulPayment(provider.externalId, { applicationId: application.id });
    },

    // AfterShopFlow: finalize is the capture, credit the refund, annul the cancel.
    money: consumerMoney(clients, {
      move: (client, kind, id, operation, context) =>
        kind === 'capture' ? client.finalizePayment(id, operation, context) : kind === 'refund' ? client.creditPayment(id, operation, context) : client.annulPayment(id, operation, context),
      read: async (client, id, context) => {
        const read = await client.getPaymentMoney(id, context);
        return read.ok ? ok(read.value.money) : read;
      },
    }),
  };
}
