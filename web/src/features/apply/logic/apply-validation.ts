/**
 * The apply form's rules: the shared rules of the application's country and customer type.
 * Loaded just after the apply screen first shows (see use-apply-form); the first check waits for
 * them if they are not there yet.
 */
import type { CountryCode, CustomerType } from '@portal/domain';
import { checkApplyForm } from '@portal/domain/schemas/apply-form-check';
import { sharedRulesResolver } from './form-resolver';

export function applyFormResolver<T extends object>(country: CountryCode, customerType: CustomerType, creditConsent: boolean) {
  return sharedRulesResolver<T>((values) => checkApplyForm(country, customerType, { creditConsent }, values));
}
