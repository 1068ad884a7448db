/**
 * For the host's tests only: the simulators' records, so that a test can make time pass for a
 * simulated lender (move a booking back), or look at what a party was sent. Never imported by
 * running code.
 */
import { grenkeStores } from './grenke/requests';
import { type SandboxRecords, type SandboxStorage, type SandboxStore, sandboxRecords } from './records';
import { signingStores } from './signing/orders';

export { type SandboxRecords, type SandboxStore, sandboxRecords } from './records';
export { PAYMENTS_NAMESPACE as RESURS_V1_PAYMENTS, type SandboxPayment as ResursV1Payment } from './resurs-v1/payments';
export { PAYMENTS_NAMESPACE as RESURS_V2_PAYMENTS, TOKENS_NAMESPACE as RESURS_V2_TOKENS, type StoredPayment as ResursV2Payment } from './resurs-v2/model';
export { SIGNING_NAMESPACES } from './signing/orders';
export type { FaultMode } from './faults';

/** The records of a storage, usable at once (each call waits for the sandbox's tables and key). */
function recordsOf(storage: SandboxStorage): SandboxRecords {
  const records = sandboxRecords(storage);
  return {
    store<T>(namespace: string): SandboxStore<T> {
      const store = records.then((r) => r.store<T>(namespace));
      return {
        get: async (id) => (await store).get(id),
        put: async (id, data, ttlSeconds) => (await store).put(id, data, ttlSeconds),
        update: async (id, change) => (await store).update(id, change),
        remove: async (id) => (await store).remove(id),
        findBy: async (field, value) => (await store).findBy(field, value),
      };
    },
    secret: async (name) => (await records).secret(name),
    deleteExpired: async () => (await records).deleteExpired(),
  };
}

export const sandboxStore = <T>(storage: SandboxStorage, namespace: string): SandboxStore<T> => recordsOf(storage).store<T>(namespace);
export const grenkeStoresOf = (storage: SandboxStorage) => grenkeStores(recordsOf(storage));
export const signingStoresOf = (storage: SandboxStorage) => signingStores(recordsOf(storage));

// The simulated lender's own prices and arithmetic, for the test that holds the portal's to them.
export { planFigures, PAYMENT_METHODS as RESURS_V1_PAYMENT_METHODS } from './resurs-v1/catalogue';
export { effectiveYearlyRate } from './lib/credit';
