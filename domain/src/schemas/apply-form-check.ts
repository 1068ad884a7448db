/**
 * The apply form's rules checked without zod, for the browser: the same fields, limits, patterns
 * and messages as `applyFormSchema` (apply-form.ts), which the server checks with, answering the
 * same field messages (`fieldMessagesOf`) and the same cleaned values. zod is a tenth of the apply
 * route's JavaScript budget for one small form (ADR 14); `apply-form-check.test.ts` runs both
 * over the same inputs, so the two cannot drift apart. No zod import here, not even indirectly.
 */
import { COUNTRIES, type CountryCode } from '../countries';
import { FLEX_YOUNG, TEXT_LIMITS } from '../limits';
import { validationKey, type ValidationMessageKey } from '../messages';
import { type CustomerType, RENEWAL_CONSENT_FIELDS } from '../outcomes';
import { EMAIL_PATTERN } from '../patterns';
import type { ApplyFormOptions } from './apply-form';
import type { FieldMessage, FieldMessages } from './zod';

type Check = (value: unknown) => { message: FieldMessage } | { value: unknown };
type Shape = Record<string, Check>;

const fail = (key: ValidationMessageKey, params: Record<string, number> = {}) => ({ message: { key: validationKey(key), params } });
const missingOrWrong = (value: unknown) => fail(value === undefined || value === null ? 'required' : 'wrongType');

/** `requiredText(max)`, with the pattern of `.check(z.regex(…))` when given. */
const text =
  (max: number, pattern?: RegExp): Check =>
  (value) => {
    if (typeof value !== 'string') return missingOrWrong(value);
    const trimmed = value.trim();
    if (trimmed.length < 1) return fail('required', { min: 1 });
    if (trimmed.length > max) return fail('tooLong', { max });
    if (pattern && !pattern.test(trimmed)) return fail('wrongFormat');
    return { value: trimmed };
  };

const accepted: Check = (value) =>
  typeof value !== 'boolean' ? missingOrWrong(value) : value ? { value } : { message: { key: validationKey('termsNotAccepted'), params: {} } };
const optionalBoolean: Check = (value) => (value === undefined || typeof value === 'boolean' ? { value } : missingOrWrong(value));
const optionalLiteral =
  (...allowed: readonly unknown[]): Check =>
  (value) =>
    value === undefined || allowed.includes(value) ? { value } : fail('invalidOption');

const nonNegative: Check = (value) =>
  typeof value !== 'number' || !Number.isFinite(value) ? missingOrWrong(value) : value < 0 ? fail('tooSmall', { min: 0 }) : { value };

const join = (at: string, key: string | number) => (at ? `${at}.${key}` : String(key));

/** What a check has found: one message per field (the first), by dotted path. */
interface Found {
  errors: FieldMessages;
  /** A list was too long: zod ends the form's own checks there (no renewal consents asked). */
  listTooLong: boolean;
}

/** The messages of a value against a shape (strict: unknown keys are refused). */
function object(shape: Shape, value: unknown, at: string, found: Found): Record<string, unknown> | undefined {
  const out = found.errors;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out[at || 'body'] ??= missingOrWrong(value).message;
    return undefined;
  }
  const input = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(shape)) {
    const checked = check(input[key]);
    if ('message' in checked) out[join(at, key)] ??= checked.message;
    else if (checked.value !== undefined || key in input) result[key] = checked.value;
  }
  for (const key of Object.keys(input)) {
    if (!(key in shape)) out[join(at, key)] ??= { key: validationKey('unknownField'), params: {} };
  }
  return result;
}

/** A list of at most `max` (at least `min`) elements, each checked by `element`. */
function list(value: unknown, path: string, found: Found, { min, max }: { min: number; max: number }, element: (item: unknown, at: string) => unknown) {
  const out = found.errors;
  if (!Array.isArray(value)) {
    out[path] ??= missingOrWrong(value).message;
    return undefined;
  }
  const items = value.map((item, i) => element(item, join(path, i)));
  if (value.length < min) out[path] ??= fail('required', { min }).message;
  if (value.length > max) {
    out[path] ??= fail('tooManyItems', { max }).message;
    found.listTooLong = true;
  }
  return items;
}

const ITEM: Shape = {
  productReference: text(100),
  sku: text(TEXT_LIMITS.sku),
  serialNumber: text(100),
  displayedResidualValue: nonNegative,
};

function renewalOrder(value: unknown, path: string, found: Found) {
  const order = object({ subscriptionReference: text(100), displayedResidualValue: nonNegative, items: () => ({ value: undefined }) }, value, path, found);
  if (!order) return undefined;
  order.items = list((value as { items?: unknown }).items, join(path, 'items'), found, { min: 1, max: 50 }, (item, at) => object(ITEM, item, at, found));
  return order;
}

export type ApplyFormCheck = { success: true; data: Record<string, unknown> } | { success: false; errors: FieldMessages };

/** Checks the apply form as `applyFormSchema(country, customerType, options).safeParse` does. */
export function checkApplyForm(country: CountryCode, customerType: CustomerType, options: ApplyFormOptions, input: unknown): ApplyFormCheck {
  const found: Found = { errors: {}, listTooLong: false };
  const { errors } = found;
  const shape: Shape = {
    creditConsent: options.creditConsent ? accepted : optionalLiteral(true),
    phone: text(TEXT_LIMITS.phone, COUNTRIES[country].phonePattern),
    email: text(TEXT_LIMITS.email, EMAIL_PATTERN),
    address: text(TEXT_LIMITS.address),
    postalCode: text(TEXT_LIMITS.postalCode, COUNTRIES[country].postalCodePattern),
    city: text(TEXT_LIMITS.city),
    personalInfoConsent: accepted,
    privacyConsent: accepted,
    leasingTermsConsent: customerType === 'LEGAL' ? accepted : optionalBoolean,
    accountKey: optionalLiteral(FLEX_YOUNG.accountKey, null),
    fairownRenewalAssessmentConsent: optionalBoolean,
    fairownRenewalConsent: optionalBoolean,
    orders: () => ({ value: undefined }),
  };
  const form = object(shape, input, '', found);
  if (form) {
    const orders = (input as { orders?: unknown }).orders;
    form.orders = orders === undefined ? [] : list(orders, 'orders', found, { min: 0, max: 20 }, (order, at) => renewalOrder(order, at, found));
    // Both renewal consents are required only when a renewal order is selected.
    if (Array.isArray(form.orders) && form.orders.length > 0 && !found.listTooLong) {
      for (const field of RENEWAL_CONSENT_FIELDS) {
        if (form[field] !== true && !(field in errors)) errors[field] = { key: validationKey(form[field] === undefined ? 'required' : 'termsNotAccepted'), params: {} };
      }
    }
  }
  return Object.keys(errors).length === 0 && form ? { success: true, data: form } : { success: false, errors };
}
