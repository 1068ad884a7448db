/** Validation atoms shared by the merchant API, the apply form and the server. */
import { COUNTRIES, type CountryCode } from '../countries';
import { isValidNationalId, isValidOrganisationNumber } from '../identity-numbers';
import { TEXT_LIMITS } from '../limits';
import { validationKey } from '../messages';
import { EMAIL_PATTERN, hasUnsafeText } from '../patterns';
import { validationErrorMap, z } from './zod';

const wrongFormat = validationKey('wrongFormat');

/** No NUL, no lone UTF-16 surrogate (patterns.ts): a check every text atom carries. */
export const safeText = () => z.refine<string>((value) => !hasUnsafeText(value), validationKey('invalidCharacters'));

/** Trimmed text of at most `max` characters; empty counts as missing. */
export const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max), safeText());

/** Trimmed text that may be absent or null. */
export const optionalText = (max: number) => z.nullish(z.string().check(z.trim(), z.maxLength(max), safeText()));

export const emailSchema = requiredText(TEXT_LIMITS.email).check(z.regex(EMAIL_PATTERN, wrongFormat));

export const phoneSchema = (country: CountryCode) =>
  requiredText(TEXT_LIMITS.phone).check(z.regex(COUNTRIES[country].phonePattern, wrongFormat));

export const postalCodeSchema = (country: CountryCode) =>
  requiredText(TEXT_LIMITS.postalCode).check(z.regex(COUNTRIES[country].postalCodePattern, wrongFormat));

export const nationalIdSchema = (country: CountryCode) =>
  requiredText(20).check(z.refine((value) => isValidNationalId(country, value), validationKey('invalidSsn')));

export const organisationNumberSchema = (country: CountryCode) =>
  requiredText(20).check(
    z.refine((value) => isValidOrganisationNumber(country, value), validationKey('invalidOrgNumber')),
  );

/** An absolute http(s) URL without credentials. Whether its origin is allowed is the server's business. */
export const absoluteUrlSchema = requiredText(TEXT_LIMITS.url).check(
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, validationKey('invalidUrl')),
);

type RefinementCtx = Parameters<Parameters<typeof z.superRefine>[0]>[1];

/** Checks a value with a schema inside a superRefine, reporting its first issue at `path`. */
export function checkField(ctx: RefinementCtx, schema: z.ZodMiniType, value: unknown, path: (string | number)[]): void {
  // Inside a parse with validationErrorMap already: the nested field's message is a key too.
  const result = schema.safeParse(value, { error: validationErrorMap });
  const issue = result.success ? undefined : result.error.issues[0];
  if (!issue) return;
  ctx.addIssue({ code: 'custom', path: [...path, ...issue.path], message: issue.message });
}
