import { describe, expect, it } from 'vitest';
import { signingCodeFrom } from './signing-codes';

describe('signingCodeFrom', () => {
  it.each([
    ['?code=10000', 10000],
    ['code=10001', 10001],
    ['?code=10002&x=1', 10002],
    ['?code=10003', 10003],
  ])('reads %s as %i', (search, code) => {
    expect(signingCodeFrom(search)).toBe(code);
  });

  it.each(['?code=9999', '?code=10004', '?code=10000abc', '?code=1e4', '?code=%20'])('takes %j as the generic 10000', (search) => {
    expect(signingCodeFrom(search)).toBe(10000);
  });

  it.each(['', '?code=', '?other=1'])('has no code for %j (declined or cancelled: an outcome)', (search) => {
    expect(signingCodeFrom(search)).toBeNull();
  });
});
