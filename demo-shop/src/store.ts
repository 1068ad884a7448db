/**
 * What the shop remembers: each order's language and lines (for 30 days: long enough to ship it,
 * take goods back and confirm a lease's delivery), what came of each button pressed on an order
 * page, and the webhooks the portal sent it. Its own tables, made by the shop itself in the
 * database its host hands over (a handle typed here, which the portal's database satisfies
 * without the shop importing it). None of it is personal: order references, languages, the
 * shop's own articles, statuses, amounts, and the portal's messages from its error catalogue.
 */
import type { Language, MoneyOperationKind, MoneyOperationState, MoneyView } from '@portal/domain';
import type { OrderLine } from './scenarios';

type SqlValue = string | number | boolean | null;

/** What the shop needs of a database: PostgreSQL statements with positional parameters. */
export interface ShopStorage {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
}

/** What a `payment.*` or `lease.*` webhook said of its operation. */
export interface WebhookOperation {
  kind: MoneyOperationKind;
  state: MoneyOperationState;
  amount: number | null;
  errorCode: string | null;
}

export interface ReceivedWebhook {
  eventId: string;
  merchantPaymentReference: string;
  status: string;
  outcome: string | null;
  type: string;
  /** The portal's order of its events: webhooks may arrive out of order (retries), this orders them. */
  sequence: number;
  receivedAt: string;
  /** After the sale: the operation and the application's money after it. */
  operation: WebhookOperation | null;
  money: MoneyView | null;
}

export interface Order {
  lang: string;
  /** The lines the shop sold; empty for an order placed before the shop kept them. */
  lines: OrderLine[];
}

