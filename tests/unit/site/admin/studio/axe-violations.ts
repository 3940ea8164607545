/**
 * axe-core (the engine of the browser tests' AxeBuilder) run on a rendered panel in jsdom: every
 * rule but colour contrast, which needs a real layout, and `region`, which asks for the page's
 * landmarks around content the page places (the studio page has them; the browser test checks).
 */
import axe from 'axe-core';

export async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
