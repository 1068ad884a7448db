/**
 * GRENKE's reference lists, which a financing request must point into: the lessee's `LegalFormId`
 * from `GET /basic/v1/legalforms` and each object's `ObjectTypeId` from `GET /basic/v1/objecttypes`
 * ([S] iTakecare/leazr.co@f0d85f9 docs/grenke-api/INTEGRATION.md:76-77, :152, :303-309). The lists
 * are the certificate's branch's (a Norwegian account gets Norwegian forms), change rarely
 * (index.ts:662-663) and are kept a day per country. Their names are not published: they are
 * matched here by words, and what does not match is named for the operator, never guessed.
 */
import type { CountryCode } from '@portal/domain';
import type { ProviderResult } from '../types';
import type { ReferenceEntry } from './answers';

/** How long a country's lists are kept. */
export const REFERENCE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The legal forms a company name shows, by country: the abbreviation companies carry in their
 * name (the Norwegian and Swedish registers' forms), and the form's name in words, as a GRENKE list
 * may spell it ([?] our table).
 */
const LEGAL_FORMS: Readonly<Record<CountryCode, readonly { abbreviation: string; names: readonly string[] }[]>> = {
  NO: [
    { abbreviation: 'AS', names: ['aksjeselskap'] },
    { abbreviation: 'ASA', names: ['allmennaksjeselskap'] },
    { abbreviation: 'ENK', names: ['enkeltpersonforetak'] },
    { abbreviation: 'ANS', names: ['ansvarlig selskap'] },
    { abbreviation: 'DA', names: ['selskap med delt ansvar'] },
    { abbreviation: 'KS', names: ['kommandittselskap'] },
    { abbreviation: 'SA', names: ['samvirkeforetak'] },
    { abbreviation: 'NUF', names: ['norskregistrert utenlandsk foretak'] },
  ],
  SE: [
    { abbreviation: 'AB', names: ['aktiebolag'] },
    { abbreviation: 'HB', names: ['handelsbolag'] },
    { abbreviation: 'KB', names: ['kommanditbolag'] },
    { abbreviation: 'EF', names: ['enskild firma', 'enskild näringsidkare'] },
    { abbreviation: 'EK', names: ['ekonomisk förening'] },
  ],
};

const words = (text: string) =>
  text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

const containsWords = (haystack: string, needle: string) => {
  const hay = words(haystack.toLowerCase()).join(' ');
  const want = words(needle.toLowerCase()).join(' ');
  return want !== '' && ` ${hay} `.includes(` ${want} `);
};

/** The legal form a company's name carries ("Nordlys Kontor AS" → AS), or null. */
export function legalFormOfName(country: CountryCode, companyName: string): string | null {
  const parts = words(companyName);
  const edges = [parts.at(-1), parts[0]].filter((word): word is string => word !== undefined);
  for (const word of edges) {
    const form = LEGAL_FORMS[country].find((f) => f.abbreviation === word.toUpperCase());
    if (form) return form.abbreviation;
  }
  for (const form of LEGAL_FORMS[country]) if (form.names.some((name) => containsWords(companyName, name))) return form.abbreviation;
  return null;
}

/**
 * The id of the company's legal form in GRENKE's list: the entry naming its abbreviation as a word
 * ("Aksjeselskap (AS)"), else its name in words; null when the name shows no form or GRENKE's
 * list has none that fits.
 */
export function legalFormIdFor(country: CountryCode, companyName: string, list: readonly ReferenceEntry[]): number | null {
  const abbreviation = legalFormOfName(country, companyName);
  const form = LEGAL_FORMS[country].find((f) => f.abbreviation === abbreviation);
  if (!form) return null;
  const byAbbreviation = list.find((entry) => words(entry.Name).includes(form.abbreviation));
  if (byAbbreviation) return byAbbreviation.Id;
  const byName = list.find((entry) => form.names.some((name) => words(entry.Name.toLowerCase()).join(' ') === words(name).join(' ') || containsWords(entry.Name, name)));
  return byName?.Id ?? null;
}

/**
 * The object type of a product: the one the lender set up (`configured`: a name in GRENKE's list,
 * or its id), else the type whose name the product's name contains as words (the longest such
 * name); null when neither.
 */
export function objectTypeIdFor(description: string, list: readonly ReferenceEntry[], configured: string | undefined): number | null {
  if (configured !== undefined) {
    const wanted = configured.trim().toLowerCase();
    const found = list.find((entry) => entry.Name.trim().toLowerCase() === wanted || String(entry.Id) === wanted);
    return found?.Id ?? null;
  }
  const matching = list.filter((entry) => containsWords(description, entry.Name)).sort((a, b) => b.Name.length - a.Name.length);
  return matching[0]?.Id ?? null;
}

/** A cache of one list per country: a failed read is not kept, the next call asks again. */
export function referenceCache<T>(load: (country: CountryCode) => Promise<ProviderResult<T>>, now: () => number = Date.now) {
  const kept = new Map<CountryCode, { until: number; value: Promise<ProviderResult<T>> }>();
  return (country: CountryCode) => {
    const hit = kept.get(country);
    if (hit && hit.until > now()) return hit.value;
    const value = load(country).then((result) => {
      if (!result.ok) kept.delete(country);
      return result;
    });
    kept.set(country, { until: now() + REFERENCE_TTL_MS, value });
    return value;
  };
}
