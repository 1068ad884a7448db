/**
 * Whether the app has taken the page over. False while the server renders a page (ADR 26) and
 * while the browser hydrates it, true from the render after; true from the start where the app
 * renders the page itself. A control that only works with the app (a button, a form's submit) is
 * disabled until then: a press on a page the server rendered would otherwise do nothing, and a
 * form's submit button would send the form the browser's own way, its fields in the address.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
