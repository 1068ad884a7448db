/**
 * Whether a customer can apply to an application's lender now (ADR 17): not while the lender's
 * circuit is open, nor when the lender just failed to price this very application, nor when the
 * lender is no longer configured here. The apply
 * screen then shows WEB_SERVICE_DOWN in place of a form that could not be sent, and asks again
 * when the customer retries.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { ProviderKind } from '../db/repositories/provider-applications';
import type { GuardedProvider } from '../providers/health';
import type { Priced } from './pricing';

const PROVIDER_OF: Readonly<Record<ProviderKind, GuardedProvider>> = {
  RESURS_V1: 'resurs-v1',
  RESURS_V2: 'resurs-v2',
  GRENKE: 'grenke',
};

export function lenderAvailable(app: FastifyInstance, application: Pick<ApplicationRecord, 'provider' | 'version' | 'countryCode'>, priced: Priced): boolean {
  return !priced.unanswered && app.lenders.offered(application) && app.providerHealth.isAvailable(PROVIDER_OF[app.lenders.kindFor(application)]);
}
