/**
 * Operators signing in to the back office over real HTTP: the portal's OIDC client against the
 * sandbox broker on the same server, driven like a browser (cookies by path, redirects by hand).
 */
import { BACK_OFFICE_AUTH, type TestOperator } from '@portal/domain';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  attributes: string[];
}

export class OperatorBrowser {
  cookies: StoredCookie[] = [];
  constructor(private readonly origin: string) {}

  cookie(name: string): StoredCookie | undefined {
    return this.cookies.find((c) => c.name === name);
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
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='))?.slice(8);
      const gone = attributes.some((a) => a.toLowerCase() === 'max-age=0') || (expires !== undefined && Date.parse(expires) < Date.now()) || value === '';
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!gone) this.cookies.push({ name, value, path, attributes });
    }
  }

  async request(url: string, form?: Record<string, string>): Promise<{ status: number; location: string | null; body: string }> {
    const target = new URL(url, this.origin);
    const response = await fetch(target, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: this.header(target.pathname), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.store(response);
    const location = response.headers.get('location');
    return { status: response.status, location: location ? new URL(location, target).href : null, body: await response.text() };
  }

  /** Follows redirects within the API and the broker; answers where the browser lands outside them. */
  async navigate(url: string, form?: Record<string, string>): Promise<{ status: number; location: string | null; body: string }> {
    let hop = await this.request(url, form);
    for (let i = 0; i < 10 && hop.location; i += 1) {
      const next = new URL(hop.location);
      if (!/^\/(api|sandbox)\//.test(next.pathname)) return hop;
      hop = await this.request(next.href);
    }
    return hop;
  }

  /** Signs in at the broker as a test operator; answers where the console was sent. */
  async signIn(operator: TestOperator): Promise<string> {
    const chooser = await this.navigate(BACK_OFFICE_AUTH.login.pattern);
    const match = /action="([^"]*\/operator\?[^"]*)"/.exec(chooser.body);
    if (!match?.[1]) throw new Error(`no operator chooser: ${chooser.status} ${chooser.body.slice(0, 300)}`);
    const landed = await this.navigate(match[1].replace(/&amp;/g, '&'), { operator: operator.id });
    if (!landed.location) throw new Error(`sign-in did not leave the API: ${landed.status} ${landed.body.slice(0, 300)}`);
    return landed.location;
  }

  /** Cancels at the broker's operator chooser; answers where the console was sent. */
  async cancelSignIn(): Promise<string | null> {
    const chooser = await this.navigate(BACK_OFFICE_AUTH.login.pattern);
    const match = /action="([^"]*\/cancel\b[^"]*)"/.exec(chooser.body);
    if (!match?.[1]) throw new Error(`no cancel on the operator chooser: ${chooser.status} ${chooser.body.slice(0, 300)}`);
    return (await this.navigate(match[1].replace(/&amp;/g, '&'), {})).location;
  }

  /** The operator cookie as a header for `inject`. */
  get operatorCookie(): string {
    const c = this.cookie('bo_sid');
    return c ? `bo_sid=${c.value}` : '';
  }
}
