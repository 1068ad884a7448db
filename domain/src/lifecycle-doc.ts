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
import { SETTLEMENT_MEANINGS, SETTLEMENT_STATES, SETTLEMENT_TRANSITIONS } from './settlement';

/** COMPLETED's settlement sub-states and the operations that move between them. */
function settlementDiagram(): string {
  const lines = ['stateDiagram-v2', '  direction LR', '  [*] --> AUTHORIZED: decision.granted'];
  const arrows = new Map<string, string[]>();
  for (const { from, kind, part, all } of SETTLEMENT_TRANSITIONS) {
    const label = (which: string) => `${kind} (${which})`;
    for (const [to, which] of part === all ? ([[all, 'part or all']] as const) : ([[part, 'part'], [all, 'all']] as const)) {
      const arrow = `${from} --> ${to}`;
      arrows.set(arrow, [...(arrows.get(arrow) ?? []), label(which)]);
    }
  }
  for (const [arrow, events] of arrows) lines.push(`  ${arrow}: ${events.join(', ')}`);
  return lines.join('\n');
}

function diagram(rows: readonly LifecycleTransition[]): string {
  const lines = ['stateDiagram-v2', '  direction LR', '  [*] --> CREATED'];
  // One arrow per (from, to), naming every event that takes it.
  const arrows = new Map<string, string[]>();
  for (const row of rows) {
    // Money after the sale moves within COMPLETED: its own diagram below.
    if (row.webhook === null || row.always) continue;
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
    '## Money after the sale: the settlement of a COMPLETED application',
    '',
    'A granted consumer credit stays COMPLETED; its settlement (`domain/src/settlement.ts`) moves on as',
    'the merchant captures (as goods ship), refunds (as they come back) and cancels what it will never',
    'capture. Each operation is the event `payment.captured`, `payment.refunded` or `payment.cancelled`',
    'in the table above, with its webhook; the settlement is read from the amounts. A lease starts when',
    'the merchant confirms its delivery (`lease.delivery_confirmed`). An operation the lender refuses',
    'after the portal accepted it is `payment.operation_failed`.',
    '',
    '```mermaid',
    settlementDiagram(),
    '```',
    '',
    '| settlement | meaning |',
    '|---|---|',
    ...SETTLEMENT_STATES.map((state) => `| ${state} | ${SETTLEMENT_MEANINGS[state]} |`),
    '',
  ].join('\n');
}
