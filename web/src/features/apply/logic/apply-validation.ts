/**
 * The apply form's rules: the shared schema of the application's country and customer type.
 * Loaded just after the apply screen first shows (see use-apply-form), so zod is not part of
 * the route's first load; the first check waits for it if it is not there yet.
 */
import { applyFormSchema, type CountryCode, type CustomerType } from '@portal/domain';
import { sharedSchemaResolver } from './form-resolver';

export function applyFormResolver<T extends object>(country: CountryCode, customerType: CustomerType, creditConsent: boolean) {
  return sharedSchemaResolver<T>(applyFormSchema(country, customerType, { creditConsent }));
}
