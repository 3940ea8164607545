import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settled } from './settled';

/** What axe finds with `builder` once the page's animations have settled, one line each. */
async function violationsOf(page: Page, builder: AxeBuilder): Promise<string[]> {
  await settled(page);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/**
 * What axe finds on the page (or the part `include` selects) once its animations have settled,
 * one line per violation: its rule, its help text and the elements it names. Tests expect `[]`.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  return violationsOf(page, builder);
}

/** The WCAG 2.1 A and AA rules, as the back office is held to them. */
export const wcag21Tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe's WCAG 2.1 A/AA rules find on the page, one line per violation as `axeViolations`
 * gives them. "Label in name" (2.5.3) is one of axe's experimental rules, which a tag alone does
 * not run, so it is named.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  return violationsOf(
    page,
    new AxeBuilder({ page }).options({
      runOnly: { type: 'tag', values: wcag21Tags },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    }),
  );
}
