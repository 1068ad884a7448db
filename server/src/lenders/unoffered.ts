/**
 * The flow of a lender this portal has no account with: its products are not offered
 * (config.offers), so only an application made before the lender was removed from the
 * configuration reaches it. Every call fails as not configured, which the catalogue shows as the
 * lender being unavailable; nothing is guessed.
 */
import type { ProviderKind } from '../db/repositories/provider-applications';
import { fail } from '../providers/types';
import type { LenderFlow } from './types';

export function unofferedFlow(kind: ProviderKind): LenderFlow {
  const notConfigured = () => Promise.resolve(fail({ kind: 'unavailable', reason: 'not-configured' }));
  return {
    kind,
    submit: notConfigured,
    readSubmission: (answer) => ({ providerStatus: answer.providerStatus ?? 'UNKNOWN', customerUrl: null, events: [], keepPolling: false }),
    startSigning: () => ({ kind: 'not-ready' }),
    readStatus: notConfigured,
    interpretCallback: () => null,
    cancel: notConfigured,
  };
}
