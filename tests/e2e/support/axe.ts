import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settled } from './settled';

/**
 * What axe finds on the page (or the part `include` selects) once its animations have settled,
 * one line per violation: its rule, its help text and the elements it names. Tests expect `[]`.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await settled(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
