/**
 * Logs never carry national ID numbers, phone numbers or e-mail addresses (PRODUCT section 6).
 * Known fields are removed by path; anything else that looks like one of them is masked wherever
 * it appears in a logged string.
 */

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g;
// Norwegian (11) and Swedish (10 or 12, optionally with a separator) identity numbers.
const NATIONAL_ID = /(?<![\dA-Za-z])(?:\d{6}[-+]?\d{4,5}|\d{8}[-+]?\d{4})(?![\dA-Za-z])/g;
// Phone numbers with a country prefix or a leading zero, spaces and hyphens allowed.
const PHONE = /(?<![\dA-Za-z])(?:\+|00)?\d[\d\s-]{6,16}\d(?![\dA-Za-z])/g;

export function redactString(value: string): string {
  return value.replace(EMAIL, '[email]').replace(NATIONAL_ID, '[id]').replace(PHONE, (match) =>
    // Only mask runs that hold enough digits to be a phone number.
    match.replace(/\D/g, '').length >= 8 ? '[phone]' : match,
  );
}

const SENSITIVE_KEYS = new Set([
  'nationalid', 'national_id', 'ssn', 'socialno', 'governmentid', 'personnummer', 'fodselsnummer',
  'email', 'phone', 'mobilephone', 'telephone', 'address', 'postalcode', 'postal_code',
  'firstname', 'lastname', 'first_name', 'last_name', 'name', 'fullname',
  'password', 'secret', 'client_secret', 'authorization', 'cookie', 'set-cookie', 'apikey', 'api_key',
]);

/** One field of a logged object: removed when its name says it is personal, masked otherwise. */
export function redactField(key: string, value: unknown, depth = 0): unknown {
  return SENSITIVE_KEYS.has(key.toLowerCase()) ? '[redacted]' : redactValue(value, depth + 1);
}

/** A deep copy with sensitive fields replaced and every string masked. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Error) {
    return { type: value.name, message: redactString(value.message), stack: value.stack && redactString(value.stack) };
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = redactField(key, v, depth);
  }
  return out;
}
