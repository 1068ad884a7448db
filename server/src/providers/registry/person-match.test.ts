import { describe, expect, it } from 'vitest';
import { birthDateOfNationalId } from '@portal/domain';
import { isSamePerson, nameWords, sameName } from './person-match';

const kari = { country: 'NO' as const, nationalId: '18087248794', firstName: 'Kari', lastName: 'Nordmann' };
const listed = (given: string, family: string, birthDate = '1972-08-18', middle?: string) => ({ name: { given, middle, family }, birthDate });

describe('birth date from a national ID', () => {
  it('reads fødselsnummer, D-numbers and synthetic test numbers as the real date', () => {
    expect(birthDateOfNationalId('NO', '18087248794')).toBe('1972-08-18');
    expect(birthDateOfNationalId('NO', '58087200025')).toBe('1972-08-18'); // D-number: day + 40
    expect(birthDateOfNationalId('NO', '18487200006')).toBe('1972-08-18'); // NAV test number: month + 40
    expect(birthDateOfNationalId('NO', '18887200005')).toBe('1972-08-18'); // Tenor test number: month + 80
    expect(birthDateOfNationalId('NO', '29020050002')).toBe('2000-02-29');
  });

  it('reads personnummer in any written form, and samordningsnummer (day + 60)', () => {
    expect(birthDateOfNationalId('SE', '198305147715')).toBe('1983-05-14');
    expect(birthDateOfNationalId('SE', '830514-7715')).toBe('1983-05-14');
    expect(birthDateOfNationalId('SE', '198305747712')).toBe('1983-05-14');
  });

  it('gives nothing for a number that is not valid', () => {
    expect(birthDateOfNationalId('NO', '18087248795')).toBeNull();
    expect(birthDateOfNationalId('SE', '198305147716')).toBeNull();
  });
});

describe('a registry person without national ID (name and birth date)', () => {
  it('is the identified person when birth date and every name are the same', () => {
    expect(isSamePerson(listed('Kari', 'Nordmann'), kari)).toBe(true);
    expect(isSamePerson(listed('KARI', 'NORDMANN'), kari)).toBe(true);
  });

  it('matches a D-number holder on their real birth date', () => {
    expect(isSamePerson(listed('Kari', 'Nordmann'), { ...kari, nationalId: '58087200025' })).toBe(true);
  });

  it('is someone else when the birth date differs by a day', () => {
    expect(isSamePerson(listed('Kari', 'Nordmann', '1972-08-19'), kari)).toBe(false);
  });

  it('is someone else when only the family name and birth date agree (twins)', () => {
    expect(isSamePerson(listed('Ola', 'Nordmann'), kari)).toBe(false);
    expect(isSamePerson(listed('Kari Anne', 'Nordmann'), { ...kari, firstName: 'Kari Marie' })).toBe(false);
  });

  it('refuses when a name is missing or extra on either side', () => {
    expect(isSamePerson(listed('Kari Anne', 'Nordmann'), kari)).toBe(false);
    expect(isSamePerson(listed('Kari', 'Nordmann'), { ...kari, firstName: 'Kari Anne' })).toBe(false);
  });

  it('accepts a middle name in either field, in any order of words', () => {
    const registry = listed('Linda', 'Aase', '1972-08-18', 'Litlekalsøy');
    expect(sameName(registry.name, { firstName: 'Linda Litlekalsøy', lastName: 'Aase' })).toBe(true);
    expect(sameName(registry.name, { firstName: 'Linda', lastName: 'Litlekalsøy Aase' })).toBe(true);
    expect(sameName(registry.name, { firstName: 'Linda', lastName: 'Aase' })).toBe(false);
  });

  it('treats hyphens as word breaks and keeps Nordic letters apart from their look-alikes', () => {
    expect(sameName({ given: 'Heidi', family: 'Bull-Berg' }, { firstName: 'Heidi', lastName: 'Bull Berg' })).toBe(true);
    expect(sameName({ given: 'Åse', family: 'Bø' }, { firstName: 'Ase', lastName: 'Bo' })).toBe(false);
    // The same letter written composed or decomposed is the same letter.
    expect(sameName({ given: 'Åse', family: 'Bø' }, { firstName: 'A\u030ase', lastName: 'Bø' })).toBe(true);
  });

  it('never matches an empty name', () => {
    expect(nameWords(' ', '-')).toEqual([]);
    expect(sameName({ given: ' ', family: '' }, { firstName: '', lastName: ' ' })).toBe(false);
  });

  it('needs a valid national ID to derive the birth date from', () => {
    expect(isSamePerson(listed('Kari', 'Nordmann'), { ...kari, nationalId: '18087248795' })).toBe(false);
  });
});

describe('a registry person with a national ID', () => {
  const anna = { country: 'SE' as const, nationalId: '198305147715', firstName: 'Anna', lastName: 'Andersson' };

  it('is the identified person exactly when the numbers are the same, whatever the names', () => {
    expect(isSamePerson({ nationalId: '198305147715', name: { given: 'Anna', family: 'Andersson' } }, anna)).toBe(true);
    expect(isSamePerson({ nationalId: '830514-7715', name: { given: 'A.', family: 'Andersson' } }, anna)).toBe(true);
    expect(isSamePerson({ nationalId: '197211072793', name: { given: 'Anna', family: 'Andersson' } }, anna)).toBe(false);
  });
});
