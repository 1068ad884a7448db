import { SIGNING_ERROR_CODES, type SigningErrorCode } from '@portal/domain';

const CODES: readonly number[] = Object.values(SIGNING_ERROR_CODES);
const isSigningErrorCode = (value: number): value is SigningErrorCode => CODES.includes(value);

/**
 * The signing failure code of the failure page's address (`?code=10000…10003`, spec section 8),
 * or null when there is none: a signer who declined or cancelled comes back without one, which
 * is an outcome, not an error. A code that is not one of the known ones is the generic 10000.
 */
export function signingCodeFrom(search: string): SigningErrorCode | null {
  const raw = new URLSearchParams(search).get('code');
  if (!raw) return null;
  const code = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return isSigningErrorCode(code) ? code : SIGNING_ERROR_CODES.GENERIC;
}
