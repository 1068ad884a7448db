/**
 * Is this registry person the one who identified with BankID?
 *
 * - When the registry gives a national ID (Sweden's provider), that decides alone: equal
 *   normalised numbers, nothing else.
 * - Otherwise (Brønnøysund's open data: name and birth date only) both must hold:
 *   1. the birth date the national ID carries (`birthDateOfNationalId`: D-numbers and
 *      synthetic test numbers give the real date) equals the registry's, to the day;
 *   2. the whole name is the same: the registry's given, middle and family names against the
 *      e-ID's given and family names, as words (split at spaces and hyphens, Unicode-normalised,
 *      case ignored), in any order, each word as often on both sides. Which field a middle
 *      name sits in varies between registries and banks, so the fields are not compared one
 *      by one; but every word must be there.
 *
 * Letters are never simplified (ø is not o, å is not a), and a missing or extra name refuses.
 * A birth date plus a family name is not enough: twins share both. Refusing the right person is
 * recoverable (the merchant names them as signatory); letting the wrong one sign for a company
 * is not.
 */
import { birthDateOfNationalId, type CountryCode, normaliseNationalId } from '@portal/domain';
import type { RegistryName, RegistryPerson } from './types';

export interface IdentifiedPerson {
  country: CountryCode;
  /** As the session stores it: 11 digits (Norway) or 12 (Sweden). */
  nationalId: string;
  firstName: string;
  lastName: string;
}

/** The words of a name: NFC, lower case, typographic apostrophes straightened, split at spaces and hyphens. */
export function nameWords(...parts: readonly (string | undefined)[]): string[] {
  return parts
    .join(' ')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .split(/[\s\u002d\u2010\u2011\u2012\u2013]+/u)
    .filter((word) => word !== '');
}

export function sameName(registry: RegistryName, person: Pick<IdentifiedPerson, 'firstName' | 'lastName'>): boolean {
  const a = nameWords(registry.given, registry.middle, registry.family).sort();
  const b = nameWords(person.firstName, person.lastName).sort();
  return a.length > 0 && a.length === b.length && a.every((word, i) => word === b[i]);
}

export function isSamePerson(registry: RegistryPerson, person: IdentifiedPerson): boolean {
  if (registry.nationalId !== undefined) {
    const id = normaliseNationalId(person.country, registry.nationalId);
    return id !== null && id === person.nationalId;
  }
  const birthDate = birthDateOfNationalId(person.country, person.nationalId);
  return birthDate !== null && birthDate === registry.birthDate && sameName(registry.name, person);
}
