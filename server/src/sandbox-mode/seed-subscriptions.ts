/**
 * Sandbox: earlier subscriptions of two test people and a lease of a test company, so that their
 * next application lists products up for renewal (the "consumer SE v2 with renewal products"
 * scenario, and the business screen of Nordlys Kontor AS). Kari Nordmann signs for Nordlys: her
 * private screen offers her own tablet and the company's screen the company's display, never
 * the other way round. One product name is longer than 100 characters, as real catalogue names
 * sometimes are.
 */
import type { FastifyInstance } from 'fastify';
import type { NewSubscriptionProduct, SubscriptionOwner } from '../db/repositories/subscriptions';

interface Seed {
  reference: string;
  owner: SubscriptionOwner;
  monthly: number;
  products: NewSubscriptionProduct[];
}

const SEEDS: readonly Seed[] = [
  {
    reference: 'SUB-DEMO-SE-1',
    owner: { customerType: 'PRIVATE', countryCode: 'SE', nationalId: '198305147715' },
    monthly: 749,
    products: [
      { productReference: 'P-DEMO-SE-1', productName: 'Laptop 14" (2024)', sku: 'LAP-14-2024', serialNumber: 'SN-SE-4471', monthlyPayment: 449, residualValue: 4200 },
      {
        productReference: 'P-DEMO-SE-2',
        productName: 'Smartphone Pro Max 256 GB with extended warranty, protective case, screen protector and wireless charging stand bundle',
        sku: 'PHN-PRO-256',
        serialNumber: 'SN-SE-9120',
        monthlyPayment: 300,
        residualValue: 3100,
      },
    ],
  },
  {
    reference: 'SUB-DEMO-NO-1',
    owner: { customerType: 'PRIVATE', countryCode: 'NO', nationalId: '18087248794' },
    monthly: 399,
    products: [
      { productReference: 'P-DEMO-NO-1', productName: 'Tablet 11" 128 GB', sku: 'TAB-11', serialNumber: 'SN-NO-2210', monthlyPayment: 399, residualValue: 2500 },
    ],
  },
  {
    reference: 'SUB-DEMO-NO-LEASE-1',
    owner: { customerType: 'LEGAL', countryCode: 'NO', organisationNumber: '892831270' },
    monthly: 890,
    products: [
      {
        productReference: 'P-DEMO-NO-LEASE-1',
        productName: 'Meeting room display 65"',
        sku: 'DSP-65',
        serialNumber: 'SN-NO-7731',
        monthlyPayment: 890,
        residualValue: 9800,
      },
    ],
  },
];

/** Dates as YYYY-MM-DD, `days` from today: the seeds started about 13 months ago. */
const dayFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedSubscriptions(app: FastifyInstance, merchantId: string): Promise<void> {
  for (const seed of SEEDS) {
    const subscriptionId = await app.repos.subscriptions.insert({
      reference: seed.reference,
      applicationId: null,
      merchantId,
      owner: seed.owner,
      monthlyPayment: seed.monthly,
      startDate: dayFromToday(-400),
      endDate: dayFromToday(330),
    });
    // Seeded before (by this or another instance): left as it is.
    if (!subscriptionId) continue;
    for (const product of seed.products) await app.repos.subscriptions.insertProduct(subscriptionId, product);
  }
}
