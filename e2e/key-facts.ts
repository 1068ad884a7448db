import { expect, type Page } from '@playwright/test';

/** The key facts step's way on, in each language and for each version (version 2 leaves for Resurs). */
export const CONTINUE_FROM_KEY_FACTS =
  /^(Continue to signing|Continue to Resurs Bank to sign|Fortsätt till underskrift|Fortsätt till Resurs Bank för att skriva under|Gå videre til signering|Gå videre til Resurs Bank for å signere)$/;

/**
 * The key facts step a consumer passes before the signature (issue 31): the SECCI is mailed, the
 * way on is enabled once the mail went, and pressed.
 */
export async function throughKeyFacts(page: Page) {
  await expect(page).toHaveURL(/\/loan-subscription\/form\/key-facts$/);
  const next = page.getByRole('button', { name: CONTINUE_FROM_KEY_FACTS });
  await expect(next).toBeEnabled({ timeout: 20_000 });
  await next.click();
}
