/** The merchant API (PRODUCT section 4): request and answer shapes, shared with the demo shop. */
import { COUNTRY_CODES } from '../countries';
import { LOAN_LIMITS, TEXT_LIMITS } from '../limits';
import { validationKey } from '../messages';
import { MERCHANT_STATUSES } from '../lifecycle';
import { MONEY_OPERATION_KINDS, MONEY_OPERATION_STATES, SETTLEMENT_STATES } from '../settlement';
import { ERROR_CODES } from '../errors';
import { CURRENCIES } from '../countries';
import { CUSTOMER_TYPES, OUTCOMES } from '../outcomes';
import {
  absoluteUrlSchema,
  checkField,
  emailSchema,
  nationalIdSchema,
  optionalText,
  organisationNumberSchema,
  phoneSchema,
  postalCodeSchema,
  requiredText,
} from './atoms';
import { z } from './zod';

export const merchantPaymentReferenceSchema = requiredText(TEXT_LIMITS.merchantPaymentReference).check(
  z.regex(/^[A-Za-z0-9._:-]+$/, validationKey('wrongFormat')),
);

export const merchantCustomerSchema = z.strictObject({
  type: z.enum(CUSTOMER_TYPES),
  nationalId: optionalText(20),
  firstName: optionalText(TEXT_LIMITS.name),
  lastName: optionalText(TEXT_LIMITS.name),
  companyName: optionalText(TEXT_LIMITS.companyName),
  organisationNumber: optionalText(20),
  email: optionalText(TEXT_LIMITS.email),
  phone: optionalText(TEXT_LIMITS.phone),
  address: optionalText(TEXT_LIMITS.address),
  postalCode: optionalText(TEXT_LIMITS.postalCode),
  city: optionalText(TEXT_LIMITS.city),
});

export const merchantItemSchema = z.strictObject({
  sku: requiredText(TEXT_LIMITS.sku),
  name: requiredText(TEXT_LIMITS.itemName),
  quantity: z.int().check(z.minimum(1), z.maximum(1000)),
  unitPrice: z.number().check(z.minimum(0), z.maximum(LOAN_LIMITS.maxAmount)),
  serialNumber: optionalText(100),
});

const required = validationKey('required');

export const createApplicationRequestSchema = z
  .strictObject({
    merchantPaymentReference: merchantPaymentReferenceSchema,
    countryCode: z.enum(COUNTRY_CODES),
    customer: merchantCustomerSchema,
    loan: z.strictObject({
      loanAmount: z.number().check(z.minimum(LOAN_LIMITS.minAmount), z.maximum(LOAN_LIMITS.maxAmount)),
      loanPeriod: z.int().check(z.minimum(LOAN_LIMITS.minPeriodMonths), z.maximum(LOAN_LIMITS.maxPeriodMonths)),
    }),
    version: z._default(z.union([z.literal(1), z.literal(2)]), 2),
    items: z._default(z.array(merchantItemSchema).check(z.maxLength(TEXT_LIMITS.items)), []),
    callbackUrl: absoluteUrlSchema,
    webhookUrl: z.nullish(absoluteUrlSchema),
  })
  .check(
    z.superRefine((request, ctx) => {
      const { countryCode: country, customer } = request;
      const at = (field: string) => ['customer', field];
      if (customer.nationalId) checkField(ctx, nationalIdSchema(country), customer.nationalId, at('nationalId'));
      if (customer.email) checkField(ctx, emailSchema, customer.email, at('email'));
      if (customer.phone) checkField(ctx, phoneSchema(country), customer.phone, at('phone'));
      if (customer.postalCode) checkField(ctx, postalCodeSchema(country), customer.postalCode, at('postalCode'));

      if (customer.type === 'PRIVATE') {
        if (!customer.firstName) ctx.addIssue({ code: 'custom', path: at('firstName'), message: required });
        if (!customer.lastName) ctx.addIssue({ code: 'custom', path: at('lastName'), message: required });
      } else {
        if (!customer.companyName) ctx.addIssue({ code: 'custom', path: at('companyName'), message: required });
        if (customer.organisationNumber) {
          checkField(ctx, organisationNumberSchema(country), customer.organisationNumber, at('organisationNumber'));
        } else {
          ctx.addIssue({ code: 'custom', path: at('organisationNumber'), message: required });
        }
        // GRENKE leases objects: a business application needs at least one.
        if (request.items.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: required });
      }

      if (request.items.length > 0) {
        const total = request.items.reduce((sum, item) => sum + item.quantity * Math.round(item.unitPrice * 100), 0);
        if (total !== Math.round(request.loan.loanAmount * 100)) {
          ctx.addIssue({ code: 'custom', path: ['loan', 'loanAmount'], message: validationKey('amountMismatch') });
        }
      }
    }),
  );

export type CreateApplicationRequest = z.output<typeof createApplicationRequestSchema>;
export type CreateApplicationRequestInput = z.input<typeof createApplicationRequestSchema>;

