/**
 * The apply form (spec sections 3, 4, 5): what the customer sends when applying. The web form and
 * the server validate with the same schema, built for the application's country and customer
 * type (the rules are rebuilt when the country changes).
 */
import type { CountryCode } from '../countries';
import { FLEX_YOUNG, TEXT_LIMITS } from '../limits';
import { validationKey } from '../messages';
import { type CustomerType, RENEWAL_CONSENT_FIELDS } from '../outcomes';
import { emailSchema, phoneSchema, postalCodeSchema, requiredText } from './atoms';
import { z } from './zod';

const termsNotAccepted = validationKey('termsNotAccepted');

/** A consent checkbox that must be ticked: missing is "required", unticked is "terms must be accepted". */
const acceptedConsent = z.boolean().check(z.refine((value) => value === true, termsNotAccepted));
const optionalConsent = z.optional(z.boolean());

/**
 * A product selected for renewal, with the residual value the customer was shown. The server
 * accepts it only when the product is the customer's own and the figure is its own (to the
 * øre/öre), and keeps its own figure.
 */
export const renewalOrderItemSchema = z.strictObject({
  productReference: requiredText(100),
  sku: requiredText(TEXT_LIMITS.sku),
  serialNumber: requiredText(100),
  displayedResidualValue: z.number().check(z.minimum(0)),
});

/** The products selected of one subscription; `displayedResidualValue` is the sum of the items'. */
export const renewalOrderSchema = z.strictObject({
  subscriptionReference: requiredText(100),
  displayedResidualValue: z.number().check(z.minimum(0)),
  items: z.array(renewalOrderItemSchema).check(z.minLength(1), z.maxLength(50)),
});
export type RenewalOrder = z.output<typeof renewalOrderSchema>;

export interface ApplyFormOptions {
  /** Resurs version 1 also carries the credit-check consent (spec section 7). */
  creditConsent?: boolean;
}

export function applyFormSchema(country: CountryCode, customerType: CustomerType, options: ApplyFormOptions = {}) {
  return z
    .strictObject({
      creditConsent: options.creditConsent ? acceptedConsent : z.optional(z.literal(true)),
      phone: phoneSchema(country),
      email: emailSchema,
      address: requiredText(TEXT_LIMITS.address),
      postalCode: postalCodeSchema(country),
      city: requiredText(TEXT_LIMITS.city),
      personalInfoConsent: acceptedConsent,
      privacyConsent: acceptedConsent,
      leasingTermsConsent: customerType === 'LEGAL' ? acceptedConsent : optionalConsent,
      /** `student` applies for FLEX Young. */
      accountKey: z.nullish(z.enum([FLEX_YOUNG.accountKey])),
      fairownRenewalAssessmentConsent: optionalConsent,
      fairownRenewalConsent: optionalConsent,
      orders: z._default(z.array(renewalOrderSchema).check(z.maxLength(20)), []),
    })
    .check(
      z.superRefine(
        (form, ctx) => {
          // Both renewal consents are required only when a renewal order is selected.
          if (form.orders.length === 0) return;
          const flagged = new Set(ctx.issues.map((issue) => issue.path?.[0]));
          for (const field of RENEWAL_CONSENT_FIELDS) {
            // A consent with an issue of its own (not a boolean) already has its one message.
            if (form[field] !== true && !flagged.has(field)) {
              ctx.addIssue({ code: 'custom', path: [field], message: form[field] === undefined ? validationKey('required') : termsNotAccepted });
            }
          }
        },
        // By default zod skips a refinement once a field has failed, so a customer would meet
        // the renewal consents only in a second round. It runs whenever the orders are a list.
        { when: ({ value }) => hasOrderList(value) },
      ),
    );
}

const hasOrderList = (value: unknown): value is { orders: unknown[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { orders?: unknown }).orders);
export type ApplyForm = z.output<ReturnType<typeof applyFormSchema>>;
export type ApplyFormInput = z.input<ReturnType<typeof applyFormSchema>>;
