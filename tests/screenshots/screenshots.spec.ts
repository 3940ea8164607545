/**
 * Pictures for review (`npm run screenshots`): every template (scripts/audit/templates.ts), the
 * careers questionnaire mid-way, and each placed flow at each of its endings, walked by the
 * browser tests' driver along a covering path, at 1366 × 768 and 390 × 844, into
 * `screenshots/<name>-<width>.png`: templates full page, flows as the window shows them.
 */
import path from 'node:path';
import { test, type Locator, type Page } from '@playwright/test';
import { templatePages } from '../../scripts/audit/templates';
import { browserWalks } from '../e2e/flows/support/browser-walks';
import { visitorIp, walkSteps } from '../e2e/flows/support/flow-driver';
import { repoFlows, sitePlacements } from '../e2e/flows/support/repo-flows';

const widths = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const folder = path.join(process.cwd(), 'screenshots');
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * A full page; with `focus`, the window a visitor sees with that part of the page (a flow
 * mid-way or at its ending) brought into view.
 */
async function shoot(page: Page, name: string, width: number, focus?: Locator) {
  await page.waitForLoadState('networkidle');
  // The footer is laid out only as it nears the viewport (content-visibility: auto), and a
  // full-page capture does not scroll: paint it as a visitor who scrolled down would see it.
  await page.addStyleTag({ content: '.site-footer { content-visibility: visible; }' });
  // An ending that moved the visitor to another page (booking) leaves no flow to bring into view.
  const target = focus && (await focus.count()) > 0 ? focus : undefined;
  if (target)
    await target.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -120); // clear of the sticky header
    });
  await page.screenshot({
    path: path.join(folder, `${slug(name)}-${width}.png`),
    fullPage: !target,
  });
}

const walks = browserWalks(repoFlows(), sitePlacements());

for (const size of widths) {
  test.describe(`${size.width} px`, () => {
    test.use({ viewport: size });

    for (const { template, path: route } of templatePages) {
      test(template, async ({ page }) => {
        await page.goto(route);
        await shoot(page, template, size.width);
      });
    }

    test('careers questionnaire mid-way', async ({ page }) => {
      const { flow, placement, paths } = walks.find((w) => w.placement.flowId === 'careers')!;
      await page.goto(placement.path);
      const scope = page.locator(placement.selector);
      await walkSteps(scope, flow, paths[0]!.steps.slice(0, 2));
      await shoot(page, 'careers-mid-way', size.width, scope);
    });

    for (const { flow, placement, paths } of walks) {
      const byEnding = new Map(paths.map((p) => [p.ending, p]));
      for (const [ending, walk] of byEnding) {
        test(`${flow.id} ending ${ending}`, async ({ page }) => {
          // A visitor of its own, as the browser tests are: the lead rate limit is per visitor.
          await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorIp() });
          await page.goto(placement.path);
          const scope = page.locator(placement.selector);
          await walkSteps(scope, flow, walk.steps);
          await page.waitForTimeout(500);
          await shoot(page, `ending-${flow.id}-${ending}`, size.width, scope);
        });
      }
    }
  });
}
