/**
 * The customer is back from Resurs' signing page (version 1): the signed payment is booked,
 * which gives the decision, and the customer goes on to wait for it — or, when the signature
 * did not go through, to the signing failure page, which offers to try again.
 */
import type { FastifyInstance } from 'fastify';
import { isFinalStatus, pagePath, PAGES } from '@portal/domain';
import type { SessionIdentity } from '../types';
import { authorisedApplication } from './applications';
import { signingCodeFor } from './provider-errors';
import { applyReading, schedulePoll } from './refresh-status';


export async function signedReturn(app: FastifyInstance, identity: SessionIdentity, reference: string): Promise<string> {
  const { app: application } = await authorisedApplication(app.db, identity, reference, { registry: app.providers.registry, log: app.log });
  const publicPage = (relative: string) => `${app.config.publicUrl}${pagePath(relative)}`;
  const waiting = publicPage(PAGES.paymentLoadingFor.url({ merchantId: application.merchantId, merchantPaymentReference: application.merchantPaymentReference }));
  const failed = (code?: number) => `${pagePath(PAGES.formSignFail.url())}${code ? `?code=${code}` : ''}`;

  const provider = await app.repos.providerApplications.find(application.id);
  if (!provider?.externalId || provider.provider !== 'RESURS_V1') return failed(signingCodeFor({ kind: 'not-approved' }));
  if (provider.data.signed === true || isFinalStatus(application.status)) return waiting;

  const result = await app.lenders.RESURS_V1.completeSigning(application, provider);
  if (!result.ok) return failed(signingCodeFor(result.failure));
  const reading = result.value;
  await app.db.transaction(async (tx) => {
    await applyReading(app, application.id, reading, tx);
    if (reading.keepPolling) await schedulePoll(app, application.id, 0, tx);
  });
  // Not signed after all: an outcome the failure page explains, with a way to try again.
  return reading.events.includes('signing.declined') ? failed() : waiting;
}
