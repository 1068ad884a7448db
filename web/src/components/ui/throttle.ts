/**
 * `fn`, called at most once per `wait` ms: the first call runs at once, later calls within the
 * window run once at its end with the latest arguments (so the last position is never lost).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (...args: A) => {
    const now = Date.now();
    const remaining = wait - (now - last);
    if (remaining <= 0 && timer === undefined) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      last = Date.now();
      const next = pending;
      pending = undefined;
      if (next) fn(...next);
    }, Math.max(0, remaining));
  };
  run.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return run;
}
