import type { CountryCode, RenewalOrder, RenewalProductView } from '@portal/domain';
import type { Queryable } from '../db';
import { personalDataOf } from './personal-data';

/**
 * Whose a subscription is: a person's consumer subscription is keyed by country and national ID,
 * a company's lease by country and organisation number (never by who signed it).
 */
export type SubscriptionOwner =
  | { customerType: 'PRIVATE'; countryCode: CountryCode; nationalId: string }
  | { customerType: 'LEGAL'; countryCode: CountryCode; organisationNumber: string };

export interface NewSubscription {
  reference: string;
  /** The application it was made of; none for the sandbox's seeded ones. */
  applicationId: string | null;
  merchantId: string;
  owner: SubscriptionOwner;
  monthlyPayment: number;
  /** Dates as YYYY-MM-DD. */
  startDate: string;
  endDate: string;
}

export interface NewSubscriptionProduct {
  productReference: string;
  productName: string;
  sku: string;
  serialNumber: string;
  monthlyPayment: number;
  residualValue: number;
}

interface ProductRow {
  product_reference: string;
  product_name: string;
  serial_number: string;
  monthly_payment: string | number;
  residual_value: string | number;
  sku: string;
  subscription_reference: string;
}

/**
 * A person's national ID is sealed, and found by its keyed hash (ADR 12); a company's
 * organisation number is business data and stays as it is.
 */
const ownerKey = (db: Queryable, owner: SubscriptionOwner) => {
  if (owner.customerType === 'LEGAL') return { nationalId: null, nationalIdHash: null, organisationNumber: owner.organisationNumber };
  const pd = personalDataOf(db);
  return { nationalId: pd.seal('subscriptions.national_id', owner.nationalId), nationalIdHash: pd.nationalIdHash(owner.nationalId), organisationNumber: null };
};

// One query per kind of owner, each with its kind as a literal, so that each can use its own
// partial index (subscriptions_person_idx, subscriptions_company_idx).
const RENEWABLE_PRODUCTS = (ownerCondition: string) => `
  SELECT p.product_reference, p.product_name, p.serial_number, p.monthly_payment, p.residual_value, p.sku,
         s.reference AS subscription_reference
    FROM subscription_products p JOIN subscriptions s ON s.id = p.subscription_id
   WHERE ${ownerCondition} AND s.country_code = $1
     AND (p.renewed_by IS NULL OR p.renewed_by = $3)
     AND (s.application_id IS NULL OR s.application_id <> $3)
   ORDER BY s.start_date, s.reference, p.product_name, p.product_reference`;
const PERSON_PRODUCTS = RENEWABLE_PRODUCTS(`s.customer_type = 'PRIVATE' AND s.national_id_hash = ANY($2::text[])`);
const COMPANY_PRODUCTS = RENEWABLE_PRODUCTS(`s.customer_type = 'LEGAL' AND s.organisation_number = $2`);

export function subscriptionsRepository(db: Queryable) {
  return {
    /** Adds a subscription; answers its id, or null when one with its reference or application exists. */
    async insert(subscription: NewSubscription): Promise<string | null> {
      const key = ownerKey(db, subscription.owner);
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO subscriptions (reference, application_id, merchant_id, customer_type, national_id, national_id_hash,
                                    organisation_number, country_code, monthly_payment, start_date, end_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id`,
        [
          subscription.reference, subscription.applicationId, subscription.merchantId, subscription.owner.customerType,
          key.nationalId, key.nationalIdHash, key.organisationNumber, subscription.owner.countryCode, subscription.monthlyPayment,
          subscription.startDate, subscription.endDate,
        ],
      );
      return row?.id ?? null;
    },

    /** Adds a product to a subscription (nothing when its reference exists). */
    async insertProduct(subscriptionId: string, product: NewSubscriptionProduct): Promise<void> {
      await db.query(
        `INSERT INTO subscription_products (subscription_id, product_reference, product_name, sku, serial_number, monthly_payment, residual_value)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (product_reference) DO NOTHING`,
        [
          subscriptionId, product.productReference, product.productName, product.sku, product.serialNumber,
          product.monthlyPayment, product.residualValue,
        ],
      );
    },

    /**
     * The owner's products that may be renewed by this application: not renewed by another one,
     * and not of the subscription this application itself became.
     */
    async renewableProducts(owner: SubscriptionOwner, forApplicationId: string): Promise<RenewalProductView[]> {
      const rows =
        owner.customerType === 'PRIVATE'
          ? await db.query<ProductRow>(PERSON_PRODUCTS, [owner.countryCode, personalDataOf(db).nationalIdHashes(owner.nationalId), forApplicationId])
          : await db.query<ProductRow>(COMPANY_PRODUCTS, [owner.countryCode, owner.organisationNumber, forApplicationId]);
      return rows.map((row) => ({
        productReference: row.product_reference,
        productName: row.product_name,
        serialNumber: row.serial_number,
        monthlyPayment: Number(row.monthly_payment),
        residualValue: Number(row.residual_value),
        skuCode: row.sku,
        subscriptionReference: row.subscription_reference,
      }));
    },

    /**
     * Marks the owner's products as renewed by an application, so that no other application
     * offers them again. Another owner's product is never marked, whatever the orders say.
     */
    async markRenewed(owner: SubscriptionOwner, productReferences: readonly string[], applicationId: string): Promise<void> {
      if (productReferences.length === 0) return;
      const person = owner.customerType === 'PRIVATE';
      await db.query(
        `UPDATE subscription_products p SET renewed_by = $6
           FROM subscriptions s
          WHERE s.id = p.subscription_id AND p.product_reference = ANY($5::text[])
            AND s.customer_type = $1 AND s.country_code = $2
            AND (s.national_id_hash = ANY($3::text[]) OR ($3::text[] IS NULL AND s.national_id_hash IS NULL))
            AND s.organisation_number IS NOT DISTINCT FROM $4`,
        [
          owner.customerType, owner.countryCode, person ? personalDataOf(db).nationalIdHashes(owner.nationalId) : null,
          person ? null : owner.organisationNumber, productReferences, applicationId,
        ],
      );
    },

    /** Keeps the renewal orders of an application, replacing any kept before. */
    async saveRenewalOrders(applicationId: string, orders: readonly RenewalOrder[]): Promise<void> {
      await db.query(
        `INSERT INTO renewal_orders (application_id, orders) VALUES ($1, $2::jsonb)
         ON CONFLICT (application_id) DO UPDATE SET orders = excluded.orders, updated_at = now()`,
        [applicationId, JSON.stringify(orders)],
      );
    },

    async findRenewalOrders(applicationId: string): Promise<RenewalOrder[]> {
      const [row] = await db.query<{ orders: RenewalOrder[] }>('SELECT orders FROM renewal_orders WHERE application_id = $1', [applicationId]);
      return row?.orders ?? [];
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
