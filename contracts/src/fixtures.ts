/**
 * The published examples, for tests: `fixture('resurs-v2', 'payment-methods')` reads
 * `src/resurs-v2/fixtures/payment-methods.json`. Every file says where it was copied from and when
 * (checked here), so a reader can go back to the provider's own material.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const root = dirname(fileURLToPath(import.meta.url));

export const fixtureFile = z.object({
  /**
   * Where it comes from: repository@commit and path (and the item or line), or an address.
   * Several when the example was put together from more than one place.
   */
  source: z.union([z.string().min(10), z.array(z.string().min(10)).min(1)]),
  /** The day the source was read, YYYY-MM-DD. */
  read: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The call, as `METHOD /path` or a SOAP operation's name. */
  call: z.string().min(1),
  /** Anything a reader should know: what was left out, what was filled in and why. */
  note: z.string().optional(),
  /** The HTTP status of the answer, where the example gives one. */
  status: z.number().int().optional(),
  request: z.unknown().optional(),
  answer: z.unknown().optional(),
});
export type Fixture = z.infer<typeof fixtureFile>;

export function fixture(provider: string, name: string): Fixture {
  const path = join(root, provider, 'fixtures', `${name}.json`);
  const parsed = fixtureFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${provider}/fixtures/${name}.json: ${parsed.error.message}`);
  return parsed.data;
}

/** Every fixture of a provider (or of all), by name. */
export function fixtures(provider?: string): { provider: string; name: string; fixture: Fixture }[] {
  const providers = provider ? [provider] : readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return providers.flatMap((p) => {
    let names: string[];
    try {
      names = readdirSync(join(root, p, 'fixtures')).filter((file) => file.endsWith('.json'));
    } catch {
      return [];
    }
    return names.map((file) => {
      const name = file.replace(/\.json$/, '');
      return { provider: p, name, fixture: fixture(p, name) };
    });
  });
}
