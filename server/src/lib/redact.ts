/**
 * Logs never carry national ID numbers, phone numbers or e-mail addresses (PRODUCT section 6).
 * Known fields are removed by path; anything else that looks like one of them is masked wherever
 * it appears in a logged string: as it is, percent-encoded (`kari%40example.com`, `%2B47`, in a
 * URL or its query string, encoded twice), or JSON-escaped (`\u0040`). Only the personal part of a
 * string changes: references, order numbers (`order-10001`), UUIDs, timestamps, durations, file
 * paths and anything else around it stay exactly as they were.
 *
 * A number counts as personal only by its shape: a national ID has a date in it (Norway
 * DDMMYY+5 digits, with D- and H-number offsets; Sweden (YY)YYMMDD+4), a phone number a country
 * prefix or a national form (Norway 8 digits from 2, Sweden 0 and 7 to 9 more). A run of digits
 * joined to letters by `-` or `.` is part of an identifier, not a number of its own.
 */

/** A letter, a digit or `_`: what identifiers are made of. */
const W = String.raw`[\p{L}\p{N}_]`;
/** Not inside an identifier: no identifier character before, nor one joined by `-` or `.`. */
const START = String.raw`(?<!${W}|${W}[-.])`;
const END = String.raw`(?!${W}|[-.]${W})`;

const EMAIL = new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?![\p{L}\p{N}-])`, 'gu');

const NO_ID = String.raw`(?:0[1-9]|[12]\d|3[01]|[4-6]\d|7[01])(?:0[1-9]|1[0-2]|4[1-9]|5[0-2]|8[1-9]|9[0-2])\d{2}[-\s]?\d{5}`;
const SE_ID = String.raw`(?:(?:18|19|20)\d{2}|\d{2})(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]|6[1-9]|[78]\d|9[01])[-+]?\d{4}`;
const NATIONAL_ID = new RegExp(`${START}(?:${NO_ID}|${SE_ID})${END}`, 'gu');

const GROUPED = String.raw`[\s-]?\d`;
const PHONE = new RegExp(
  `${START}(?:` +
    // A country prefix: + and any country code, or 00 and a Nordic one; then 6 to 12 digits.
    String.raw`(?:\+[1-9]\d{0,2}|00(?:45|46|47|354|358))(?:[\s.+-]?\d){6,12}` +
    // Norway: 8 digits, the first 2-9.
    String.raw`|[2-9]\d(?:${GROUPED}){6}` +
    // Sweden: 0, an area or mobile prefix, 8 to 10 digits in all.
    String.raw`|0[1-9](?:${GROUPED}){6,8}` +
    `)${END}`,
  'gu',
);

/** What looks like a number but is not personal: UUIDs and ISO dates and times. */
const PROTECTED = new RegExp(
  String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}` +
    String.raw`|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`,
  'giu',
);

interface View {
  /** The text with its escapes decoded. */
  text: string;
  /** For each character of `text`, where it starts and ends in the logged string. */
  start: number[];
  end: number[];
}

const HEX = /^[0-9a-f]+$/i;

/** One round of decoding: `%XX` of an ASCII character, and `\uXXXX`. */
function decodeOnce(view: View): View {
  const { text } = view;
  const out: View = { text: '', start: [], end: [] };
  let i = 0;
  while (i < text.length) {
    let char = text.charAt(i);
    let width = 1;
    if (char === '%' && HEX.test(text.slice(i + 1, i + 3)) && i + 2 < text.length) {
      const code = Number.parseInt(text.slice(i + 1, i + 3), 16);
      if (code < 0x80) [char, width] = [String.fromCharCode(code), 3];
    } else if (char === '\\' && text.charAt(i + 1) === 'u' && HEX.test(text.slice(i + 2, i + 6)) && i + 5 < text.length) {
      [char, width] = [String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16)), 6];
    }
    out.text += char;
    out.start.push(view.start[i] ?? i);
    out.end.push(view.end[i + width - 1] ?? i + width);
    i += width;
  }
  return out;
}

/** The string as a reader would see it: escapes decoded (twice, for a URL inside a URL). */
function decodedView(value: string): View {
  // Positions count UTF-16 units, as string indices do.
  let view: View = { text: value, start: Array.from({ length: value.length }, (_, i) => i), end: Array.from({ length: value.length }, (_, i) => i + 1) };
  for (let round = 0; round < 2 && /%[0-7][0-9a-f]|\\u[0-9a-f]{4}/i.test(view.text); round += 1) view = decodeOnce(view);
  return view;
}

type Span = [start: number, end: number, mask: string];

export function redactString(value: string): string {
  // Nothing personal without a digit or an at sign, in any encoding.
  if (!/[\d@]/.test(value)) return value;
  const view = decodedView(value);
  const taken: [number, number][] = [];
  for (const match of view.text.matchAll(PROTECTED)) taken.push([match.index, match.index + match[0].length]);
  const spans: Span[] = [];
  for (const [pattern, mask] of [[EMAIL, '[email]'], [NATIONAL_ID, '[id]'], [PHONE, '[phone]']] as const) {
    for (const match of view.text.matchAll(pattern)) {
      const from = match.index;
      const to = from + match[0].length;
      if (taken.some(([a, b]) => from < b && a < to)) continue;
      taken.push([from, to]);
      spans.push([view.start[from] ?? from, view.end[to - 1] ?? to, mask]);
    }
  }
  if (spans.length === 0) return value;
  let out = '';
  let at = 0;
  for (const [from, to, mask] of spans.sort((a, b) => a[0] - b[0])) {
    if (from < at) continue;
    out += value.slice(at, from) + mask;
    at = to;
  }
  return out + value.slice(at);
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
