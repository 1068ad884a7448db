/**
 * Signing of business leasing contracts (spec sections 3, 4, 7): once GRENKE approves, the
 * contract is fetched and a signing order is created with the signing service, one task per
 * signatory. The sign page lists the sessions, refreshes them, and offers the signed document.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, type Language, pagePath, PAGES, requiredText, type SigningSessionStatus, z } from '@portal/domain';
import type { Queryable } from '../../db/db';
import { repositories } from '../../db/repositories';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { ApiError } from '../../lib/errors';
import type { SigningOrder } from '../../providers/signing/types';
import { authorisedApplication } from '../../services/applications';
import { applyStep } from '../../services/lifecycle';
import { apiErrorFor } from '../../services/provider-errors';
import { findProviderApplication, updateProviderStatus } from '../../services/submission';
import type { SessionIdentity } from '../../types';
import { requireIdentity } from './session';

interface StoredTask {
  id: string;
  signerRef: string;
  name: string;
  status: SigningSessionStatus;
  signingUrl: string;
}

interface StoredOrder {
  orderId: string;
  packagingTaskId: string;
  packagingStatus: string;
  tasks: StoredTask[];
}

const LANGUAGE_OF_COUNTRY: Record<string, Language> = { NO: 'nb', SE: 'sv' };
/** A row whose order id is `claim:<ms>` is being created by someone until that time. */
const CLAIM_PREFIX = 'claim:';

async function storedOrder(q: Queryable, applicationId: string): Promise<StoredOrder | null> {
  const [row] = await q.query<{ order_id: string; packaging_task_id: string; packaging_status: string; tasks: StoredTask[] }>(
    'SELECT order_id, packaging_task_id, packaging_status, tasks FROM signing_orders WHERE application_id = $1',
    [applicationId],
  );
  return row ? { orderId: row.order_id, packagingTaskId: row.packaging_task_id, packagingStatus: row.packaging_status, tasks: row.tasks } : null;
}

function view(order: StoredOrder | null) {
  return {
    orderId: order?.orderId ?? null,
    packagingTaskId: order?.packagingTaskId ?? null,
    packagingStatus: order?.packagingStatus ?? null,
    sessions: (order?.tasks ?? []).map((task) => ({ taskId: task.id, name: task.name, status: task.status, signingUrl: task.signingUrl })),
    signedDocumentAvailable: order?.packagingStatus === 'COMPLETED',
  };
}

export const CONTRACT_DELIVERY_QUEUE = 'contract-delivery';
/** How long GRENKE may stay unreachable for a signed contract before we stop trying. */
const MAX_DELIVERY_ATTEMPTS = 60;

/**
 * Business signing, shared by the routes and the delivery job: the signing order, its refresh,
 * and handing the signed contract to GRENKE. A delivery that fails is retried by a stored job,
 * so a signed contract reaches GRENKE even when nobody opens the sign page again.
 */
