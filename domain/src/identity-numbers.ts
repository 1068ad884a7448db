/**
 * National identity and organisation numbers of Norway and Sweden, checked with their real check
 * digits (see PROVIDERS.md). Every function takes what a person might type (spaces, hyphens, a
 * `+` for Swedes over 100) and answers on the digits.
 */

const digitsOf = (value: string): number[] => [...value].map(Number);

function weightedSum(digits: readonly number[], weights: readonly number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0);
}

/** Mod-11 control digit as Norway uses it: 11 becomes 0, 10 means no valid number exists. */
function mod11Control(digits: readonly number[], weights: readonly number[]): number | null {
  const control = 11 - (weightedSum(digits, weights) % 11);
  if (control === 11) return 0;
  if (control === 10) return null;
  return control;
}

function luhnIsValid(digits: readonly number[]): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // Double every second digit counted from the right, the check digit itself not doubled.
    const fromRight = digits.length - 1 - i;
    let d = digits[i] ?? 0;
    if (fromRight % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// ---------------------------------------------------------------------------------------------
// Norway

const NO_K1_WEIGHTS = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const NO_K2_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const NO_ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Strips the separators a person may type: `180872 48794` or `180872-48794`. */
export function normaliseNorwegianNationalId(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The century follows from the individual number (Skatteetaten's rules). */
function norwegianBirthYear(yy: number, individual: number): number | null {
  if (individual <= 499) return 1900 + yy;
  if (individual <= 749 && yy >= 54) return 1800 + yy;
  if (individual >= 500 && yy <= 39) return 2000 + yy;
  if (individual >= 900 && yy >= 40) return 1900 + yy;
  return null;
}

/** The birth date in an 11-digit number: D-numbers carry day + 40, NAV's and Tenor's test numbers month + 40 and + 80. */
function norwegianBirthDate(id: string): { year: number; month: number; day: number } | null {
  let day = Number(id.slice(0, 2));
  let month = Number(id.slice(2, 4));
  if (day > 40) day -= 40;
  if (month > 80) month -= 80;
  else if (month > 40) month -= 40;
  const year = norwegianBirthYear(Number(id.slice(4, 6)), Number(id.slice(6, 9)));
  if (year === null || !isRealDate(year, month, day)) return null;
  return { year, month, day };
}

/**
 * Fødselsnummer, D-number (day + 40) and the synthetic test numbers of NAV (month + 40) and
 * Tenor (month + 80). K1 is accepted by the rule in force and by the rule from 2032, under which
 * K1 may be any of 11, 12, 13 or 14 minus the remainder; K2 keeps its single rule.
 */
export function isValidNorwegianNationalId(value: string): boolean {
  const id = normaliseNorwegianNationalId(value);
  if (!/^\d{11}$/.test(id)) return false;
  const d = digitsOf(id);
  if (!norwegianBirthDate(id)) return false;

  const k1 = d[9] ?? -1;
  const remainder = weightedSum(d, NO_K1_WEIGHTS) % 11;
  if (![0, 1, 2, 3].includes((remainder + k1) % 11)) return false;

  const k2 = mod11Control(d, NO_K2_WEIGHTS);
  return k2 !== null && k2 === d[10];
}

export function normaliseNorwegianOrgNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Organisasjonsnummer: 9 digits, mod 11 with weights 3,2,7,6,5,4,3,2. */
export function isValidNorwegianOrgNumber(value: string): boolean {
  const org = normaliseNorwegianOrgNumber(value);
  if (!/^[89]\d{8}$/.test(org)) return false;
  const d = digitsOf(org);
  const control = mod11Control(d, NO_ORG_WEIGHTS);
  return control !== null && control === d[8];
}

// ---------------------------------------------------------------------------------------------
// Sweden

const SE_PERSONAL_ID_SHAPE = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/;

/**
 * Personnummer in any written form, returned as the 12-digit form (YYYYMMDDNNNC) that Swedish
 * BankID and Resurs use, or null when it is not a valid number. Samordningsnummer (day + 60)
 * are accepted. A 10-digit form gets its century from today's date and the separator: `+`
 * marks a person aged 100 or more.
 */
export function normaliseSwedishPersonalId(value: string, today: Date = new Date()): string | null {
  const match = SE_PERSONAL_ID_SHAPE.exec(value.replace(/\s/g, ''));
  if (!match) return null;
  const [, century, yy = '', mm = '', dd = '', separator, rest = ''] = match;
  const tenDigits = `${yy}${mm}${dd}${rest}`;
  if (!luhnIsValid(digitsOf(tenDigits))) return null;

  let day = Number(dd);
  if (day > 60) day -= 60;
  const month = Number(mm);

  let year: number;
  if (century !== undefined) {
    year = Number(`${century}${yy}`);
  } else {
    const thisYear = today.getUTCFullYear();
    year = Math.floor(thisYear / 100) * 100 + Number(yy);
    if (year > thisYear) year -= 100;
    if (separator === '+') year -= 100;
  }
  if (!isRealDate(year, month, day)) return null;
  if (Date.UTC(year, month - 1, day) > today.getTime()) return null;
  return `${year}${mm}${dd}${rest}`;
}

export function isValidSwedishPersonalId(value: string): boolean {
  return normaliseSwedishPersonalId(value) !== null;
}

export function normaliseSwedishOrgNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  // The 12-digit form used by Skatteverket prefixes "16".
  return digits.length === 12 && digits.startsWith('16') ? digits.slice(2) : digits;
}

/** Organisationsnummer: 10 digits, Luhn, third digit at least 2. */
export function isValidSwedishOrgNumber(value: string): boolean {
  const org = normaliseSwedishOrgNumber(value);
  if (!/^\d{10}$/.test(org)) return false;
  const d = digitsOf(org);
  return (d[2] ?? 0) >= 2 && luhnIsValid(d);
}

// ---------------------------------------------------------------------------------------------
// Per country

export type IdentityCountry = 'NO' | 'SE';

export function isValidNationalId(country: IdentityCountry, value: string): boolean {
  return country === 'NO' ? isValidNorwegianNationalId(value) : isValidSwedishPersonalId(value);
}

export function isValidOrganisationNumber(country: IdentityCountry, value: string): boolean {
  return country === 'NO' ? isValidNorwegianOrgNumber(value) : isValidSwedishOrgNumber(value);
}

/** The form the portal stores and compares: 11 digits for Norway, 12 for Sweden. */
export function normaliseNationalId(country: IdentityCountry, value: string): string | null {
  if (country === 'SE') return normaliseSwedishPersonalId(value);
  return isValidNorwegianNationalId(value) ? normaliseNorwegianNationalId(value) : null;
}

/**
 * The birth date a valid national ID carries, as `YYYY-MM-DD` (the form company registries give),
 * or null for an invalid number. D-numbers, samordningsnummer and synthetic test numbers give the
 * person's real date, not the shifted digits.
 */
export function birthDateOfNationalId(country: IdentityCountry, value: string): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (country === 'SE') {
    const id = normaliseSwedishPersonalId(value);
    if (!id) return null;
    const day = Number(id.slice(6, 8));
    return `${id.slice(0, 4)}-${id.slice(4, 6)}-${pad(day > 60 ? day - 60 : day)}`;
  }
  if (!isValidNorwegianNationalId(value)) return null;
  const date = norwegianBirthDate(normaliseNorwegianNationalId(value));
  return date && `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export function normaliseOrganisationNumber(country: IdentityCountry, value: string): string | null {
  if (!isValidOrganisationNumber(country, value)) return null;
  return country === 'NO' ? normaliseNorwegianOrgNumber(value) : normaliseSwedishOrgNumber(value);
}
