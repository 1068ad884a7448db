import { SIGNING_ERROR_CODES, type SigningErrorCode } from '@portal/domain';

const CODES: readonly number[] = Object.values(SIGNING_ERROR_CODES);
const isSigningErrorCode = (value: number): value is SigningErrorCode => CODES.includes(value);

/**
 * The signing failure code of the failure page's address (`?code=10000…10003`), or null when
 * there is none (a cancelled signing comes back without one) or it is not one of them.
 */
export function signingCodeFrom(search: string): SigningErrorCode | null {
  const raw = new URLSearchParams(search).get('code');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const code = Number(raw);
  return isSigningErrorCode(code) ? code : null;
}