export function businessSigning(app: FastifyInstance) {
  async function businessApplication(request: FastifyRequest): Promise<{ application: ApplicationRecord; identity: SessionIdentity }> {
    const identity = requireIdentity(request);
    const reference = request.session.activeReference;
    if (!reference) throw ApiError.notFound();
    const { app: application } = await authorisedApplication(app.db, identity, reference);
    if (application.provider !== 'GRENKE') throw ApiError.badRequest();
    return { application, identity };
  }

  /**
   * Creates the signing order the first time an approved application's sessions are asked for.
   * The signing service does not deduplicate by our reference, so the portal does: the first
   * caller claims the application's row, others wait for the order it stores; a claim left by
   * a caller that died expires and is taken over.
   */
  async function ensureOrder(application: ApplicationRecord, identity: SessionIdentity): Promise<StoredOrder> {
    const leaseMs = app.config.providerTimeoutMs * 3 + 2000;
    for (;;) {
      const existing = await storedOrder(app.db, application.id);
      if (existing && !existing.orderId.startsWith(CLAIM_PREFIX)) return existing;
      if (application.status !== 'APPROVED') throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
      const claim = `${CLAIM_PREFIX}${Date.now() + leaseMs}`;
      const claimed = await app.db.query(
        `INSERT INTO signing_orders (application_id, order_id, packaging_task_id, packaging_status, tasks)
         VALUES ($1, $2, '', 'CREATED', '[]'::jsonb)
         ON CONFLICT (application_id) DO UPDATE SET order_id = excluded.order_id, updated_at = now()
           WHERE signing_orders.order_id LIKE 'claim:%'
             AND substring(signing_orders.order_id from 7)::bigint < $3
         RETURNING application_id`,
        [application.id, claim, Date.now()],
      );
      if (claimed.length === 1) {
        try {
          return await createOrder(application, identity);
        } catch (error) {
          await app.db.query(`DELETE FROM signing_orders WHERE application_id = $1 AND order_id = $2`, [application.id, claim]);
          throw error;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  async function createOrder(application: ApplicationRecord, identity: SessionIdentity): Promise<StoredOrder> {
    const provider = await findProviderApplication(app.db, application.id);
    if (!provider?.externalId) throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
    const context = { applicationId: application.id };

    const contract = await app.providers.grenke.getContractDocument(provider.externalId, context);
    if (!contract.ok) throw apiErrorFor(contract.failure);
    const signPage = `${app.config.publicUrl}${pagePath(PAGES.formSign.url())}`;
    const created = await app.providers.signing.createOrder(
      {
        clientReference: application.reference,
        documentTitle: `Leasing ${application.merchantPaymentReference}`,
        document: contract.value,
        signers: [
          {
            ref: 'signatory-1',
            nationalId: identity.nationalId,
            name: `${identity.firstName} ${identity.lastName}`,
            language: LANGUAGE_OF_COUNTRY[application.countryCode] ?? 'en',
            country: application.countryCode,
          },
        ],
        redirects: {
          complete: signPage,
          reject: `${app.config.publicUrl}${pagePath(PAGES.formSignFail.url())}?code=10002`,
          postpone: signPage,
        },
      },
      context,
    );
    if (!created.ok) throw apiErrorFor(created.failure);
    return saveOrder(application, created.value, `${identity.firstName} ${identity.lastName}`);
  }

  /** GRENKE gets the signed contract back; only then is the lease contracted. */
  async function contractSigned(application: ApplicationRecord, order: SigningOrder): Promise<boolean> {
    const provider = await findProviderApplication(app.db, application.id);
    if (!provider?.externalId || order.packagingTask.status !== 'COMPLETED') return false;
    const context = { applicationId: application.id };
    const signed = await app.providers.signing.getSignedDocument(order.orderId, order.packagingTask.id, context);
    if (!signed.ok) return false;
    const uploaded = await app.providers.grenke.uploadSignedContract(provider.externalId, signed.value, context);
    return uploaded.ok;
  }

  async function saveOrder(application: ApplicationRecord, order: SigningOrder, signerName?: string): Promise<StoredOrder> {
    const allSigned = order.tasks.length > 0 && order.tasks.every((task) => task.status === 'COMPLETED');
    const delivered = allSigned && (await contractSigned(application, order));
    const previous = await storedOrder(app.db, application.id);
    const names = new Map((previous?.tasks ?? []).map((task) => [task.id, task.name]));
    const stored: StoredOrder = {
      orderId: order.orderId,
      packagingTaskId: order.packagingTask.id,
      packagingStatus: order.packagingTask.status,
      tasks: order.tasks.map((task) => ({ ...task, name: names.get(task.id) ?? signerName ?? task.signerRef })),
    };
    await app.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO signing_orders (application_id, order_id, packaging_task_id, packaging_status, tasks)
         VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (application_id) DO UPDATE SET order_id = excluded.order_id, packaging_task_id = excluded.packaging_task_id,
           packaging_status = excluded.packaging_status, tasks = excluded.tasks, updated_at = now()`,
        [application.id, stored.orderId, stored.packagingTaskId, stored.packagingStatus, JSON.stringify(stored.tasks)],
      );
      const current = (await repositories(tx).applications.findById(application.id)) ?? application;
      const statuses = stored.tasks.map((task) => task.status);
      if (delivered) {
        await updateProviderStatus(app, tx, application.id, 'Contracted', null, { signed: true });
        await applyStep(app, current, { status: 'COMPLETED', outcome: 'client_sign_success_approved' }, 'contract.signed', { orderId: stored.orderId }, tx);
      } else if (statuses.some((status) => status === 'REJECTED' || status === 'EXPIRED' || status === 'DELETED')) {
        await applyStep(app, current, { status: 'SIGNING', outcome: 'client_sign_failed' }, 'contract.signing-failed', { orderId: stored.orderId }, tx);
      } else if (!allSigned) {
        await applyStep(app, current, { status: 'SIGNING', outcome: current.outcome }, 'contract.signing-started', { orderId: stored.orderId }, tx);
      }
      // All signed but not yet delivered to GRENKE: a stored job keeps trying.
      if (allSigned && !delivered) {
        await app.jobs.send(CONTRACT_DELIVERY_QUEUE, { applicationId: application.id, attempt: 0 }, { startAfter: 30, singletonKey: `${application.id}:0`, transaction: tx });
      }
    });
    return stored;
  }

  /** Refreshes an order from the signing service and applies what it says. */
  async function refresh(application: ApplicationRecord, orderId: string): Promise<StoredOrder> {
    const result = await app.providers.signing.getOrder(orderId, { applicationId: application.id });
    if (!result.ok) throw apiErrorFor(result.failure);
    return saveOrder(application, result.value);
  }

  return { businessApplication, ensureOrder, refresh, storedOrder: (applicationId: string) => storedOrder(app.db, applicationId) };
}

export function registerContractDelivery(app: FastifyInstance): void {
  const signing = businessSigning(app);
  app.jobs.register<{ applicationId: string; attempt: number }>({
    name: CONTRACT_DELIVERY_QUEUE,
    pollingIntervalSeconds: 5,
    async handler({ applicationId, attempt }) {
      const application = await app.repos.applications.findById(applicationId);
      const order = application && (await signing.storedOrder(applicationId));
      if (!application || !order || application.status === 'COMPLETED') return;
      try {
        await signing.refresh(application, order.orderId);
      } catch {
        // Unreachable now: the next attempt follows (scheduled below).
      }
      const after = await app.repos.applications.findById(applicationId);
      if (after?.status !== 'COMPLETED' && attempt + 1 < MAX_DELIVERY_ATTEMPTS) {
        await app.jobs.send(CONTRACT_DELIVERY_QUEUE, { applicationId, attempt: attempt + 1 }, { startAfter: Math.min(30 * 2 ** attempt, 3600), singletonKey: `${applicationId}:${attempt + 1}` });
      }
    },
  });
}

export default async function signB2bRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { businessApplication, ensureOrder, refresh, storedOrder: orderOf } = businessSigning(app);

  api.get(API.signB2bSessions.pattern, async (request) => {
    const { application, identity } = await businessApplication(request);
    if (application.status === 'COMPLETED') return view(await orderOf(application.id));
    return view(await ensureOrder(application, identity));
  });

  /** Refreshes the sessions' statuses from the signing service. */
  api.patch(API.signB2bSessions.pattern, async (request) => {
    const { application, identity } = await businessApplication(request);
    const existing = (await orderOf(application.id)) ?? (await ensureOrder(application, identity));
    return view(await refresh(application, existing.orderId));
  });

  api.get(
    API.signedDocument.pattern,
    { schema: { querystring: z.object({ signingRef: requiredText(200), packagingTaskId: requiredText(200) }) } },
    async (request, reply) => {
      const { application } = await businessApplication(request);
      const order = await orderOf(application.id);
      // Only this application's own order and packaging task.
      if (!order || order.orderId !== request.query.signingRef || order.packagingTaskId !== request.query.packagingTaskId) throw ApiError.notFound();
      const result = await app.providers.signing.getSignedDocument(order.orderId, order.packagingTaskId, { applicationId: application.id });
      if (!result.ok) throw apiErrorFor(result.failure);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="contract-${application.merchantPaymentReference}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(result.value));
    },
  );
}
