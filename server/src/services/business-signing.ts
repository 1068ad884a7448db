/**
 * Signing of business leasing contracts (spec sections 3, 4, 7): once GRENKE approves, the
 * contract is fetched and a signing order is created with the signing service, one task per
 * signatory. The sign page lists the sessions and refreshes them; when every signature is in,
 * the signed contract goes back to GRENKE, which contracts the lease. A signer who declines or
 * whose session expires may try again: the next request for the sessions makes a new order.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type ApplicationStatus, COUNTRIES, isFinalStatus, type Language, pagePath, PAGES, type SigningSessionStatus } from '@portal/domain';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { StoredOrder } from '../db/repositories/signing-orders';
import { repositories } from '../db/repositories';
import { CONTRACT_DELIVERY_QUEUE } from './queues';
import { ApiError } from '../lib/errors';
import { CONTRACT_DELIVERED, contractDelivered } from '../lenders/grenke/flow';
import { isGrenkeState } from '../providers/grenke/states';
import type { GrenkeClient, GrenkeRequest } from '../providers/grenke/types';
import { configured } from '../providers/index';
import type { SigningClient, SigningOrder } from '../providers/signing/types';
import type { SessionIdentity } from '../types';
import { applyEvent, applyEvents } from './apply-event';
import { recordSignature, type SignatureEvidence } from './evidence';
import { apiErrorFor } from './provider-errors';
import { schedulePoll } from './refresh-status';

type SignedDocument = NonNullable<SignatureEvidence['signedDocument']>;

const UNSIGNABLE: readonly SigningSessionStatus[] = ['REJECTED', 'EXPIRED', 'DELETED'];
/** Statuses in which GRENKE is still deciding: the page waits, nothing to sign yet. */
const DECIDING: readonly ApplicationStatus[] = ['SUBMITTED', 'PENDING'];

export interface SessionsView {
  applicationStatus: ApplicationStatus;
  orderId: string | null;
  packagingTaskId: string | null;
  packagingStatus: string | null;
  sessions: { taskId: string; name: string; status: SigningSessionStatus; signingUrl: string }[];
  signedDocumentAvailable: boolean;
}

export function sessionsView(status: ApplicationStatus, order: StoredOrder | null): SessionsView {
  return {
    applicationStatus: status,
    orderId: order?.orderId ?? null,
    packagingTaskId: order?.packagingTaskId ?? null,
    packagingStatus: order?.packagingStatus ?? null,
    sessions: (order?.tasks ?? []).map((task) => ({ taskId: task.id, name: task.name, status: task.status, signingUrl: task.signingUrl })),
    signedDocumentAvailable: order?.packagingStatus === 'COMPLETED',
  };
}

const canBeSigned = (order: StoredOrder) => !order.tasks.some((task) => UNSIGNABLE.includes(task.status));

