/**
 * The shop's webhook endpoint: it checks the portal's signature as a merchant should
 * (webhook-signature.ts), keeps each event once (by event id: delivery is at least once) and
 * shows them on the return page.
 */
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_HEADERS } from '@portal/domain';
import type { ShopStore } from './store';
import { signatureIsValid } from './webhook-signature';

interface WebhookBody {
  type: string;
  sequence: number;
  data: { merchantPaymentReference: string; status: string; outcome: string | null };
}

function readBody(text: string): WebhookBody | null {
  try {
    const body = JSON.parse(text) as Partial<WebhookBody> | null;
    const data = body?.data;
    if (typeof body?.type !== 'string' || typeof body.sequence !== 'number' || typeof data?.merchantPaymentReference !== 'string' || typeof data.status !== 'string') {
      return null;
    }
    return { type: body.type, sequence: body.sequence, data: { merchantPaymentReference: data.merchantPaymentReference, status: data.status, outcome: data.outcome ?? null } };
  } catch {
    return null;
  }
}

export async function registerWebhookReceiver(app: FastifyInstance, path: string, secret: string, store: ShopStore): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: keep the body as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(path, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[WEBHOOK_HEADERS.signature];
      const eventId = request.headers[WEBHOOK_HEADERS.eventId];
      if (typeof eventId !== 'string' || !eventId || !signatureIsValid(secret, typeof header === 'string' ? header : undefined, raw)) {
        request.log.warn({ eventId }, 'demo shop: webhook with a bad signature refused');
        return reply.status(401).send({ error: 'bad signature' });
      }
      const event = readBody(raw);
      if (!event) return reply.status(400).send({ error: 'not a webhook body' });
      await store.keepWebhook({ eventId, merchantPaymentReference: event.data.merchantPaymentReference, status: event.data.status, outcome: event.data.outcome, type: event.type, sequence: event.sequence });
      return reply.status(204).send();
    });
  });
}
