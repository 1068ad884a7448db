/**
 * Only an http(s) address is followed. The server names the merchant's allow-listed return
 * address; anything else (`javascript:`) would be a fault, not a place to send a customer.
 */
export function safeRedirectUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