export function businessSigning(app: FastifyInstance) {
  /** GRENKE and the signing service; business leasing is offered only where both are configured (config.offers). */
  function business(): { grenke: GrenkeClient; signing: SigningClient } {
    const grenke = configured(app.providers.grenke);
    if (!grenke.ok) throw apiErrorFor(grenke.failure);
    const signing = configured(app.providers.signing);
    if (!signing.ok) throw apiErrorFor(signing.failure);
    return { grenke: grenke.value, signing: signing.value };
  }

  const leaseMs = app.config.providerTimeoutMs * 3 + 2000;

  /**
   * `language`: the portal's UI language, which the signing page is to speak (the service's
   * `tasks[].language`); else the country's.
   */
  async function createOrder(application: ApplicationRecord, identity: SessionIdentity, again: boolean, language: Language | undefined): Promise<StoredOrder> {
    const provider = await app.repos.providerApplications.find(application.id);
    if (!provider?.externalId) throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
    const context = { applicationId: application.id };
    const contract = await business().grenke.getContractDocument(application.countryCode, provider.externalId, context);
    if (!contract.ok) throw apiErrorFor(contract.failure);
    const signPage = `${app.config.publicUrl}${pagePath(PAGES.formSign.url())}`;
    const name = `${identity.firstName} ${identity.lastName}`;
    const created = await business().signing.createOrder(
      {
        // A new attempt is a new order: the signing service answers the same order for the same reference.
        clientReference: again ? `${application.reference}-${Date.now().toString(36)}` : application.reference,
        documentTitle: `Leasing ${application.merchantPaymentReference}`,
        document: contract.value,
        signers: [{ ref: 'signatory-1', nationalId: identity.nationalId, name, language: language ?? COUNTRIES[application.countryCode].language, country: application.countryCode }],
        // Declining is an outcome the sign failure page explains, not an error code.
        redirects: { complete: signPage, reject: `${app.config.publicUrl}${pagePath(PAGES.formSignFail.url())}`, postpone: signPage },
      },
      context,
    );
    if (!created.ok) throw apiErrorFor(created.failure);
    return save(application, created.value, name);
  }

  /**
   * The order to sign: the stored one, or a new one the first time (after approval) and after a
   * declined or expired one. The first caller claims the right to create it; others wait for the
   * order it stores (woken by the change feed), and a claim left by a caller that died expires.
   */
  async function orderToSign(application: ApplicationRecord, identity: SessionIdentity, language: Language | undefined): Promise<StoredOrder> {
    for (;;) {
      const existing = await app.repos.signingOrders.find(application.id);
      if (existing && canBeSigned(existing)) return existing;
      const current = (await app.repos.applications.findById(application.id)) ?? application;
      if (current.status !== 'APPROVED' && current.status !== 'SIGNING') throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
      if (existing) await app.repos.signingOrders.remove(application.id, existing.orderId);
      const claim = await app.repos.signingOrders.claim(application.id, leaseMs);
      if (claim) {
        try {
          return await createOrder(current, identity, existing !== null, language);
        } catch (error) {
          await app.repos.signingOrders.releaseClaim(application.id, claim);
          throw error;
        }
      }
      await app.changes.next(`app:${application.id}`, new Date(Date.now() + leaseMs));
    }
  }

  /**
   * GRENKE gets the signed contract (ADR 29) and answers the request as it then reads it; only a
   * Contracted request is a lease. An application closed meanwhile (cancelled, failed) never hands
   * its contract over: that is how a cancellation reaches GRENKE. `request` null: not delivered
   * (yet). `signedDocument`: the digest of the signed contract's bytes, when they were fetched.
   */
  async function deliverContract(application: ApplicationRecord, order: SigningOrder): Promise<{ request: GrenkeRequest | null; signedDocument: SignedDocument | null }> {
    const provider = await app.repos.providerApplications.find(application.id);
    if (!provider?.externalId || order.packagingTask.status !== 'COMPLETED') return { request: null, signedDocument: null };
    // Handed over already (a later refresh of the same order): GRENKE's word comes from the poller.
    if (contractDelivered(provider.data) && isGrenkeState(provider.providerStatus)) {
      return { request: { financingId: provider.externalId, requestNumber: null, state: provider.providerStatus }, signedDocument: null };
    }
    const current = await app.repos.applications.findById(application.id);
    if (!current || isFinalStatus(current.status)) return { request: null, signedDocument: null };
    const context = { applicationId: application.id };
    const signed = await business().signing.getSignedDocument(order.orderId, order.packagingTask.id, context);
    if (!signed.ok) return { request: null, signedDocument: null };
    const signedDocument = { name: 'leasing-contract', sha256: createHash('sha256').update(signed.value).digest('hex'), bytes: signed.value.byteLength };
    const delivered = await business().grenke.deliverSignedContract(application.countryCode, provider.externalId, signed.value, context);
    return { request: delivered.ok ? delivered.value : null, signedDocument };
  }

  /** Stores the signing service's order and applies what it means to the application. */
  async function save(application: ApplicationRecord, order: SigningOrder, signerName?: string): Promise<StoredOrder> {
    const allSigned = order.tasks.length > 0 && order.tasks.every((task) => task.status === 'COMPLETED');
    const { request: delivered, signedDocument } = allSigned ? await deliverContract(application, order) : { request: null, signedDocument: null };
    const previous = await app.repos.signingOrders.find(application.id);
    const names = new Map((previous?.tasks ?? []).map((task) => [task.id, task.name]));
    const stored: StoredOrder = {
      orderId: order.orderId,
      packagingTaskId: order.packagingTask.id,
      packagingStatus: order.packagingTask.status,
      tasks: order.tasks.map((task) => ({ ...task, name: names.get(task.id) ?? signerName ?? task.signerRef })),
    };
    const statuses = stored.tasks.map((task) => task.status);
    await app.db.transaction(async (tx) => {
      const repos = repositories(tx);
      await repos.signingOrders.save(application.id, stored);
      app.changes.publish(tx, `app:${application.id}`);
      const detail = { orderId: stored.orderId };
      // Evidence (ADR 32): the signature once per order, and the signed contract's digest once its bytes are here.
      if (allSigned) {
        await recordSignature(tx, application.id, { by: 'signing-service', lender: 'GRENKE', reference: stored.orderId, signedDocument, providerStatus: delivered?.state ?? null });
      }
      if (delivered?.state === 'Contracted') {
        await repos.providerApplications.updateStatus(application.id, delivered.state, null, { [CONTRACT_DELIVERED]: true });
        await applyEvents(app, application.id, ['signing.started', 'signing.completed', 'decision.granted'], { tx, detail });
      } else if (delivered) {
        // GRENKE has the signed contract and contracts it in its own time: the poller waits for its word.
        await repos.providerApplications.updateStatus(application.id, delivered.state, null, { [CONTRACT_DELIVERED]: true });
        await applyEvents(app, application.id, ['signing.started', 'signing.completed'], { tx, detail });
        await schedulePoll(app, application.id, 0, tx);
      } else if (allSigned) {
        await applyEvents(app, application.id, ['signing.started', 'signing.completed'], { tx, detail });
        // Signed, but GRENKE has not got the contract: a stored job keeps trying.
        await app.jobs.send(CONTRACT_DELIVERY_QUEUE, { applicationId: application.id, attempt: 0 }, { startAfter: 30, singletonKey: `${application.id}:0`, transaction: tx });
      } else if (statuses.includes('REJECTED')) {
        await applyEvent(app, application.id, 'signing.declined', { tx, detail });
      } else if (statuses.includes('EXPIRED') || statuses.includes('DELETED')) {
        await applyEvent(app, application.id, 'signing.expired', { tx, detail });
      } else {
        await applyEvent(app, application.id, 'signing.started', { tx, detail });
      }
    });
    return stored;
  }

  /** Refreshes an order from the signing service and applies what it says. */
  async function refresh(application: ApplicationRecord, orderId: string): Promise<StoredOrder> {
    const result = await business().signing.getOrder(orderId, { applicationId: application.id });
    if (!result.ok) throw apiErrorFor(result.failure);
    return save(application, result.value);
  }

  /** The sign page's list: waiting while GRENKE decides, the order (made if needed) once approved. */
  async function sessions(application: ApplicationRecord, identity: SessionIdentity, fresh: boolean, language?: Language): Promise<SessionsView> {
    if (DECIDING.includes(application.status)) return sessionsView(application.status, null);
    const stored = await app.repos.signingOrders.find(application.id);
    if (application.status !== 'APPROVED' && application.status !== 'SIGNING') return sessionsView(application.status, stored);
    let order = stored && canBeSigned(stored) ? stored : await orderToSign(application, identity, language);
    if (fresh) {
      order = await refresh(application, order.orderId);
      // Declined or expired just now: trying again is signing a new order.
      if (!canBeSigned(order)) order = await orderToSign(application, identity, language);
    }
    const after = (await app.repos.applications.findById(application.id)) ?? application;
    return sessionsView(after.status, order);
  }

  return { sessions, refresh, storedOrder: (applicationId: string) => app.repos.signingOrders.find(applicationId) };
}
