/**
 * Every template is served with a Content-Security-Policy that lists the hashes of its own
 * inline scripts and no `unsafe-inline` or `unsafe-eval` for scripts; the page runs under it
 * with no violation, also after the visitor's first interaction (when the deferred widgets and
 * the questionnaire code load) and after a client-side navigation.
 */
import { expect, test } from '@playwright/test';
import { watchCspViolations } from './support/csp-violations';
import { templatePages } from '../../scripts/audit/templates';

const templates = [
  ...templatePages,
  { template: 'sign-in', path: '/login' },
  { template: 'not found', path: '/no-such-page' },
];

for (const { template, path } of templates) {
  test(`${template} (${path}) runs under its policy with no violation`, async ({ page }) => {
    const violations = watchCspViolations(page);
    const response = await page.goto(path);
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    const scripts = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
    expect(scripts).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+/);
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy).toContain("frame-ancestors 'none'");
    await page.waitForLoadState('networkidle');
    // The visitor's first touch: the deferred widgets and the questionnaire code load.
    await page.mouse.move(200, 300);
    await page.keyboard.press('Tab');
    await page.mouse.wheel(0, 600);
    await page.waitForLoadState('networkidle');
    expect(violations()).toEqual([]);
  });
}

test('a client-side navigation and a questionnaire answer break no policy', async ({ page }) => {
  const violations = watchCspViolations(page);
  await page.goto('/');
  await page.locator('#form-client').getByRole('button', { name: 'Start-up' }).click();
  await expect(
    page.locator('#form-client').getByRole('heading', { name: /working capital/ }),
  ).toBeVisible();
  // Any page the home page links to, reached by the router rather than a new document.
  const link = page.locator('main a[href^="/"]:visible').first();
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.?]/g, '\\$&')}$`));
  await page.waitForLoadState('networkidle');
  expect(violations()).toEqual([]);
});
