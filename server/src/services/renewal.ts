/**
 * Renewal (spec sections 2-5 and 9, PRODUCT section 2.7): an approved, completed application
 * becomes a subscription of its customer; a later application of the same customer lists its
 * products up for renewal, and the orders the customer selects are kept with that application.
 *
 * Whose a subscription is follows the customer, never who signed: a person's consumer
 * subscriptions are theirs (country and national ID), a company's leases the company's (country
 * and organisation number). So a person's private application lists only their own consumer
 * subscriptions, and a company's application only the company's leases.
 */
import type { FastifyInstance } from 'fastify';
import {
  type FieldMessages,
  type RenewalOrder,
  type RenewalProductView,
  residualValueAtRenewal,
  sameAmount,
  toMinorUnits,
  validationKey,
} from '@portal/domain';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { CustomerRecord } from '../db/repositories/customers';
import type { SubscriptionOwner } from '../db/repositories/subscriptions';
import { randomToken } from '../lib/crypto';
import { ApiError } from '../lib/errors';

type RenewalApplication = Pick<ApplicationRecord, 'id' | 'customerType' | 'countryCode' | 'version'>;
type RenewalCustomer = Pick<CustomerRecord, 'nationalId' | 'organisationNumber'>;

/** Whose the application's subscription is (or would be); null while its key is not known. */
export function subscriptionOwnerOf(
  application: Pick<ApplicationRecord, 'customerType' | 'countryCode'>,
  customer: RenewalCustomer,
): SubscriptionOwner | null {
  if (application.customerType === 'LEGAL') {
    return customer.organisationNumber
      ? { customerType: 'LEGAL', countryCode: application.countryCode, organisationNumber: customer.organisationNumber }
      : null;
  }
  return customer.nationalId ? { customerType: 'PRIVATE', countryCode: application.countryCode, nationalId: customer.nationalId } : null;
}

/**
 * The screens that offer renewal: consumer version 2 (spec section 2) and business, where a
 * company is offered its leases. The version 1 consumer screen has no renewal section.
 */
export function offersRenewal(application: Pick<ApplicationRecord, 'customerType' | 'version'>): boolean {
  return application.customerType === 'LEGAL' || application.version === 2;
}

/** Products of the application's customer's own subscriptions up for renewal on its screen. */
export async function renewalProducts(q: Queryable, application: RenewalApplication, customer: RenewalCustomer): Promise<RenewalProductView[]> {
  const owner = subscriptionOwnerOf(application, customer);
  if (!owner || !offersRenewal(application)) return [];
  return repositories(q).subscriptions.renewableProducts(owner, application.id);
}

export type RenewalOrdersCheck = { ok: true; orders: RenewalOrder[] } | { ok: false; fieldErrors: FieldMessages };

/**
 * Checks the orders against the products offered: each item one of them, once, in the order of
 * its own subscription, with its SKU, serial number and residual value as the server has them
 * (amounts to the øre/öre), and each order's total the sum of its items'. Answers the orders
 * with the server's figures, or a message per field that is wrong.
 */
