/**
 * The app's report of a problem the person cannot see the cause of (an answer that breaks the
 * client API contract, ADR 21). The browser console for now; the one place to send such reports
 * to the server once there is an endpoint for them. Never values of an answer: they may be
 * personal data.
 */
export function reportProblem(what: string, details: readonly string[]): void {
  // eslint-disable-next-line no-console -- this is the app's one reporting seam
  console.error(what, details);
}
