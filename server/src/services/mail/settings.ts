/**
 * What SMTP_URL and MAIL_FROM must be (ADR 33): one set of rules for config.ts, which refuses a
 * bad value at start with its reason, and for the transport, which relies on them.
 */
import addressparser from 'nodemailer/lib/addressparser';

/**
 * The sender when MAIL_FROM is not set: a no-reply address at the portal's own host, or under
 * the reserved `.invalid` (RFC 2606) when the host is no domain (localhost, an IP address).
 */
export function defaultMailFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? host : 'portal.invalid';
  return `Portal <no-reply@${domain}>`;
}

/** The sender's address and its domain (the Message-IDs'); null when `from` holds no single address. */
export function senderOf(from: string): { address: string; domain: string } | null {
  const parsed = addressparser(from, { flatten: true });
  const [first] = parsed;
  if (parsed.length !== 1 || !first || !('address' in first)) return null;
  const address = first.address;
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? address.slice(at + 1) : '';
  if (!/^[^\s@]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(address) || !domain) return null;
  return { address, domain };
}

/** Why MAIL_FROM cannot be the sender; null when it can. */
export function mailFromProblem(from: string): string | null {
  if (/[\r\n]/.test(from)) return 'must be one line';
  return senderOf(from) ? null : 'must hold one address, as `Shop Portal <no-reply@example.com>` or `no-reply@example.com`';
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why SMTP_URL cannot be used; null when it can. Never quotes the value: it may hold a password.
 * In production a password never crosses the network in clear and the server's certificate is
 * always checked: `smtp://` with credentials to another host needs `?requireTLS=true` (plain
 * `smtp://` only upgrades when the server offers STARTTLS), or `smtps://`.
 */
export function smtpUrlProblem(url: string, options: { production?: boolean } = {}): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL: smtp://user:password@host:587 (STARTTLS when the server offers it) or smtps://user:password@host:465';
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') return 'must start with smtp:// or smtps://';
  if (!parsed.hostname) return 'names no host';
  if (parsed.pathname !== '' && parsed.pathname !== '/') return 'takes no path (settings go in the query, as ?requireTLS=true)';
  if (options.production) {
    if (parsed.searchParams.get('tls.rejectUnauthorized') === 'false') return "must not turn off the server certificate's check in production";
    const credentials = parsed.username !== '' || parsed.password !== '';
    if (parsed.protocol === 'smtp:' && credentials && !LOOPBACK.has(parsed.hostname) && parsed.searchParams.get('requireTLS') !== 'true') {
      return 'with a user and password, add ?requireTLS=true (or use smtps://) in production, so that they never go in clear';
    }
  }
  return null;
}
