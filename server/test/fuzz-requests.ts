/**
 * Requests a fuzzer sends to the client and merchant APIs (fast-check arbitraries): valid bodies
 * with one to three parts swapped for something nasty (U+0000, lone UTF-16 surrogates, overlong
 * text, deep nesting, huge or odd numbers, wrong types, unknown keys), arbitrary JSON, text that
 * is not JSON, and noise in the query string, the path, headers and cookies.
 */
import fc from 'fast-check';
import { ERROR_CODES, hasUnsafeText } from '@portal/domain';

/** A number written as raw JSON text (beyond what JSON.stringify writes: 1e400, 30 digits, -0). */
class RawJson {
  constructor(readonly text: string) {}
}

export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** What one endpoint takes when it is called right: the fuzzer starts from it. */
export interface EndpointShape {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  /** The path with `{param}` for a value the fuzzer may replace. */
  path: string;
  /** The path parameter's valid value. */
  param?: string;
  query?: Record<string, string>;
  body?: unknown;
  headers: Record<string, string>;
}

const NASTY_TEXT = [
  '\u0000', 'a\u0000b', '\u0000\u0000', '\ud800', 'x\udfff', '\udbff', '\udc00\ud800', '\ud83d\ude42', '', ' ', '\t\n',
  '\u202e', '\ufeff', '\uffff', "'; DROP TABLE applications; --", '%00', '\\u0000', '../../etc/passwd', '<script>x</script>',
  'NaN', 'null', 'true', '1e400', '__proto__', 'constructor', 'toString', '${7*7}', '{{7*7}}', '-1', '0', '00000000000',
];

const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
  // Overlong: past every text limit, a few past the body limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 101, max: 5000 }) }, { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 80_000 }) }), fc.constantFrom('x', '9', '\u0000', 'ø'))
      .map(([n, c]) => c.repeat(n)),
  },
);

const rawNumber = fc.constantFrom('1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '9007199254740993', '1E308', '0.1e1', '-9999999999999999999');

/** Nested arrays or objects, deeper than any schema goes (as text: too deep for JSON.stringify's stack here). */
const deep = fc.tuple(fc.integer({ min: 2, max: 2500 }), fc.boolean(), fc.constantFrom('1', '"\\u0000"', 'null', '"x"')).map(
  ([depth, arrays, leaf]) => new RawJson(arrays ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyText },
  { weight: 2, arbitrary: rawNumber.map((text) => new RawJson(text)) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e21)) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: deep },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyText, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyText, nastyText, { maxKeys: 4 }) },
);

/** Every path into a JSON value, the value itself first. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

type Mutation = { path: (string | number)[]; op: 'replace' | 'delete' | 'add'; key: string; value: unknown };

function mutate(body: unknown, mutations: Mutation[]): unknown {
  let result: unknown = structuredClone(body);
  for (const mutation of mutations) {
    const { path, op, key } = mutation;
    // A copy each time: one generated value put in two places would make the body circular.
    const value = mutation.value instanceof RawJson ? mutation.value : structuredClone(mutation.value);
    if (path.length === 0) {
      if (op === 'replace') result = value;
      else if (op === 'add' && result !== null && typeof result === 'object' && !Array.isArray(result)) (result as Record<string, unknown>)[key] = value;
      continue;
    }
    let parent: unknown = result;
    // An earlier mutation may have removed or replaced what this path went through.
    for (const step of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[step] : undefined;
    if (parent === null || typeof parent !== 'object') continue;
    const last = path[path.length - 1] as string | number;
    const container = parent as Record<string | number, unknown>;
    if (op === 'delete') {
      if (Array.isArray(container) && typeof last === 'number') container.splice(last, 1);
      else delete container[last];
    } else if (op === 'add') {
      const target = container[last];
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>)[key] = value;
      else container[last] = value;
    } else {
      container[last] = value;
    }
  }
  return result;
}

/** JSON text of a value, with raw numbers written as they are. */
function jsonText(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raw.push(v.text);
      return `\u0001RAW${raw.length - 1}\u0001`;
    }
    return v;
  });
  // JSON.stringify writes \u0001 as an escape sequence.
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raw[Number(i)] ?? '0');
}

