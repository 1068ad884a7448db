/**
 * Just enough of a browser for the BankID tests (server/test/bankid.test.ts,
 * server/test/contracts/oidc.test.ts): a cookie jar, redirects followed by hand, and the forms
 * of the sandbox broker's pages read as they are rendered.
 */
import { API } from '@portal/domain';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export interface Hop {
  status: number;
  url: string;
  location: string | null;
  body: string;
}

/** Just enough of a browser: cookies by name and path, redirects followed one hop at a time. */
export class Browser {
  private cookies: StoredCookie[] = [];
  private readonly origins: Set<string>;

  /** `others`: more origins of the same site (instances behind one load balancer). */
  constructor(
    private readonly origin: string,
    ...others: string[]
  ) {
    this.origins = new Set([origin, ...others]);
  }

  cookie(name: string): string | undefined {
    return this.cookies.find((c) => c.name === name)?.value;
  }

  header(path: string): string {
    return this.cookies
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const gone = attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) < Date.now()) || value === '';
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!gone) this.cookies.push({ name, value, path });
    }
  }

  async request(url: string, form?: Record<string, string>): Promise<Hop> {
    const target = new URL(url, this.origin);
    const response = await fetch(target, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: this.header(target.pathname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.store(response);
    const location = response.headers.get('location');
    return {
      status: response.status,
      url: target.href,
      location: location ? new URL(location, target).href : null,
      body: await response.text(),
    };
  }

  /** Follows redirects while they stay on the API or the broker; answers the last hop. */
  async navigate(url: string, form?: Record<string, string>, stopAt?: (location: URL) => boolean): Promise<Hop> {
    let hop = await this.request(url, form);
    for (let i = 0; i < 10 && hop.location; i += 1) {
      const next = new URL(hop.location);
      if (!this.origins.has(next.origin) || !/^\/(api|sandbox)\//.test(next.pathname) || stopAt?.(next)) return hop;
      hop = await this.request(next.href);
    }
    return hop;
  }
}

const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"');

/** The action of the form holding a hidden person field, or ending with `/<action>?…`. */
export function formAction(html: string, action: string): string {
  const match = new RegExp(`action="([^"]*/${action}\\?[^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${action} form in the page`);
  return decode(match[1]);
}

export function hiddenFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`/${action}?`);
  const form = html.slice(start, html.indexOf('</form>', start));
  return Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], decode(m[2] ?? '')]));
}

export const isCallback = (location: URL) => location.pathname === API.bankIdCallback.pattern;
