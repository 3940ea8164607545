import { expect, test } from '@playwright/test';
import { templatePages } from '../../scripts/audit/templates';
import { axeViolations } from './support/axe';

// Every template (scripts/audit/templates.ts) at a desktop and a phone width.
for (const { template, path } of templatePages) {
  for (const width of [1366, 390]) {
    test(`axe finds no violations on the ${template} template (${path}) at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

test('axe finds no violations with the mega-menu and search panel open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.locator('#menu-trigger-consulting').click();
  await expect(page.locator('#menu-panel-consulting')).toBeVisible();
  expect(await axeViolations(page, 'header')).toEqual([]);
  await page.locator('#menu-trigger-search').click();
  await expect(page.locator('#menu-panel-search')).toBeVisible();
  expect(await axeViolations(page, 'header')).toEqual([]);
});