/** Percent-encodes any string, a lone surrogate as the bytes it would have in WTF-8 (invalid UTF-8). */
export function encodeLoose(value: string): string {
  if (!hasUnsafeText(value) || !/[\ud800-\udfff]/.test(value)) return encodeURIComponent(value);
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const NOT_JSON = ['', '{', '[', '{"a":', 'nul', 'undefined', "{'a':1}", '{"a":1,}', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '[]', '"x"', '0', '\ufeff{}'];

const bodyArbitrary = (shape: EndpointShape): fc.Arbitrary<string | undefined> => {
  const valid = shape.body ?? {};
  const paths = pathsOf(valid);
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    path: fc.constantFrom(...paths),
    op: fc.constantFrom<Mutation['op']>('replace', 'replace', 'replace', 'delete', 'add'),
    key: fc.oneof(fc.constantFrom('extra', '__proto__', 'constructor', ''), nastyText.filter((k) => k.length < 50)),
    value: nastyValue,
  });
  return fc.oneof(
    { weight: 12, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((m) => jsonText(mutate(valid, m))) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => jsonText(v)) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...NOT_JSON), deep.map((v) => v.text.slice(0, -3)), fc.string({ unit: 'binary', maxLength: 50 })) },
    { weight: 1, arbitrary: fc.constant(jsonText(valid)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
};

const noise = {
  query: fc.dictionary(fc.oneof(fc.constantFrom('reference', 'ref', 'merchantId', 'merchantPaymentReference', 'delay', 'termsType', 'lang', 'countryCode', 'x'), nastyText), nastyText, { minKeys: 1, maxKeys: 3 }),
  language: fc.oneof(fc.constantFrom('sv', 'nb-NO,nb;q=0.9', '*', 'xx', ';q=', 'en;q=abc', 'a'.repeat(5000), 'sv\u0000'), fc.string({ unit: 'binary-ascii', maxLength: 40 })),
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=\u0000', '', 'application/vnd.api+json', 'application/xml'),
  cookie: fc.oneof(fc.constantFrom('portal_sid=', 'portal_sid=%00', 'portal_sid=%ED%A0%80', 'portal_sid=s%3Aabc.def', 'portal_sid="unterminated', ';;;=;'), nastyText.map((t) => `portal_sid=${encodeLoose(t)}`)),
};

/** Requests for one endpoint: mostly the valid call with something nasty in it. */
export function requestArbitrary(shape: EndpointShape): fc.Arbitrary<FuzzRequest> {
  const hasBody = shape.method !== 'GET';
  return fc
    .record({
      body: hasBody ? bodyArbitrary(shape) : fc.constant(undefined),
      param: shape.param === undefined ? fc.constant(undefined) : fc.option(nastyText, { freq: 3 }),
      query: fc.option(fc.oneof(noise.query, shape.query ? fc.constantFrom(...Object.keys(shape.query)).chain((key) => nastyText.map((v) => ({ ...shape.query, [key]: v }))) : noise.query), { freq: shape.method === 'GET' ? 2 : 5 }),
      language: fc.option(noise.language, { freq: 5 }),
      contentType: fc.option(noise.contentType, { freq: 8 }),
      cookie: fc.option(noise.cookie, { freq: 10 }),
    })
    .map(({ body, param, query, language, contentType, cookie }) => {
      const value = param ?? shape.param ?? '';
      let url = shape.path.replace('{param}', encodeLoose(value));
      const search = query ?? shape.query;
      if (search) url += `?${Object.entries(search).map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&')}`;
      const headers: Record<string, string> = { ...shape.headers };
      if (language !== null) headers['accept-language'] = language;
      if (cookie !== null) headers.cookie = headers.cookie && cookie.length % 2 === 0 ? `${headers.cookie}; ${cookie}` : cookie;
      if (body !== undefined) headers['content-type'] = contentType ?? 'application/json';
      return { method: shape.method, url, headers, ...(body === undefined ? {} : { payload: body }) };
    });
}

/** Signs of a database, driver or stack in an answer: none may ever carry one. */
const LEAKS = /invalid byte sequence|syntax error|violates|duplicate key|relation "|column "|SQLSTATE|sqlState|pglite|postgres|pg-boss|node_modules|\bat [\w.$<>]+ \(|\.[cm]?[jt]s:\d+|ECONNREFUSED|TypeError|RangeError|ReferenceError|\bstack\b/i;

/** What is wrong with an answer, or null: a 5xx, a leak, or an error that is not in the catalogue's shape. */
export function problemOf(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (LEAKS.test(body)) return `answer carries internal detail: ${body.slice(0, 200)}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json')) return `error answer is ${contentType ?? 'untyped'}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'error answer is not JSON';
  }
  const b = parsed as Record<string, unknown>;
  const shapeOk =
    b.status === status &&
    typeof b.errorCode === 'string' &&
    (ERROR_CODES as readonly string[]).includes(b.errorCode) &&
    typeof b.message === 'string' &&
    (b.fieldErrors === undefined || (typeof b.fieldErrors === 'object' && b.fieldErrors !== null && Object.values(b.fieldErrors).every((m) => typeof m === 'string'))) &&
    Object.keys(b).every((k) => ['status', 'errorCode', 'message', 'fieldErrors'].includes(k));
  return shapeOk ? null : `error answer not in the catalogue's shape: ${body.slice(0, 200)}`;
}

export interface Counts {
  sent: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
}

export const noCounts = (): Counts => ({ sent: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 });

export function count(counts: Counts, status: number): void {
  counts.sent += 1;
  const key = status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';
  counts[key] += 1;
}
