/**
 * What the client API's routes take (path parameters, query strings and bodies), where the
 * route checks them with a schema. The apply form's body is `applyFormSchema` (apply-form.ts):
 * it depends on the application's country and customer type, so the use case checks it.
 */
import { MY_DOCUMENT_KINDS, REVIEW_ATTACHMENT_MAX_BYTES, REVIEW_ATTACHMENT_TYPES, REVIEW_VIEW_MAX_LENGTH, REVIEW_WANTS } from '../after-decision';
import { LANGUAGES } from '../countries';
import { GRENKE_MOCK_ACTIONS, MOCK_DELAY_SECONDS } from '../limits';
import { INDIVIDUALIZED_TERMS_TYPES } from '../outcomes';
import { renewalOrderSchema } from '../schemas/apply-form';
import { requiredText } from '../schemas/atoms';
import { z } from '../schemas/zod';

export const referenceParamsSchema = z.object({ reference: requiredText(100) });

/** Sandbox only: log in as a test person, or as the customer of the application named. */
export const dummyLoginBodySchema = z.nullish(z.strictObject({ reference: z.optional(requiredText(100)) }));

export const bankIdStartParamsSchema = z.object({ country: z.string() });
/** `lang`: the portal's UI language, which the broker's pages should speak (`ui_locales`). */
/** `then`: where to go once identified without an application (the customer's own page). */
export const bankIdStartSchema = z.object({
  reference: z.optional(requiredText(100)),
  lang: z.optional(z.enum(LANGUAGES)),
  then: z.optional(z.enum(['my-applications'])),
});

export const individualizedTermsQuerySchema = z.object({ termsType: z.enum(INDIVIDUALIZED_TERMS_TYPES) });

/** The two return addresses of Resurs' signing: only the portal's own are accepted. */
export const signingStartBodySchema = z.strictObject({ successUrl: requiredText(2000), failUrl: requiredText(2000) });

export const renewalInitBodySchema = z.strictObject({
  consents: z.strictObject({ fairownRenewalAssessmentConsent: z.literal(true), fairownRenewalConsent: z.literal(true) }),
  orders: z.array(renewalOrderSchema).check(z.minLength(1), z.maxLength(20)),
});

export const grenkeMockParamsSchema = z.object({ action: z.enum(GRENKE_MOCK_ACTIONS), merchantPaymentReference: requiredText(100) });
/** `delay` in milliseconds. */
export const grenkeMockQuerySchema = z.object({
  delay: z._default(
    z.coerce.number().check(z.int(), z.minimum(0), z.maximum(MOCK_DELAY_SECONDS.max * 1000)),
    MOCK_DELAY_SECONDS.default * 1000,
  ),
});

export const paymentStatusQuerySchema = z.object({ merchantId: requiredText(100), merchantPaymentReference: requiredText(100) });

export const signedDocumentQuerySchema = z.object({ signingRef: requiredText(200), packagingTaskId: requiredText(200) });

// The customer's own page (issue 32, domain/after-decision.ts).
export const myApplicationParamsSchema = referenceParamsSchema;
export const myDocumentParamsSchema = z.object({
  reference: requiredText(100),
  kind: z.enum(MY_DOCUMENT_KINDS),
});

/** A review request: at least one thing asked for; the customer's view and a document are optional. */
export const reviewRequestBodySchema = z.strictObject({
  wants: z.array(z.enum(REVIEW_WANTS)).check(z.minLength(1), z.maxLength(REVIEW_WANTS.length)),
  view: z.optional(z.string().check(z.trim(), z.maxLength(REVIEW_VIEW_MAX_LENGTH))),
  attachment: z.optional(
    z.strictObject({
      filename: z.string().check(z.minLength(1), z.maxLength(200)),
      contentType: z.enum(REVIEW_ATTACHMENT_TYPES),
      /** The file's bytes, base64; at most REVIEW_ATTACHMENT_MAX_BYTES once decoded. */
      contentBase64: z.string().check(z.minLength(1), z.maxLength(Math.ceil(REVIEW_ATTACHMENT_MAX_BYTES / 3) * 4 + 4)),
    }),
  ),
});
export type ReviewRequestBody = z.output<typeof reviewRequestBodySchema>;

/** The second step of a withdrawal: the customer confirms. */
export const withdrawalBodySchema = z.strictObject({ confirm: z.literal(true) });
export type WithdrawalBody = z.output<typeof withdrawalBodySchema>;
