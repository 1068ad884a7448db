import { type RefObject, useEffect, useRef } from 'react';

/**
 * Moves focus to `target` (a step's heading, with `tabIndex={-1}`) whenever `step` changes within
 * a page, as the layout does after a navigation: the screen changed under the person, and a
 * screen reader should say where they are now. The first render is left to the layout.
 */
export function useFocusOnChange(target: RefObject<HTMLElement | null>, step: string) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    target.current?.focus();
  }, [target, step]);
}