export function checkRenewalOrders(orders: readonly RenewalOrder[], offered: readonly RenewalProductView[]): RenewalOrdersCheck {
  const products = new Map(offered.map((product) => [product.productReference, product]));
  const fieldErrors: FieldMessages = {};
  const invalid = { key: validationKey('invalidOption') };
  const changed = { key: validationKey('residualValueChanged') };
  const subscriptionsSeen = new Set<string>();
  const productsSeen = new Set<string>();
  const checked: RenewalOrder[] = [];

  orders.forEach((order, i) => {
    const at = `orders.${i}`;
    if (subscriptionsSeen.has(order.subscriptionReference)) fieldErrors[`${at}.subscriptionReference`] = invalid;
    subscriptionsSeen.add(order.subscriptionReference);
    let totalMinor = 0;
    let allKnown = true;
    const items: RenewalOrder['items'] = [];
    order.items.forEach((item, j) => {
      const itemAt = `${at}.items.${j}`;
      const product = products.get(item.productReference);
      if (!product || product.subscriptionReference !== order.subscriptionReference || productsSeen.has(item.productReference)) {
        fieldErrors[`${itemAt}.productReference`] = invalid;
        allKnown = false;
        return;
      }
      productsSeen.add(item.productReference);
      if (item.sku !== product.skuCode) fieldErrors[`${itemAt}.sku`] = invalid;
      if (item.serialNumber !== product.serialNumber) fieldErrors[`${itemAt}.serialNumber`] = invalid;
      if (!sameAmount(item.displayedResidualValue, product.residualValue)) fieldErrors[`${itemAt}.displayedResidualValue`] = changed;
      totalMinor += toMinorUnits(product.residualValue);
      items.push({
        productReference: product.productReference,
        sku: product.skuCode,
        serialNumber: product.serialNumber,
        displayedResidualValue: product.residualValue,
      });
    });
    if (allKnown && toMinorUnits(order.displayedResidualValue) !== totalMinor) fieldErrors[`${at}.displayedResidualValue`] = changed;
    checked.push({ subscriptionReference: order.subscriptionReference, displayedResidualValue: totalMinor / 100, items });
  });

  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, orders: checked };
}

/**
 * Keeps the renewal orders chosen for an application, with the server's figures, once
 * `checkRenewalOrders` accepts them against the products the application offers. Otherwise
 * throws a 400 with a message per wrong field, and keeps nothing.
 */
export async function storeRenewalOrders(
  q: Queryable,
  application: RenewalApplication,
  customer: RenewalCustomer,
  orders: readonly RenewalOrder[],
): Promise<void> {
  const offered = await renewalProducts(q, application, customer);
  const result = checkRenewalOrders(orders, offered);
  if (!result.ok) throw ApiError.badRequest(result.fieldErrors);
  await repositories(q).subscriptions.saveRenewalOrders(application.id, result.orders);
}

/**
 * Turns a completed, approved application into a subscription of its customer (the person, or
 * the company for a lease), its items becoming products with their residual value at renewal
 * (domain `residualValueAtRenewal`), and marks the products it renewed. Idempotent: one
 * subscription per application.
 */
export async function createSubscription(
  app: FastifyInstance,
  q: Queryable,
  application: ApplicationRecord,
  customer: RenewalCustomer,
  monthlyPayment: number,
): Promise<void> {
  const owner = subscriptionOwnerOf(application, customer);
  if (!owner) {
    app.log.warn({ applicationId: application.id }, 'no subscription: the customer is not known');
    return;
  }
  const repos = repositories(q);
  const start = new Date();
  const end = new Date(start);
  end.setMonth(end.getMonth() + application.loanPeriod);
  const subscriptionId = await repos.subscriptions.insert({
    reference: `SUB-${randomToken(6).toUpperCase()}`,
    applicationId: application.id,
    merchantId: application.merchantId,
    owner,
    monthlyPayment,
    startDate: start.toISOString().slice(0, 10),
    endDate: end.toISOString().slice(0, 10),
  });
  if (!subscriptionId) return;
  const total = application.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0) || application.loanAmount;
  for (const item of application.items) {
    for (let n = 0; n < item.quantity; n += 1) {
      await repos.subscriptions.insertProduct(subscriptionId, {
        productReference: `P-${randomToken(6).toUpperCase()}`,
        productName: item.name,
        sku: item.sku,
        serialNumber: item.serialNumber ?? `SN-${randomToken(5).toUpperCase()}`,
        monthlyPayment: Math.round((item.unitPrice / total) * monthlyPayment * 100) / 100,
        residualValue: residualValueAtRenewal(item.unitPrice, application.loanPeriod),
      });
    }
  }
  const renewed = (await repos.subscriptions.findRenewalOrders(application.id)).flatMap((order) => order.items.map((item) => item.productReference));
  await repos.subscriptions.markRenewed(owner, renewed, application.id);
  app.log.info({ applicationId: application.id }, 'subscription created');
}
