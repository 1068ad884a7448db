/**
 * Checks an answer of the client API against its schema in the browser without zod (ADR 21):
 * the web app reads the JSON Schema that `answers.ts`' zod schemas generate (answer-shapes.ts,
 * kept up to date by a test), with this small checker of the keywords those schemas use. zod
 * would add 6 KB (gzip) to every route for the same answer; `answer-shapes.test.ts` runs zod
 * and this checker over the same answers, so the two cannot drift apart. No zod import here.
 */

/** The JSON Schema keywords the answers' schemas use (the generator refuses any other). */
export interface AnswerShape {
  type?: JsonType | readonly JsonType[];
  properties?: Readonly<Record<string, AnswerShape>>;
  required?: readonly string[];
  items?: AnswerShape;
  enum?: readonly (string | number | boolean | null)[];
  const?: string | number | boolean | null;
}
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
export const ANSWER_SHAPE_KEYWORDS = ['type', 'properties', 'required', 'items', 'enum', 'const'] as const;

export interface AnswerIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** What the web client asks of an answer's schema: zod's `safeParse`, in the part it uses. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly AnswerIssue[] } };
}

const typeOf = (value: unknown): JsonType => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
};

function collect(shape: AnswerShape, value: unknown, path: PropertyKey[], issues: AnswerIssue[]): void {
  if (shape.type !== undefined) {
    const allowed: readonly JsonType[] = typeof shape.type === 'string' ? [shape.type] : shape.type;
    const actual = typeOf(value);
    if (!allowed.includes(actual) && !(actual === 'integer' && allowed.includes('number'))) {
      issues.push({ path, message: `expected ${allowed.join(' or ')}, received ${actual}` });
      return;
    }
  }
  if (shape.enum && !shape.enum.includes(value as string)) {
    issues.push({ path, message: 'not one of the allowed values' });
    return;
  }
  if (shape.const !== undefined && value !== shape.const) {
    issues.push({ path, message: 'not the expected value' });
    return;
  }
  if (Array.isArray(value)) {
    if (shape.items) value.forEach((item, index) => collect(shape.items as AnswerShape, item, [...path, index], issues));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of shape.required ?? []) {
      if (!Object.hasOwn(record, key)) issues.push({ path: [...path, key], message: 'required' });
    }
    for (const [key, property] of Object.entries(shape.properties ?? {})) {
      if (Object.hasOwn(record, key)) collect(property, record[key], [...path, key], issues);
    }
  }
}

/** The issues of `value` against `shape`; [] when it matches. */
export function answerIssues(shape: AnswerShape, value: unknown): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  collect(shape, value, [], issues);
  return issues;
}

/** A schema the web client parses an answer with. Unknown fields are kept, as new ones may come. */
export function answerSchema<T>(shape: AnswerShape): AnswerSchema<T> {
  return {
    safeParse(data: unknown) {
      const issues = answerIssues(shape, data);
      return issues.length === 0 ? { success: true, data: data as T } : { success: false, error: { issues } };
    },
  };
}