export const createApplicationResponseSchema = z.object({
  reference: z.string(),
  applyUrl: z.string(),
  status: z.enum(MERCHANT_STATUSES),
});
export type CreateApplicationResponse = z.output<typeof createApplicationResponseSchema>;

export const applicationEventSchema = z.object({
  type: z.string(),
  at: z.string(),
  status: z.nullable(z.enum(MERCHANT_STATUSES)),
  outcome: z.nullable(z.enum(OUTCOMES)),
  detail: z.nullable(z.record(z.string(), z.unknown())),
});
export type ApplicationEventView = z.output<typeof applicationEventSchema>;

// ---- Money after the sale (issue 30) ----------------------------------------------------------

/** An amount of money as the merchant API takes it: more than zero, to the øre/öre. */
const amountSchema = z.number().check(
  z.gt(0),
  z.maximum(LOAN_LIMITS.maxAmount),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { message: validationKey('wrongFormat') }),
);

/** Some of an application's items, by their `sku`: what ships, comes back or is dropped. */
export const moneyLineRequestSchema = z.strictObject({
  sku: requiredText(TEXT_LIMITS.sku),
  quantity: z.int().check(z.minimum(1), z.maximum(1000)),
});

/**
 * A capture, refund or cancel: of some items (`lines`, a partial delivery or return), of an
 * `amount`, or, with neither, of everything there is for it (all that is open; all that was
 * captured and not refunded).
 */
export const moneyOperationRequestSchema = z
  .strictObject({
    amount: z.optional(amountSchema),
    lines: z.optional(z.array(moneyLineRequestSchema).check(z.minLength(1), z.maxLength(TEXT_LIMITS.items))),
  })
  .check(
    z.superRefine((request, ctx) => {
      if (request.amount !== undefined && request.lines !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: validationKey('amountOrLines') });
      }
    }),
  );
export type MoneyOperationRequest = z.output<typeof moneyOperationRequestSchema>;

/** A lease's delivery: when, and the serial numbers of the delivered items where the lender asks for them. */
export const confirmDeliveryRequestSchema = z.strictObject({
  deliveredOn: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, validationKey('wrongFormat')))),
  serialNumbers: z.optional(
    z.array(z.strictObject({ sku: requiredText(TEXT_LIMITS.sku), serialNumber: requiredText(100) })).check(z.maxLength(TEXT_LIMITS.items)),
  ),
});
export type ConfirmDeliveryRequest = z.output<typeof confirmDeliveryRequestSchema>;

/** The header that makes a money operation idempotent: the same key again answers the same operation. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = requiredText(200).check(z.regex(/^[\x21-\x7e]+$/, validationKey('wrongFormat')));

export const moneyOperationViewSchema = z.object({
  id: z.string(),
  kind: z.enum(MONEY_OPERATION_KINDS),
  /** pending: accepted and kept, the lender has not answered yet (it is retried); done or failed: answered. */
  state: z.enum(MONEY_OPERATION_STATES),
  /** Including VAT; null for a delivery confirmation. */
  amount: z.nullable(z.number()),
  lines: z.array(z.object({ sku: z.string(), quantity: z.number() })),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  /** Why it failed, in the error catalogue's terms. */
  failure: z.nullable(z.object({ errorCode: z.enum(ERROR_CODES) })),
});
export type MoneyOperationView = z.output<typeof moneyOperationViewSchema>;

/** A granted application's money at the lender (null before it is granted). */
export const moneyViewSchema = z.object({
  currency: z.enum(CURRENCIES),
  authorized: z.number(),
  captured: z.number(),
  refunded: z.number(),
  cancelled: z.number(),
  settlement: z.enum(SETTLEMENT_STATES),
});
export type MoneyView = z.output<typeof moneyViewSchema>;

/** The answer to a money operation: the operation and the application's money afterwards. */
export const moneyOperationResponseSchema = z.object({
  operation: moneyOperationViewSchema,
  money: z.nullable(moneyViewSchema),
});
export type MoneyOperationResponse = z.output<typeof moneyOperationResponseSchema>;

export const merchantApplicationViewSchema = z.object({
  merchantPaymentReference: z.string(),
  reference: z.string(),
  applyUrl: z.string(),
  countryCode: z.enum(COUNTRY_CODES),
  customerType: z.enum(CUSTOMER_TYPES),
  version: z.number(),
  status: z.enum(MERCHANT_STATUSES),
  outcome: z.nullable(z.enum(OUTCOMES)),
  createdAt: z.string(),
  updatedAt: z.string(),
  timeline: z.array(applicationEventSchema),
  /** A granted application's money: authorized, captured, refunded, cancelled (null before it is granted). */
  money: z.nullable(moneyViewSchema),
  /** A lease: when its delivery was confirmed (null before, and for a consumer credit). */
  deliveryConfirmedAt: z.nullable(z.string()),
  /** The merchant's money operations on it, oldest first, with their states. */
  operations: z.array(moneyOperationViewSchema),
});
export type MerchantApplicationView = z.output<typeof merchantApplicationViewSchema>;