/** What the shop's own buttons on an order page are. */
export const ORDER_ACTIONS = ['ship', 'ship-part', 'return', 'return-part', 'cancel', 'confirm-delivery'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * What came of pressing a button, as the portal answered: done, pending (the lender did not
 * answer yet; the portal keeps trying), failed (the lender refused), refused (the portal refused
 * the request, with its message), or unanswered (the portal could not be reached).
 */
export const ACTION_RESULTS = ['done', 'pending', 'failed', 'refused', 'unanswered'] as const;
export type ActionResult = (typeof ACTION_RESULTS)[number];

export interface ActionRecord {
  /** The Idempotency-Key the press was sent with: one per rendered button. */
  key: string;
  merchantPaymentReference: string;
  action: OrderAction;
  result: ActionResult;
  /** The portal's operation, to follow its state after a pending answer. */
  operationId: string | null;
  amount: number | null;
  /** The portal's error code (failed, refused) and message (refused), in the order's language. */
  errorCode: string | null;
  message: string | null;
}

/** An order is followed after the sale for this long. */
const ORDER_DAYS = 30;

const TABLES = `DO $shop$ BEGIN
  PERFORM pg_advisory_xact_lock(7310503);
  CREATE TABLE IF NOT EXISTS demo_shop_orders (
    merchant_payment_reference text PRIMARY KEY,
    lang       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  ALTER TABLE demo_shop_orders ADD COLUMN IF NOT EXISTS lines jsonb;
  CREATE TABLE IF NOT EXISTS demo_shop_webhooks (
    event_id                   text PRIMARY KEY,
    merchant_payment_reference text NOT NULL,
    type        text NOT NULL,
    status      text NOT NULL,
    outcome     text,
    sequence    integer NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
  );
  ALTER TABLE demo_shop_webhooks ADD COLUMN IF NOT EXISTS operation jsonb;
  ALTER TABLE demo_shop_webhooks ADD COLUMN IF NOT EXISTS money jsonb;
  CREATE INDEX IF NOT EXISTS demo_shop_webhooks_order_idx ON demo_shop_webhooks (merchant_payment_reference, sequence);
  CREATE TABLE IF NOT EXISTS demo_shop_actions (
    idempotency_key            text PRIMARY KEY,
    merchant_payment_reference text NOT NULL,
    action       text NOT NULL,
    result       text NOT NULL,
    operation_id text,
    amount       numeric,
    error_code   text,
    message      text,
    created_at   timestamptz NOT NULL DEFAULT now()
  );
END $shop$`;

/** A jsonb column as the driver hands it over: parsed already (pg, PGlite) or as text. */
function fromJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

export async function shopStore(db: ShopStorage) {
  await db.query(TABLES);
  return {
    async rememberOrder(reference: string, lang: Language, lines: readonly OrderLine[]): Promise<void> {
      await db.query(`DELETE FROM demo_shop_orders WHERE created_at < now() - make_interval(days => $1::int)`, [ORDER_DAYS]);
      await db.query(`DELETE FROM demo_shop_actions WHERE created_at < now() - make_interval(days => $1::int)`, [ORDER_DAYS]);
      await db.query('INSERT INTO demo_shop_orders (merchant_payment_reference, lang, lines) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING', [
        reference,
        lang,
        JSON.stringify(lines),
      ]);
    },
    async order(reference: string): Promise<Order | null> {
      const [row] = await db.query<{ lang: string; lines: unknown }>('SELECT lang, lines FROM demo_shop_orders WHERE merchant_payment_reference = $1', [reference]);
      return row ? { lang: row.lang, lines: fromJson<OrderLine[]>(row.lines) ?? [] } : null;
    },
    /** Keeps an event once: delivery is at least once, the event id says which is which. */
    async keepWebhook(event: Omit<ReceivedWebhook, 'receivedAt'>): Promise<void> {
      await db.query(
        `INSERT INTO demo_shop_webhooks (event_id, merchant_payment_reference, type, status, outcome, sequence, operation, money)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb) ON CONFLICT (event_id) DO NOTHING`,
        [
          event.eventId,
          event.merchantPaymentReference,
          event.type,
          event.status,
          event.outcome,
          event.sequence,
          event.operation ? JSON.stringify(event.operation) : null,
          event.money ? JSON.stringify(event.money) : null,
        ],
      );
    },
    /** An order's webhooks in the order the portal made them: the last one is what the shop now knows. */
    async webhooksOf(reference: string): Promise<ReceivedWebhook[]> {
      const rows = await db.query<{
        event_id: string;
        type: string;
        status: string;
        outcome: string | null;
        sequence: number;
        received_at: Date | string;
        operation: unknown;
        money: unknown;
      }>(
        `SELECT event_id, type, status, outcome, sequence, received_at, operation, money FROM demo_shop_webhooks
          WHERE merchant_payment_reference = $1 ORDER BY sequence`,
        [reference],
      );
      return rows.map((row) => ({
        eventId: row.event_id,
        merchantPaymentReference: reference,
        type: row.type,
        status: row.status,
        outcome: row.outcome,
        sequence: row.sequence,
        receivedAt: new Date(row.received_at).toISOString(),
        operation: fromJson<WebhookOperation>(row.operation),
        money: fromJson<MoneyView>(row.money),
      }));
    },
    /** What came of a press; a second press of the same button (the same key) records its answer again. */
    async keepAction(record: ActionRecord): Promise<void> {
      await db.query(
        `INSERT INTO demo_shop_actions (idempotency_key, merchant_payment_reference, action, result, operation_id, amount, error_code, message)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (idempotency_key) DO UPDATE SET result = EXCLUDED.result, operation_id = EXCLUDED.operation_id, amount = EXCLUDED.amount,
           error_code = EXCLUDED.error_code, message = EXCLUDED.message`,
        [record.key, record.merchantPaymentReference, record.action, record.result, record.operationId, record.amount, record.errorCode, record.message],
      );
    },
    async action(reference: string, key: string): Promise<ActionRecord | null> {
      const [row] = await db.query<{
        action: string;
        result: string;
        operation_id: string | null;
        amount: string | number | null;
        error_code: string | null;
        message: string | null;
      }>(
        `SELECT action, result, operation_id, amount, error_code, message FROM demo_shop_actions
          WHERE idempotency_key = $1 AND merchant_payment_reference = $2`,
        [key, reference],
      );
      if (!row || !isOneOf(ORDER_ACTIONS, row.action) || !isOneOf(ACTION_RESULTS, row.result)) return null;
      return {
        key,
        merchantPaymentReference: reference,
        action: row.action,
        result: row.result,
        operationId: row.operation_id,
        amount: row.amount === null ? null : Number(row.amount),
        errorCode: row.error_code,
        message: row.message,
      };
    },
  };
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

export type ShopStore = Awaited<ReturnType<typeof shopStore>>;
