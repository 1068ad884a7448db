import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA (PRODUCT section 7). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe-core finds nothing on the page as it is now (`tags`: the rules of those tags, else every
 * rule, best practices included). Run in the page itself ("legacy mode"): by default the builder
 * opens a blank page to merge each frame's results, which doubled the cost of every check, and
 * the portal's screens have no frames from another origin that would need it.
 */
export async function expectNoViolations(page: Page, what: string, tags: string[] | null = WCAG_TAGS) {
  const builder = new AxeBuilder({ page }).setLegacyMode();
  const { violations } = await (tags ? builder.withTags(tags) : builder).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), what).toEqual([]);
}
