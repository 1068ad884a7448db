/**
 * GRENKE leasing (business): decided before signing, then the contract is signed with BankID
 * through the signing service (services/business-signing.ts) and handed to GRENKE, which contracts
 * it (ADR 29). GRENKE has no webhooks: the portal polls. Its states are read here and nowhere else.
 */
import type { LeasingState, LifecycleEvent } from '@portal/domain';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { DELIVERY_REFUSALS, deliveryProblems } from '../../providers/grenke/delivery-confirmation';
import type { GrenkeClient, GrenkeDeliveryConfirmation, GrenkeObject, GrenkeState } from '../../providers/grenke/types';
import { isFinal, isGrenkeState, isUncertain, leasingStateOf } from '../../providers/grenke/states';
import { finalAtGrenke } from '../../providers/grenke/refusals';
import { fail, ok } from '../../providers/types';
import { netPriceIn } from '../consumer';
import type { LenderFlow, Reading } from '../types';

/** The provider data flag set once the signed contract has reached GRENKE (business-signing.ts). */
export const CONTRACT_DELIVERED = 'contractDelivered';

/** Whether the signed contract has reached GRENKE, by the provider data the portal keeps. */
export const contractDelivered = (data: Record<string, unknown> | undefined): boolean => data?.[CONTRACT_DELIVERED] === true;

/** The products GRENKE finances: the merchant's items, at their price net of VAT. */
export function grenkeObjectsOf(application: Pick<ApplicationRecord, 'items' | 'countryCode'>): GrenkeObject[] {
  return application.items.map((item) => ({
    description: item.name,
    quantity: item.quantity,
    netPricePerObject: netPriceIn(application.countryCode, item.unitPrice),
    serialNumber: item.serialNumber,
  }));
}

/** A delivery confirmation as GRENKE's adapter takes it: the lease's objects, each unit's serial number by item. */
function confirmationOf(
  application: Pick<ApplicationRecord, 'items'>,
  input: { operationId: string; deliveredOn: string; serialNumbers: { sku: string; serialNumber: string }[] },
): GrenkeDeliveryConfirmation {
  return {
    operationId: input.operationId,
    deliveredOn: input.deliveredOn,
    objects: application.items.map((item) => ({ reference: item.sku, description: item.name, quantity: item.quantity })),
    serialNumbers: input.serialNumbers.map(({ sku, serialNumber }) => ({ reference: sku, serialNumber })),
  };
}

/** The lifecycle events a leasing state means (none while GRENKE is still working on it). */
export function eventsOfLeasingState(state: LeasingState): LifecycleEvent[] {
  switch (state) {
    case 'PENDING':
      return [];
    case 'MISSING_INFO':
      return ['decision.pending'];
    case 'APPROVED':
      return ['decision.approved'];
    case 'DECLINED':
      return ['decision.declined'];
    case 'CANCELLED':
      return ['decision.cancelled'];
    case 'CONTRACTED':
      return ['decision.granted'];
  }
}

/**
 * What a GRENKE state means now. Before the signed contract has reached GRENKE an approval waits
 * for the customer's signature (no polling); after it, the portal polls until GRENKE contracts
 * (or declines). A Cancelled request after the contract reached GRENKE may well be a running lease
 * (states.ts): the application stays signed, polling stops, and the data says the lender must
 * check with GRENKE.
 */
export function readingOfState(state: string, delivered = false): Reading {
  if (!isGrenkeState(state)) return { providerStatus: state, customerUrl: null, events: [], keepPolling: true };
  const leasing = leasingStateOf(state, delivered);
  const uncertain = isUncertain(state, delivered);
  return {
    providerStatus: state,
    customerUrl: null,
    events: eventsOfLeasingState(leasing),
    keepPolling: !isFinal(state) && (leasing !== 'APPROVED' || delivered),
    ...(uncertain ? { data: { cancelledAfterSignedContract: true } } : {}),
  };
}

/** The portal's leasing state of a GRENKE state word (`applicationResults[0].state`). */
export const leasingStateOfWord = (state: string | null, data?: Record<string, unknown>): LeasingState =>
  isGrenkeState(state) ? leasingStateOf(state, contractDelivered(data)) : 'PENDING';

export function grenkeFlow({ client }: { client: GrenkeClient }): LenderFlow {
  return {
    kind: 'GRENKE',

    async submit({ application, customer, form }) {
      const result = await client.createRequest(
        {
          country: application.countryCode,
          reference: application.reference,
          period: application.loanPeriod,
          currency: application.currency,
          lessee: {
            companyName: customer.companyName ?? '',
            organisationNumber: customer.organisationNumber ?? '',
            email: form.email,
            phone: form.phone,
            address: form.address,
            postalCode: form.postalCode,
            city: form.city,
          },
          objects: grenkeObjectsOf(application),
        },
        { applicationId: application.id },
      );
      if (!result.ok) return result;
      return ok({
        externalId: result.value.financingId,
        providerStatus: result.value.state,
        customerUrl: null,
        ...(result.value.requestNumber ? { data: { requestNumber: result.value.requestNumber } } : {}),
      });
    },

    readSubmission(answer) {
      return readingOfState(answer.providerStatus ?? 'None', contractDelivered(answer.data));
    },

    startSigning() {
      // Signed through the signing service, not on a GRENKE page: see services/business-signing.ts.
      return { kind: 'not-ready' };
    },

    async readStatus(application, provider) {
      const delivered = contractDelivered(provider.data);
      if (!provider.externalId) return ok(readingOfState(provider.providerStatus ?? 'None', delivered));
      const result = await client.getRequest(application.countryCode, provider.externalId, { applicationId: application.id });
      if (!result.ok) return result;
      const reading = readingOfState(result.value.state, delivered);
      return ok(result.value.requestNumber ? { ...reading, data: { ...reading.data, requestNumber: result.value.requestNumber } } : reading);
    },

    interpretCallback() {
      return null;
    },

    /**
     * GRENKE publishes no call that withdraws a request (ADR 29): only changing it (PATCH) and
     * cancelling its own e-signature. A request whose contract is never signed is never contracted,
     * so the portal withdraws by not handing the contract over; a lease GRENKE has contracted is
     * final and cannot be cancelled here.
     */
    async cancel(application, provider) {
      if (!provider.externalId) return ok(undefined);
      const result = await client.getRequest(application.countryCode, provider.externalId, { applicationId: application.id });
      if (!result.ok) return result;
      return result.value.state === 'Contracted' ? finalAtGrenke(result.value.state) : ok(undefined);
    },

    delivery: {
      async confirm(application, provider, input) {
        if (!provider.externalId) return fail({ kind: 'refused', status: 409, catalogue: 'PAYMENT_RESPONSE_MISSING' });
        const result = await client.confirmDelivery(application.countryCode, provider.externalId, confirmationOf(application, input), { applicationId: application.id });
        return result.ok ? ok(undefined) : result;
      },
      problems(application, input) {
        const found = deliveryProblems(confirmationOf(application, { operationId: '', ...input }));
        return [...new Set(found.map((problem) => (problem.code === DELIVERY_REFUSALS.dateInvalid ? ('deliveredOn' as const) : ('serialNumbers' as const))))];
      },
      async confirmed(application, provider) {
        if (!provider.externalId) return ok(false);
        const found = await client.findDeliveryConfirmation(application.countryCode, provider.externalId, { applicationId: application.id });
        return found.ok ? ok(found.value.delivery === 'confirmed') : found;
      },
    },
  };
}

export type { GrenkeState };
