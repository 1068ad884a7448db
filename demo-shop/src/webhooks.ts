/**
 * The demo shop's webhook endpoint: it checks the portal's signature as a merchant should, keeps
 * each event once (by event id: delivery is at least once) and shows them on the return page.
 */
import type { FastifyInstance } from 'fastify';
import { sandboxStore } from '../sandbox/records';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, verifyWebhook } from '../services/webhooks';

export interface ReceivedWebhook {
  eventId: string;
  merchantPaymentReference: string;
  status: string;
  outcome: string | null;
  type: string;
  /** The portal's order of its events: webhooks may arrive out of order (retries), this orders them. */
  sequence: number;
  receivedAt: string;
  signatureValid: boolean;
}

export function receivedWebhooks(app: FastifyInstance) {
  return sandboxStore<ReceivedWebhook>(app.db, 'demo-shop-webhooks');
}

export async function registerWebhookReceiver(app: FastifyInstance, path: string, secret: string): Promise<void> {
  const store = receivedWebhooks(app);
  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: keep the body as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(path, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const signatureValid = verifyWebhook(secret, request.headers[SIGNATURE_HEADER] as string | undefined, body);
      const eventId = String(request.headers[EVENT_ID_HEADER] ?? '');
      if (!signatureValid || !eventId) {
        request.log.warn({ eventId }, 'demo shop: webhook with a bad signature refused');
        return reply.status(401).send({ error: 'bad signature' });
      }
      const event = JSON.parse(body) as { type: string; sequence: number; data: { merchantPaymentReference: string; status: string; outcome: string | null } };
      await store.put(eventId, {
        eventId,
        merchantPaymentReference: event.data.merchantPaymentReference,
        status: event.data.status,
        outcome: event.data.outcome,
        type: event.type,
        sequence: event.sequence,
        receivedAt: new Date().toISOString(),
        signatureValid,
      });
      return reply.status(204).send();
    });
  });
}
