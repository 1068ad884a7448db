/**
 * GRENKE leasing (business): decided before signing, then the contract is signed through the
 * signing service (lenders/grenke/signing.ts) and handed back to GRENKE, which contracts it.
 * GRENKE has no webhooks: the portal polls. Its states are read here and nowhere else.
 */
import type { LeasingState, LifecycleEvent } from '@portal/domain';
import type { GrenkeClient, GrenkeState } from '../../providers/grenke/types';
import { isFinal, isGrenkeState, leasingStateOf } from '../../providers/grenke/states';
import { ok } from '../../providers/types';
import { netPriceIn } from '../consumer';
import type { LenderFlow, Reading } from '../types';

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

export function readingOfState(state: string): Reading {
  if (!isGrenkeState(state)) return { providerStatus: state, customerUrl: null, events: [], keepPolling: true };
  const leasing = leasingStateOf(state);
  return {
    providerStatus: state,
    customerUrl: null,
    events: eventsOfLeasingState(leasing),
    // An approval waits for the signature, which the customer drives; final states never change.
    keepPolling: !isFinal(state) && leasing !== 'APPROVED',
  };
}

/** The portal's leasing state of a GRENKE state word (`applicationResults[0].state`). */
export const leasingStateOfWord = (state: string | null): LeasingState => (isGrenkeState(state) ? leasingStateOf(state) : 'PENDING');

export function grenkeFlow({ client }: { client: GrenkeClient }): LenderFlow {
  return {
    kind: 'GRENKE',

    async submit({ application, customer, form }) {
      const result = await client.createRequest(
        {
          externalReference: application.reference,
          amount: application.loanAmount,
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
            countryCode: application.countryCode,
          },
          objects: application.items.map((item) => ({
            name: item.name,
            quantity: item.quantity,
            netPricePerObject: netPriceIn(application.countryCode, item.unitPrice),
            serialNumber: item.serialNumber,
          })),
        },
        { applicationId: application.id },
      );
      if (!result.ok) return result;
      return ok({ externalId: result.value.financingId, providerStatus: result.value.state, customerUrl: null });
    },

    readSubmission(answer) {
      return readingOfState(answer.providerStatus ?? 'None');
    },

    startSigning() {
      // Signed through the signing service, not on a GRENKE page: see lenders/grenke/signing.ts.
      return { kind: 'not-ready' };
    },

    async readStatus(application, provider) {
      if (!provider.externalId) return ok(readingOfState(provider.providerStatus ?? 'None'));
      const result = await client.getRequest(provider.externalId, { applicationId: application.id });
      return result.ok ? ok(readingOfState(result.value.state)) : result;
    },

    interpretCallback() {
      return null;
    },

    async cancel(application, provider) {
      if (!provider.externalId) return ok(undefined);
      const result = await client.cancelRequest(provider.externalId, { applicationId: application.id });
      return result.ok ? ok(undefined) : result;
    },
  };
}

export type { GrenkeState };
