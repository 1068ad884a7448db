import { useCallback, useEffect, useRef } from 'react';
import { throttle } from './throttle';

/**
 * A throttled version of `callback` (see throttle.ts) that stays the same function across
 * renders and always calls the latest `callback`; a pending call is dropped on unmount.
 */
export function useThrottledCallback<A extends unknown[]>(callback: (...args: A) => void, wait: number) {
  const latest = useRef(callback);
  const throttled = useRef<((...args: A) => void) | null>(null);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    const run = throttle((...args: A) => latest.current(...args), wait);
    throttled.current = run;
    return () => {
      run.cancel();
      throttled.current = null;
    };
  }, [wait]);
  return useCallback((...args: A) => throttled.current?.(...args), []);
}
