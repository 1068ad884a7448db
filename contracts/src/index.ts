/**
 * The outside parties' contracts as they publish them (README.md). Each provider has a folder:
 * `schemas.ts`, the request and answer shapes transcribed from its documentation, SDK models or
 * examples, every shape naming its source; `fixtures/`, requests and answers copied from its
 * published examples. The simulators check what they are sent against these shapes and the
 * server's tests check the adapters against them, so neither can agree with the other on a
 * shape the provider does not have.
 */
import type { z } from 'zod';

export { shapeDiff } from './shape';

/**
 * What is wrong with `value` by `schema`, one line per problem as `path: message`, or [] when it
 * conforms. For tests and for a simulator's refusal (which names the fields, as providers do).
 */
export function violations(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${['$', ...issue.path.map(String)].join('.')}: ${issue.message}`);
}
