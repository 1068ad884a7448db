/**
 * `docs/lifecycle.md`, written from the lifecycle table: a state diagram and the full table.
 * A test compares the file with this output, so the document cannot drift from the code;
 * `npm run docs:lifecycle` rewrites it.
 */
import {
  APPLICATION_STATUSES,
  LIFECYCLE_EVENT_MEANINGS,
  LIFECYCLE_EVENTS,
  LIFECYCLE_TABLE,
  type LifecycleTransition,
  STATUS_INFO,
  STATUS_MEANINGS,
} from './lifecycle';

function diagram(rows: readonly LifecycleTransition[]): string {
  const lines = ['stateDiagram-v2', '  direction LR', '  [*] --> CREATED'];
  // One arrow per (from, to), naming every event that takes it.
  const arrows = new Map<string, string[]>();
  for (const row of rows) {
    if (row.webhook === null) continue;
    const arrow = `${row.from} --> ${row.to}`;
    arrows.set(arrow, [...(arrows.get(arrow) ?? []), row.event]);
  }
  for (const [arrow, events] of arrows) lines.push(`  ${arrow}: ${events.join(', ')}`);
  for (const status of APPLICATION_STATUSES) if (STATUS_INFO[status].final) lines.push(`  ${status} --> [*]`);
  return lines.join('\n');
}

export function lifecycleDocument(): string {
  const changing = LIFECYCLE_TABLE.filter((row) => row.webhook !== null);
  const unchanged = LIFECYCLE_TABLE.filter((row) => row.webhook === null);
  const byEvent = new Map<string, string[]>();
  for (const row of unchanged) byEvent.set(row.event, [...(byEvent.get(row.event) ?? []), row.from]);
  return [
    '# Application lifecycle',
    '',
    '<!-- Generated from domain/src/lifecycle.ts by `npm run docs:lifecycle`; a test fails when it is out of date. -->',
    '',
    'Every status change of an application goes through one table (`domain/src/lifecycle.ts`). Each',
    'allowed pair of status and event names the next status, the outcome the customer is sent back to',
    'the shop with, the status the merchant API shows and the webhook event the merchant receives.',
    'A pair that is not in the table is refused and logged, never applied; a pair that changes nothing',
    'sends no webhook.',
    '',
    '```mermaid',
    diagram(LIFECYCLE_TABLE),
    '```',
    '',
    '## Statuses',
    '',
    '| status | merchant API | waiting screen | final | meaning |',
    '|---|---|---|---|---|',
    ...APPLICATION_STATUSES.map((status) => {
      const info = STATUS_INFO[status];
      return `| ${status} | ${info.merchant} | ${info.payment} | ${info.final ? 'yes' : 'no'} | ${STATUS_MEANINGS[status]} |`;
    }),
    '',
    '## Events',
    '',
    '| event | meaning |',
    '|---|---|',
    ...LIFECYCLE_EVENTS.map((event) => `| \`${event}\` | ${LIFECYCLE_EVENT_MEANINGS[event]} |`),
    '',
    '## Transitions',
    '',
    '| from | event | to | outcome | merchant API | webhook |',
    '|---|---|---|---|---|---|',
    ...changing.map((row) => `| ${row.from} | \`${row.event}\` | ${row.to} | \`${row.outcome}\` | ${row.merchantStatus} | \`${row.webhook}\` |`),
    '',
    'Allowed and changing nothing (a repeated report, a second click):',
    '',
    ...[...byEvent].map(([event, from]) => `- \`${event}\` in ${from.join(', ')}`),
    '',
  ].join('\n');
}
