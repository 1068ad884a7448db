/**
 * This browser tab's storage (sessionStorage), or null where there is none to use: when the app
 * is rendered on the server (ADR 26; Node 25 and later have a `sessionStorage` of their own, one
 * for the whole process, which every request would share), or where the browser has storage off.
 */
export function tabStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
