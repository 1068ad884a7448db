/**
 * The zod instance every shared schema is built with: `zod/mini`, the tree-shakable form of
 * zod, so the web app carries only the checks it uses.
 *
 * No global error map (ADR 21): zod's own English messages stay the default, so a check of
 * configuration or of a provider's answer reads as plain English. Where a failure becomes text
 * for a customer, the input is parsed with `checkInput`, whose error map turns each issue into
 * a message key of locales/*.json (`validation.<key>`): the server answers in the caller's
 * language and the web app shows the same text under the field.
 */
import * as z from 'zod/mini';
import { validationKey } from '../messages';

/** Issue → message key of locales/*.json; undefined leaves zod's own message. */
export const validationErrorMap: z.core.$ZodErrorMap = (issue) => {
  // Whatever the check, a value that is not there at all is a missing one.
  if (issue.input === undefined && issue.code !== 'unrecognized_keys' && issue.code !== 'custom') {
    return validationKey('required');
  }
  switch (issue.code) {
    case 'invalid_type':
      return validationKey(issue.input === undefined || issue.input === null ? 'required' : 'wrongType');
    case 'too_small':
      if ((issue.origin === 'string' || issue.origin === 'array') && issue.minimum === 1) return validationKey('required');
      return validationKey('tooSmall');
    case 'too_big':
      if (issue.origin === 'string') return validationKey('tooLong');
      if (issue.origin === 'array') return validationKey('tooManyItems');
      return validationKey('tooLarge');
    case 'invalid_format':
      return validationKey(issue.format === 'url' ? 'invalidUrl' : 'wrongFormat');
    case 'unrecognized_keys':
      return validationKey('unknownField');
    case 'invalid_value':
      return validationKey('invalidOption');
    case 'invalid_union':
      return validationKey('wrongType');
    default:
      return undefined;
  }
};

export { z };

/**
 * Parses input whose failure is shown to a person (a request body, a form): every issue's
 * message is a key of locales/*.json, for `fieldMessagesOf`.
 */
export function checkInput<S extends z.ZodMiniType>(schema: S, data: unknown): z.core.util.SafeParseResult<z.output<S>> {
  return schema.safeParse(data, { error: validationErrorMap });
}

/** A message id (usually `validation.*`) and the values it interpolates. */
export interface FieldMessage {
  key: string;
  params?: Record<string, number>;
}
export type FieldMessages = Record<string, FieldMessage>;

/**
 * The messages of a failed parse, one per field (the first found), by dotted path. The server
 * translates them for its answer; the web app for the form.
 */
export function fieldMessagesOf(error: z.core.$ZodError): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) {
    const params: Record<string, number> = {};
    if ('maximum' in issue && issue.maximum !== undefined) params.max = Number(issue.maximum);
    if ('minimum' in issue && issue.minimum !== undefined) params.min = Number(issue.minimum);
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) {
      const name = path.length ? path.map(String).join('.') : 'body';
      out[name] ??= { key: issue.message, params };
    }
  }
  return out;
}
