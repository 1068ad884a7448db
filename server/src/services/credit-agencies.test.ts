import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { creditAgencies, creditAgencyFor } from './credit-agencies';

const consumer = (countryCode: 'NO' | 'SE') => ({ provider: 'RESURS' as const, customerType: 'PRIVATE' as const, countryCode });

describe('the credit reference agency the notice names', () => {
  it('comes from CREDIT_AGENCY_RESURS_SE and _NO, one country without the other naming none there', () => {
    const agencies = creditAgencies(loadConfig({ CREDIT_AGENCY_RESURS_SE: 'Bisnode Kredit AB' }));
    expect(creditAgencyFor(agencies, consumer('SE'))).toBe('Bisnode Kredit AB');
    expect(creditAgencyFor(agencies, consumer('NO'))).toBeNull();
    const both = creditAgencies(loadConfig({ CREDIT_AGENCY_RESURS_SE: 'UC AB', CREDIT_AGENCY_RESURS_NO: 'Dun & Bradstreet Norway AS' }));
    expect(creditAgencyFor(both, consumer('NO'))).toBe('Dun & Bradstreet Norway AS');
  });

  it('is the sandbox table in the sandbox while none is configured, and none elsewhere (never a guess)', () => {
    const sandbox = creditAgencies(loadConfig({}));
    expect(creditAgencyFor(sandbox, consumer('SE'))).toBe('UC AB');
    expect(creditAgencyFor(sandbox, consumer('NO'))).toBe('Experian AS');
    expect(creditAgencyFor(creditAgencies({ sandbox: false }), consumer('SE'))).toBeNull();
  });

  it('is none for a company’s lease', () => {
    const agencies = creditAgencies(loadConfig({}));
    expect(creditAgencyFor(agencies, { provider: 'GRENKE', customerType: 'LEGAL', countryCode: 'SE' })).toBeNull();
  });

  it('is refused when longer than a name', () => {
    expect(() => loadConfig({ CREDIT_AGENCY_RESURS_NO: 'x'.repeat(101) })).toThrow(/CREDIT_AGENCY_RESURS_NO/);
  });
});
