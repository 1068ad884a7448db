/** Redocly CLI's lint (redocly.yaml) over an OpenAPI document, as a merchant's tooling would run it. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../src/config';

export interface LintReport {
  totals: { errors: number; warnings: number };
  /** Each problem as `rule: message`. */
  problems: string[];
}

export function redoclyLint(document: string, fileName: string): LintReport {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), fileName);
  writeFileSync(file, document);
  const cli = join(repoRoot(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', file, '--config', join(repoRoot(), 'redocly.yaml'), '--format', 'json'], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { totals: LintReport['totals']; problems: { ruleId: string; message: string }[] };
  return { totals: report.totals, problems: report.problems.map((p) => `${p.ruleId}: ${p.message}`) };
}
