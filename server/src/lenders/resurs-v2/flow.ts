/**
 * Resurs Merchant API 2.0 (consumer credit, version 2). The customer identifies and signs on
 * Resurs' own task page, so a decision that comes after the task is a signed one; Resurs' status
 * words are read here and nowhere else.
 */
import { API, CALLBACKS, type LifecycleEvent } from '@portal/domain';
import type { ApplicationRecord } from '../../db/repositories/applications';
import type { ProviderApplication } from '../../db/repositories/provider-applications';
import type { ResursV2Client, ResursV2Payment, ResursV2Status } from '../../providers/resurs-v2/types';
import type { ClientFor } from '../accounts';
import { ok } from '../../providers/types';
import type { LenderFlow, Reading } from '../types';
import { consumerMoney, consumerOf, inLanguage } from '../consumer';

const SETTLED: readonly ResursV2Status[] = ['ACCEPTED', 'REJECTED'];

/** The lifecycle event a payment's state means. */
export function eventOfPayment(payment: Pick<ResursV2Payment, 'status' | 'rejectedReason'>): LifecycleEvent {
  switch (payment.status) {
    case 'TASK_REDIRECTION_REQUIRED':
      return 'signing.started';
    // FROZEN is being retired by Resurs in favour of AUTHORIZED/REJECTED; until then it is a review.
    case 'INSPECTION':
    case 'SUPPLEMENTING_REQUIRED':
    case 'FROZEN':
      return 'decision.pending';
    case 'ACCEPTED':
      return 'decision.granted';
    case 'REJECTED':
      if (payment.rejectedReason === 'ABORTED_BY_CUSTOMER') return 'signing.aborted';
      if (payment.rejectedReason === 'TIMEOUT') return 'expired';
      // Withdrawn by us (the merchant cancelled, or the customer left an approval unsigned).
      if (payment.rejectedReason === 'CANCELED') return 'decision.cancelled';
      return 'decision.declined';
  }
}

const readingOf = (payment: Pick<ResursV2Payment, 'status' | 'rejectedReason' | 'customerUrl'>): Reading => ({
  providerStatus: payment.status,
  customerUrl: payment.customerUrl,
  data: { rejectedReason: payment.rejectedReason },
  events: [eventOfPayment(payment)],
  keepPolling: !SETTLED.includes(payment.status),
});

export function resursV2Flow({ clients, publicUrl }: { clients: ClientFor<ResursV2Client>; publicUrl: string }): LenderFlow {
  /** Resurs sends the customer back through the portal, which reads the payment before any page shows. */
  const returnUrl = (application: ApplicationRecord, result: 'success' | 'fail') =>
    `${publicUrl}${API.resursV2Return.url({ result })}?ref=${encodeURIComponent(application.reference)}`;

  return {
    kind: 'RESURS_V2',

    async submit({ application, customer, form, device, account }) {
      const client = await clients(application, account);
      if (!client.ok) return client;
      const result = await client.value.createPayment(
        {
          orderReference: application.reference,
          countryCode: application.countryCode,
          amount: application.loanAmount,
          period: application.loanPeriod,
          items: application.items.map((item) => ({
            reference: item.sku,
            description: item.name,
            quantity: item.quantity,
            unitAmountIncludingVat: item.unitPrice,
          })),
          customer: (({ phone, ...rest }) => ({ ...rest, mobilePhone: phone }))(consumerOf(customer, form)),
          successUrl: returnUrl(application, 'success'),
          failUrl: returnUrl(application, 'fail'),
          authorizationCallbackUrl: `${publicUrl}${CALLBACKS.resursV2Authorization.url()}`,
          accountKey: form.accountKey ?? null,
          customerIp: device.ip,
          ...(device.userAgent ? { userAgent: device.userAgent } : {}),
        },
        { applicationId: application.id },
      );
      if (!result.ok) return result;
      const payment = result.value;
      return ok({ externalId: payment.id, providerStatus: payment.status, customerUrl: payment.customerUrl, data: { rejectedReason: payment.rejectedReason } });
    },

    readSubmission(answer: ProviderApplication) {
      const rejectedReason = typeof answer.data.rejectedReason === 'string' ? answer.data.rejectedReason : null;
      return readingOf({ status: answer.providerStatus as ResursV2Status, rejectedReason, customerUrl: answer.customerUrl });
    },

    startSigning(_application, provider, language) {
      return provider.providerStatus === 'TASK_REDIRECTION_REQUIRED' && provider.customerUrl
        ? { kind: 'redirect', url: inLanguage(provider.customerUrl, language) }
        : { kind: 'not-ready' };
    },

    async readStatus(application, provider) {
      if (!provider.externalId) return ok({ providerStatus: provider.providerStatus ?? '', customerUrl: null, events: [], keepPolling: false });
      const client = await clients(application, provider.account);
      if (!client.ok) return client;
      const result = await client.value.getPayment(provider.externalId, { applicationId: application.id });
      return result.ok ? ok(readingOf(result.value)) : result;
    },

    interpretCallback(body) {
      if (typeof body !== 'object' || body === null) return null;
      const paymentId = (body as { paymentId?: unknown }).paymentId;
      return typeof paymentId === 'string' && paymentId !== '' ? { externalId: paymentId } : null;
    },

    async cancel(application, provider) {
      if (!provider.externalId) return ok(undefined);
      const client = await clients(application, provider.account);
      if (!client.ok) return client;
      return client.value.cancelPayment(provider.externalId, { applicationId: application.id });
    },

    money: consumerMoney(clients, {
      move: (client, kind, id, operation, context) =>
        kind === 'capture' ? client.capturePayment(id, operation, context) : kind === 'refund' ? client.refundPayment(id, operation, context) : client.cancelPayment(id, operation, context),
      read: async (client, id, context) => {
        const read = await client.getPaymentMoney(id, context);
        return read.ok ? ok(read.value.money) : read;
      },
    }),
  };
}
