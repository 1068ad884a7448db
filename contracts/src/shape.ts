/**
 * Compares the shape of two JSON values: field names, nesting and JSON types, not values. Used to
 * hold a simulator's answer to the provider's published example of the same call.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const isObject = (value: unknown): value is Record<string, unknown> => kindOf(value) === 'object';

/** The elements of a published list taken together: every field any of them shows. */
function mergedElement(items: unknown[]): unknown {
  const objects = items.filter(isObject);
  if (objects.length === 0) return items.find((item) => item !== null) ?? null;
  const merged: Record<string, unknown> = {};
  for (const object of objects) {
    for (const [key, value] of Object.entries(object)) {
      const known = merged[key];
      if (known === undefined || known === null) merged[key] = value;
      else if (isObject(known) && isObject(value)) merged[key] = mergedElement([known, value]);
      else if (Array.isArray(known) && Array.isArray(value)) merged[key] = [...known, ...value];
    }
  }
  return merged;
}

/**
 * Every place where `candidate` has a field that `reference` (the published example) does not
 * have, or a value of another JSON type, as `path: what`; [] when the candidate fits the example.
 * A field the example shows as null may hold anything (the example did not say), and a null in the
 * candidate fits any field the example has. Fields of the example the candidate leaves out are
 * not reported: which fields are required is the schema's business, not the example's.
 */
export function shapeDiff(reference: unknown, candidate: unknown, path = '$'): string[] {
  if (reference === null || reference === undefined || candidate === null) return [];
  const want = kindOf(reference);
  const got = kindOf(candidate);
  if (want !== got) return [`${path}: ${got} where the published example has ${want}`];
  if (Array.isArray(reference) && Array.isArray(candidate)) {
    if (reference.length === 0) return [];
    const element = mergedElement(reference);
    return candidate.flatMap((item, index) => shapeDiff(element, item, `${path}[${index}]`));
  }
  if (isObject(reference) && isObject(candidate)) {
    return Object.entries(candidate).flatMap(([key, value]) =>
      key in reference ? shapeDiff(reference[key], value, `${path}.${key}`) : [`${path}.${key}: not in the published example`],
    );
  }
  return [];
}

export type { Json };
