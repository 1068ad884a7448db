import { describe, expect, it } from 'vitest';
import {
  isValidNorwegianNationalId,
  isValidNorwegianOrgNumber,
  isValidSwedishOrgNumber,
  normaliseNationalId,
  normaliseSwedishPersonalId,
} from './identity-numbers';
import { TEST_COMPANIES, TEST_PEOPLE } from './sandbox/test-people';

describe('Norwegian fødselsnummer', () => {
  it('accepts every Norwegian test person', () => {
    for (const person of TEST_PEOPLE.filter((p) => p.country === 'NO')) {
      expect(isValidNorwegianNationalId(person.nationalId), person.nationalId).toBe(true);
    }
  });

  it('accepts the written forms people type', () => {
    expect(isValidNorwegianNationalId('180872 48794')).toBe(true);
    expect(isValidNorwegianNationalId('180872-48794')).toBe(true);
  });

  it.each([
    ['a wrong K2', '18087248795'],
    ['a wrong K1', '18087248784'],
    ['ten digits', '1808724879'],
    ['letters', '1808724879a'],
    ['31 February', '31028849710'],
    ['month 13', '18137248794'],
  ])('refuses %s', (_name, value) => {
    expect(isValidNorwegianNationalId(value)).toBe(false);
  });

  it('accepts D-numbers (day + 40) and synthetic test numbers (month + 40 or + 80)', () => {
    // Same birth date and individual number as 18087248794, check digits recomputed.
    expect(isValidNorwegianNationalId('58087248788')).toBe(true);
    expect(isValidNorwegianNationalId('18487248777')).toBe(true);
    expect(isValidNorwegianNationalId('18887248083')).toBe(true);
  });

  it('accepts a K1 under the rule from 2032 (11, 12, 13 or 14 minus the remainder)', () => {
    // 180872487 has remainder 2: K1 is 9 under today's rule; 0 or 1 also under the new one
    // (12 − 2 = 10 gives no digit). K2 is recomputed over the ten digits each time.
    expect(isValidNorwegianNationalId('18087248794')).toBe(true);
    expect(isValidNorwegianNationalId('18087248700')).toBe(true);
    expect(isValidNorwegianNationalId('18087248719')).toBe(true);
    // K1 = 2 is allowed by neither rule, even with a K2 that fits it.
    expect(isValidNorwegianNationalId('18087248727')).toBe(false);
  });
});

describe('Swedish personnummer', () => {
  const today = new Date('2026-11-21T00:00:00Z');

  it('accepts every Swedish test person and returns the 12-digit form', () => {
    for (const person of TEST_PEOPLE.filter((p) => p.country === 'SE')) {
      expect(normaliseSwedishPersonalId(person.nationalId, today)).toBe(person.nationalId);
    }
  });

  it('reads the 10-digit forms with the century from the date and the + separator', () => {
    expect(normaliseSwedishPersonalId('830514-7715', today)).toBe('198305147715');
    expect(normaliseSwedishPersonalId('8305147715', today)).toBe('198305147715');
    expect(normaliseSwedishPersonalId('19830514-7715', today)).toBe('198305147715');
    // A + means 100 years or older.
    expect(normaliseSwedishPersonalId('830514+7715', today)).toBe('188305147715');
  });

  it('accepts samordningsnummer (day + 60)', () => {
    expect(normaliseSwedishPersonalId('198305747712', today)).toBe('198305747712');
  });

  it.each([
    ['a wrong Luhn digit', '198305147716'],
    ['a date in the future', '203001019999'],
    ['30 February', '198302307711'],
    ['11 digits', '19830514771'],
  ])('refuses %s', (_name, value) => {
    expect(normaliseSwedishPersonalId(value, today)).toBeNull();
  });
});

describe('organisation numbers', () => {
  it('accepts the test companies of both countries', () => {
    for (const company of TEST_COMPANIES) {
      const valid = company.country === 'NO' ? isValidNorwegianOrgNumber : isValidSwedishOrgNumber;
      expect(valid(company.organisationNumber), company.organisationNumber).toBe(true);
    }
  });

  it('checks the Norwegian mod-11 digit and the Swedish Luhn digit and third digit', () => {
    expect(isValidNorwegianOrgNumber('892 831 270')).toBe(true);
    expect(isValidNorwegianOrgNumber('892831271')).toBe(false);
    expect(isValidNorwegianOrgNumber('192831270')).toBe(false);
    expect(isValidSwedishOrgNumber('699736-8573')).toBe(true);
    expect(isValidSwedishOrgNumber('16 6997368573')).toBe(true);
    expect(isValidSwedishOrgNumber('6997368574')).toBe(false);
    // A personnummer is not an organisation number: its third digit (month) is 0 or 1.
    expect(isValidSwedishOrgNumber('8305147715')).toBe(false);
  });
});

describe('normaliseNationalId', () => {
  it('answers the stored form per country, or null', () => {
    expect(normaliseNationalId('NO', '180872-48794')).toBe('18087248794');
    expect(normaliseNationalId('SE', '830514-7715')).toBe('198305147715');
    expect(normaliseNationalId('NO', '198305147715')).toBeNull();
  });
});
