import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type axe from 'axe-core';
import type { RunOptions } from 'axe-core';

/** WCAG 2.2 AA (PRODUCT section 7). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe-core itself (650 KB of script), put into a document once: a later check of the same
 * document (another language, a message showing, a menu open) runs the axe already there.
 * `@axe-core/playwright` evaluated the whole script twice for every check (ADR 6).
 */
const INJECT_AXE = `if (!window.axe) {\n${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}\n}`;

/**
 * axe-core finds nothing on the page as it is now (`tags`: the rules of those tags, else every
 * rule, best practices included). The portal's screens have no frames, so the top document is
 * the whole page.
 */
export async function expectNoViolations(page: Page, what: string, tags: string[] | null = WCAG_TAGS) {
  await page.evaluate(INJECT_AXE);
  const options: RunOptions = tags ? { runOnly: { type: 'tag', values: tags } } : {};
  const { violations } = await page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), what).toEqual([]);
}
