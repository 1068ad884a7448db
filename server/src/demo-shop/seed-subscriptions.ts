/**
 * Sandbox: earlier subscriptions of two test people, so that their next application lists
 * products up for renewal (the "consumer SE v2 with renewal products" scenario). One product
 * name is longer than 100 characters, as real catalogue names sometimes are.
 */
import type { FastifyInstance } from 'fastify';

const SEEDS = [
  {
    reference: 'SUB-DEMO-SE-1',
    nationalId: '198305147715',
    country: 'SE',
    monthly: 749,
    products: [
      { reference: 'P-DEMO-SE-1', name: 'Laptop 14" (2024)', sku: 'LAP-14-2024', serial: 'SN-SE-4471', monthly: 449, residual: 4200 },
      {
        reference: 'P-DEMO-SE-2',
        name: 'Smartphone Pro Max 256 GB with extended warranty, protective case, screen protector and wireless charging stand bundle',
        sku: 'PHN-PRO-256',
        serial: 'SN-SE-9120',
        monthly: 300,
        residual: 3100,
      },
    ],
  },
  {
    reference: 'SUB-DEMO-NO-1',
    nationalId: '18087248794',
    country: 'NO',
    monthly: 399,
    products: [{ reference: 'P-DEMO-NO-1', name: 'Tablet 11" 128 GB', sku: 'TAB-11', serial: 'SN-NO-2210', monthly: 399, residual: 2500 }],
  },
] as const;

export async function seedSubscriptions(app: FastifyInstance, merchantId: string): Promise<void> {
  for (const seed of SEEDS) {
    const [subscription] = await app.db.query<{ id: string }>(
      `INSERT INTO subscriptions (reference, merchant_id, national_id, country_code, monthly_payment, start_date, end_date)
       VALUES ($1, $2, $3, $4, $5, current_date - 400, current_date + 330)
       ON CONFLICT (reference) DO NOTHING RETURNING id`,
      [seed.reference, merchantId, seed.nationalId, seed.country, seed.monthly],
    );
    if (!subscription) continue;
    for (const product of seed.products) {
      await app.db.query(
        `INSERT INTO subscription_products (subscription_id, product_reference, product_name, sku, serial_number, monthly_payment, residual_value)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (product_reference) DO NOTHING`,
        [subscription.id, product.reference, product.name, product.sku, product.serial, product.monthly, product.residual],
      );
    }
  }
}
