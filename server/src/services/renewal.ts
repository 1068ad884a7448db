/**
 * Renewal (spec sections 3, 4): a customer with subscriptions from earlier approved applications
 * sees their products up for renewal, may select some, and the orders chosen are kept with the
 * application. An approved, completed application becomes a subscription.
 */
import type { FastifyInstance } from 'fastify';
import type { RenewalOrder, RenewalProductView } from '@portal/domain';
import type { Queryable } from '../db/db';
import type { ApplicationRecord } from '../db/repositories/applications';
import { randomToken } from '../lib/crypto';

interface ProductRow {
  product_reference: string;
  product_name: string;
  serial_number: string;
  monthly_payment: string | number;
  residual_value: string | number;
  sku: string;
  subscription_reference: string;
}

/** Products of this person's subscriptions that no other application has renewed yet. */
export async function renewalProducts(q: Queryable, nationalId: string, forApplicationId: string): Promise<RenewalProductView[]> {
  const rows = await q.query<ProductRow>(
    `SELECT p.product_reference, p.product_name, p.serial_number, p.monthly_payment, p.residual_value, p.sku,
            s.reference AS subscription_reference
       FROM subscription_products p JOIN subscriptions s ON s.id = p.subscription_id
      WHERE s.national_id = $1 AND (p.renewed_by IS NULL OR p.renewed_by = $2)
        AND (s.application_id IS NULL OR s.application_id <> $2)
      ORDER BY s.start_date, p.product_name`,
    [nationalId, forApplicationId],
  );
  return rows.map((row) => ({
    productReference: row.product_reference,
    productName: row.product_name,
    serialNumber: row.serial_number,
    monthlyPayment: Number(row.monthly_payment),
    residualValue: Number(row.residual_value),
    skuCode: row.sku,
    subscriptionReference: row.subscription_reference,
  }));
}

/** Keeps the renewal orders chosen for an application; every item must be the customer's own product. */
export async function storeRenewalOrders(
  q: Queryable,
  application: ApplicationRecord,
  nationalId: string,
  orders: RenewalOrder[],
): Promise<boolean> {
  const own = new Map((await renewalProducts(q, nationalId, application.id)).map((p) => [p.productReference, p]));
  for (const order of orders) {
    for (const item of order.items) {
      const product = own.get(item.productReference);
      if (!product || product.subscriptionReference !== order.subscriptionReference) return false;
    }
  }
  await q.query(
    `INSERT INTO renewal_orders (application_id, orders) VALUES ($1, $2::jsonb)
     ON CONFLICT (application_id) DO UPDATE SET orders = excluded.orders, updated_at = now()`,
    [application.id, JSON.stringify(orders)],
  );
  return true;
}

/**
 * Turns a completed, approved application into a subscription with its items as products, and
 * marks the products it renewed. Idempotent: one subscription per application.
 */
export async function createSubscription(
  app: FastifyInstance,
  q: Queryable,
  application: ApplicationRecord,
  nationalId: string,
  monthlyPayment: number,
): Promise<void> {
  const start = new Date();
  const end = new Date(start);
  end.setMonth(end.getMonth() + application.loanPeriod);
  const [subscription] = await q.query<{ id: string }>(
    `INSERT INTO subscriptions (reference, application_id, merchant_id, national_id, country_code, monthly_payment, start_date, end_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (application_id) DO NOTHING RETURNING id`,
    [
      `SUB-${randomToken(6).toUpperCase()}`,
      application.id,
      application.merchantId,
      nationalId,
      application.countryCode,
      monthlyPayment,
      start.toISOString().slice(0, 10),
      end.toISOString().slice(0, 10),
    ],
  );
  if (!subscription) return;
  const total = application.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0) || application.loanAmount;
  for (const item of application.items) {
    for (let n = 0; n < item.quantity; n += 1) {
      const share = (item.unitPrice / total) * monthlyPayment;
      await q.query(
        `INSERT INTO subscription_products (subscription_id, product_reference, product_name, sku, serial_number, monthly_payment, residual_value)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          subscription.id,
          `P-${randomToken(6).toUpperCase()}`,
          item.name,
          item.sku,
          item.serialNumber ?? `SN-${randomToken(5).toUpperCase()}`,
          Math.round(share * 100) / 100,
          // What is left to pay when renewed half-way: a simple straight-line residual value.
          Math.round(item.unitPrice * 0.5 * 100) / 100,
        ],
      );
    }
  }
  const [renewal] = await q.query<{ orders: RenewalOrder[] }>('SELECT orders FROM renewal_orders WHERE application_id = $1', [application.id]);
  for (const order of renewal?.orders ?? []) {
    for (const item of order.items) {
      await q.query('UPDATE subscription_products SET renewed_by = $2 WHERE product_reference = $1', [item.productReference, application.id]);
    }
  }
  app.log.info({ applicationId: application.id }, 'subscription created');
}
