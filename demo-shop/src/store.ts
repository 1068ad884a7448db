/**
 * What the shop remembers: the language each order was placed in (for 7 days), and the webhooks
 * the portal sent it. Its own tables, made by the shop itself in the database its host hands over
 * (a handle typed here, which the portal's database satisfies without the shop importing it).
 * None of it is personal: an order reference, a language, statuses.
 */
import type { Language } from '@portal/domain';

type SqlValue = string | number | boolean | null;

/** What the shop needs of a database: PostgreSQL statements with positional parameters. */
export interface ShopStorage {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
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
}

/** An order's language is needed until the customer is back; a week is plenty. */
const ORDER_DAYS = 7;

const TABLES = `DO $shop$ BEGIN
  PERFORM pg_advisory_xact_lock(7310503);
  CREATE TABLE IF NOT EXISTS demo_shop_orders (
    merchant_payment_reference text PRIMARY KEY,
    lang       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS demo_shop_webhooks (
    event_id                   text PRIMARY KEY,
    merchant_payment_reference text NOT NULL,
    type        text NOT NULL,
    status      text NOT NULL,
    outcome     text,
    sequence    integer NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS demo_shop_webhooks_order_idx ON demo_shop_webhooks (merchant_payment_reference, sequence);
END $shop$`;

export async function shopStore(db: ShopStorage) {
  await db.query(TABLES);
  return {
    async rememberOrder(reference: string, lang: Language): Promise<void> {
      await db.query(`DELETE FROM demo_shop_orders WHERE created_at < now() - make_interval(days => $1::int)`, [ORDER_DAYS]);
      await db.query('INSERT INTO demo_shop_orders (merchant_payment_reference, lang) VALUES ($1, $2) ON CONFLICT DO NOTHING', [reference, lang]);
    },
    async languageOfOrder(reference: string): Promise<string | null> {
      const [row] = await db.query<{ lang: string }>('SELECT lang FROM demo_shop_orders WHERE merchant_payment_reference = $1', [reference]);
      return row?.lang ?? null;
    },
    /** Keeps an event once: delivery is at least once, the event id says which is which. */
    async keepWebhook(event: Omit<ReceivedWebhook, 'receivedAt'>): Promise<void> {
      await db.query(
        `INSERT INTO demo_shop_webhooks (event_id, merchant_payment_reference, type, status, outcome, sequence)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING`,
        [event.eventId, event.merchantPaymentReference, event.type, event.status, event.outcome, event.sequence],
      );
    },
    /** An order's webhooks in the order the portal made them: the last one is what the shop now knows. */
    async webhooksOf(reference: string): Promise<ReceivedWebhook[]> {
      const rows = await db.query<{ event_id: string; type: string; status: string; outcome: string | null; sequence: number; received_at: Date | string }>(
        `SELECT event_id, type, status, outcome, sequence, received_at FROM demo_shop_webhooks
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
      }));
    },
  };
}

export type ShopStore = Awaited<ReturnType<typeof shopStore>>;
