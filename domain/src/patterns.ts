/**
 * The shapes of spec section 5. Check digits live in identity-numbers.ts; these patterns only
 * decide whether a value is written in an acceptable form.
 */

/**
 * What no text the portal takes may hold: U+0000 (PostgreSQL's text type refuses it) and a UTF-16
 * half without its other half (a lone surrogate is not Unicode text and cannot be stored or
 * encoded as UTF-8). Every schema's text atoms and the server's check of each request's
 * parameters, query, headers, cookies and body use this one definition.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this pattern finds
export const UNSAFE_TEXT_PATTERN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** U+0000 or any UTF-16 half: a quick first look, as nearly every text has neither. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this pattern finds
const SUSPECT_TEXT_PATTERN = /[\u0000\ud800-\udfff]/;

export const hasUnsafeText = (value: string): boolean => SUSPECT_TEXT_PATTERN.test(value) && UNSAFE_TEXT_PATTERN.test(value);

/** local-part@domain with a top-level part of two or more letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export const PHONE_PATTERNS = {
  /** Optional +47 or 0047, then 8 digits starting 2-9; spaces or hyphens allowed. */
  NO: /^(?:\+47|0047)?[\s-]?[2-9](?:[\s-]?\d){7}$/,
  /** 0, +46 or 0046, an area or mobile prefix, then 5-8 further digits; spaces or hyphens allowed. */
  SE: /^(?:\+46|0046|0)[\s-]?[1-9](?:[\s-]?\d){0,2}[\s-]?(?:\d[\s-]?){4,7}\d$/,
} as const;

export const NATIONAL_ID_PATTERNS = {
  /** DDMMYY plus 5 digits, an optional hyphen before the last 5. Day and month may carry the
   * D-number (+40) and synthetic (+40/+80) offsets; the check digits decide the rest. */
  NO: /^\d{6}-?\d{5}$/,
  /** Year in 4 or 2 digits, month, day, an optional - or + separator, then 4 digits. */
  SE: /^(?:\d{2})?\d{6}[-+]?\d{4}$/,
} as const;

export const ORGANISATION_NUMBER_PATTERNS = {
  NO: /^\d{3}\s?\d{3}\s?\d{3}$/,
  SE: /^(?:16)?\d{6}-?\d{4}$/,
} as const;

export const POSTAL_CODE_PATTERNS = {
  NO: /^\d{4}$/,
  SE: /^\d{3}\s?\d{2}$/,
} as const;
