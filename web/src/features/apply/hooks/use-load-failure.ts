import { useState } from 'react';

interface Loaded {
  data: unknown;
  error: unknown;
  isValidating: boolean;
}

/**
 * The load failure a page should act on (show it, or go to its error page), or null. SWR keeps
 * the last error of a key in its cache: an error from an earlier visit (the 401 before the
 * customer identified, a failure before a retry) is not this visit's answer, so only a failure
 * of a request this page has seen start counts. A failed background refresh is not one either
 * while there is data to show: the customer keeps the form they are filling in.
 */
export function useLoadFailure({ data, error, isValidating }: Loaded): unknown {
  const [started, setStarted] = useState(false);
  // Remembered during render (React's pattern for information from earlier renders).
  if (isValidating && !started) setStarted(true);
  return data === undefined && started && !isValidating && error !== undefined ? error : null;
}
