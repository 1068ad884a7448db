/**
 * `npm run providers:check`: the providers' preflight for an operator, before go-live and after
 * any change of credentials. With the configured credentials it makes only harmless calls and
 * prints, per provider and country, what answered, what did not and why, in words an operator
 * can act on. Exit code 0 when every configured provider answered, 1 when one did not, 78 when the
 * configuration itself is wrong. In the sandbox the simulators are served by the portal itself:
 * start it (`npm start`) before checking them.
 */
import pino from 'pino';
import type { PreflightCheck, PreflightReport } from '@portal/domain';
import { ConfigError, describeOffers, loadConfig } from '../config';
import { runProvidersCheck } from '../services/providers-check';

const NAMES: Readonly<Record<PreflightCheck['provider'], string>> = {
  'resurs-v2': 'Resurs Merchant API 2.0',
  'resurs-v1': 'Resurs version 1 (SOAP)',
  grenke: 'GRENKE leasing',
  signing: 'Signing service',
  registry: 'Company registry',
  bankid: 'BankID broker',
};

/** What went wrong and what to do about it, in an operator's words. */
export function explain(check: PreflightCheck): string {
  if (check.outcome === 'ok') return check.calls.length > 0 ? `answers (${check.calls.join(', ')})` : 'answers';
  if (check.outcome === 'off') return check.provider === 'registry' ? 'off: not used, business leasing is not offered there' : 'off: not configured, so its products are not offered';
  const problem = check.problem;
  if (!problem) return 'failed';
  const call = problem.operation ?? 'the first call';
  const settings = check.settings.join(', ');
  switch (problem.kind) {
    case 'unreachable':
      return `could not be reached at ${check.address ?? '?'} (${call}): check the address, DNS, and that this server may reach it (firewall, proxy)`;
    case 'timeout':
      return `did not answer ${call} in time: check the network path to ${check.address ?? '?'}, or raise PROVIDER_TIMEOUT_MS`;
    case 'server-error':
      return `answered ${call} with ${problem.status ?? '5xx'}: the provider has a problem on its side; try again later, or ask the provider`;
    case 'circuit-open':
      return `its circuit is open on this instance: new customers are told the lender is unavailable until it answers again`;
    case 'rate-limited':
      return `asked the portal to slow down (429) at ${call}: try again in a minute`;
    case 'credentials-refused':
      return `refused the portal's credentials (${problem.status ?? '401'}) at ${call}: check ${settings}`;
    case 'refused':
      return `refused ${call} (${problem.status ?? '4xx'}${problem.code ? `, ${problem.code}` : ''}): check ${settings}, and ask the provider whether the account is set up for this call`;
    case 'unreadable':
      return `answered ${call} in a shape this portal cannot read (field ${problem.field ?? '?'}): the provider's API differs from what the portal was built for; tell the portal's developers and the provider`;
    case 'not-configured':
      return `not configured: check ${settings}`;
  }
}

export function report(result: PreflightReport): string[] {
  const width = Math.max(...result.checks.map((check) => `${NAMES[check.provider]}${check.country ? ` · ${check.country}` : ''}`.length));
  const mark = { ok: 'ok  ', failed: 'FAIL', off: 'off ' } as const;
  return [
    `Providers check, ${result.at}${result.sandbox ? ' (sandbox: the simulators on this portal)' : ''}`,
    '',
    ...result.checks.map((check) => {
      const name = `${NAMES[check.provider]}${check.country ? ` · ${check.country}` : ''}`;
      return `  ${mark[check.outcome]}  ${name.padEnd(width)}  ${explain(check)}`;
    }),
  ];
}

export async function main(env: Record<string, string | undefined> = process.env, print: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      print(error.message);
      return 78;
    }
    throw error;
  }
  // Nothing personal is called or logged; the adapters' own warnings go to stderr.
  const log = pino({ level: 'warn' }, pino.destination(2));
  const result = await runProvidersCheck(config, log);
  for (const line of report(result)) print(line);
  print('');
  for (const line of describeOffers(config.offers)) print(`  ${line}`);
  const failed = result.checks.filter((check) => check.outcome === 'failed');
  if (failed.length > 0 && config.sandbox) print('\nIn the sandbox the simulators are served by the portal: is it running (npm start) at PUBLIC_URL?');
  return failed.length > 0 ? 1 : 0;
}
