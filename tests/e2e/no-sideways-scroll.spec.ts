/**
 * Every template (scripts/audit/templates.ts) fits its window from 320 to 1920 px: nothing makes
 * the page scroll sideways.
 */
import { expect, test } from '@playwright/test';
import { templatePages } from '../../scripts/audit/templates';

const widths = [320, 390, 768, 1024, 1366, 1920];

for (const { template, path } of templatePages) {
  test(`${template} (${path}) has no sideways scroll from 320 to 1920 px`, async ({ page }) => {
    await page.goto(path);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(overflow.scroll, `${width} px`).toBeLessThanOrEqual(overflow.client);
    }
  });
}
