/**
 * The shop's webhook endpoint: it checks the portal's signature as a merchant should
 * (webhook-signature.ts), keeps each event once (by event id: delivery is at least once) with
 * what an event after the sale says of its operation and the money, and shows them on the order
 * page.
 */
import type { FastifyInstance } from 'fastify';
import { MONEY_OPERATION_KINDS, MONEY_OPERATION_STATES, type MoneyView, moneyViewSchema, WEBHOOK_HEADERS } from '@portal/domain';
import type { ShopStore, WebhookOperation } from './store';
import { signatureIsValid } from './webhook-signature';

interface WebhookBody {
  type: string;
  sequence: number;
  data: { merchantPaymentReference: string; status: string; outcome: string | null; operation: WebhookOperation | null; money: MoneyView | null };
}

type Loose = Record<string, unknown> | null | undefined;

/** The operation of a `payment.*` or `lease.*` webhook, as far as the shop shows it; null when there is none it can read. */
function readOperation(value: unknown): WebhookOperation | null {
  const operation = value as Loose;
  const kind = MONEY_OPERATION_KINDS.find((k) => k === operation?.kind);
  const state = MONEY_OPERATION_STATES.find((s) => s === operation?.state);
  if (!kind || !state) return null;
  const failure = operation?.failure as Loose;
  return {
    kind,
    state,
    amount: typeof operation?.amount === 'number' ? operation.amount : null,
    errorCode: typeof failure?.errorCode === 'string' ? failure.errorCode : null,
  };
}

function readMoney(value: unknown): MoneyView | null {
  const money = moneyViewSchema.safeParse(value);
  return money.success ? money.data : null;
}

function readBody(text: string): WebhookBody | null {
  try {
    const body = JSON.parse(text) as { type?: unknown; sequence?: unknown; data?: Loose } | null;
    const data = body?.data;
    if (typeof body?.type !== 'string' || typeof body.sequence !== 'number' || typeof data?.merchantPaymentReference !== 'string' || typeof data.status !== 'string') {
      return null;
    }
    return {
      type: body.type,
      sequence: body.sequence,
      data: {
        merchantPaymentReference: data.merchantPaymentReference,
        status: data.status,
        outcome: typeof data.outcome === 'string' ? data.outcome : null,
        // A webhook of an application's status has neither.
        operation: readOperation(data.operation),
        money: readMoney(data.money),
      },
    };
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
      const { data } = event;
      await store.keepWebhook({
        eventId,
        merchantPaymentReference: data.merchantPaymentReference,
        status: data.status,
        outcome: data.outcome,
        type: event.type,
        sequence: event.sequence,
        operation: data.operation,
        money: data.money,
      });
      return reply.status(204).send();
    });
  });
}
