import { tabStorage } from '@/lib/tab-storage';

/**
 * The reference of the application this tab works on. The pages after the apply screen are
 * reached without it in the address (a provider sends the customer back to a fixed URL), so when
 * the session expires there, identification needs it to bring the customer back to the same
 * application. The reference alone grants nothing: every call checks the identified person.
 * Kept per tab, like the session's place in the flow.
 */
const KEY = 'portal.activeReference';

export function rememberReference(reference: string): void {
  try {
    tabStorage()?.setItem(KEY, reference);
  } catch {
    // Storage may be off: an expired session then identifies without a reference.
  }
}

export function rememberedReference(): string | undefined {
  try {
    return tabStorage()?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
