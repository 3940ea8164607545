import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
});

test('the Menu sidebar shows two levels and closes by Escape, overlay or Close', async ({
  page,
}) => {
  await expect(page.locator('.top-bar')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toBeVisible();
  // Client-only: no sidebar in the server HTML.
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);

  await menuButton.click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog).toBeVisible();
  const firstLevel = dialog.getByRole('navigation', { name: 'Site' });
  const names = await firstLevel.locator(':scope > ul > li').allInnerTexts();
  expect(names.map((name) => name.replace('›', '').trim())).toEqual([
    'About',
    'Consulting',
    'Business Plans',
    'Financing',
    'Legal',
    'Technology',
    'Industries',
    'Careers',
    'Market Data Plans',
    'Insights',
    'Media',
    'Reviews',
    'Subscribe',
    'Contact',
  ]);
  await expect(firstLevel.getByRole('link', { name: 'Reviews' })).toHaveAttribute(
    'href',
    '/reviews',
  );

  // Second level.
  await firstLevel.getByRole('button', { name: 'Consulting' }).click();
  const second = dialog.getByRole('navigation', { name: 'Consulting' });
  await expect(second.getByRole('link', { name: 'Consulting overview' })).toHaveAttribute(
    'href',
    '/consulting',
  );
  await expect(second.getByRole('link', { name: 'Management Consulting' })).toHaveAttribute(
    'href',
    '/consulting/management-consulting',
  );
  await expect(dialog.getByRole('button', { name: /Back/ })).toBeFocused();
  await dialog.getByRole('button', { name: /Back/ }).click();
  await firstLevel.getByRole('button', { name: 'Industries' }).click();
  await expect(
    dialog.getByRole('navigation', { name: 'Industries' }).getByRole('link', { name: 'Aviation' }),
  ).toHaveAttribute('href', '/industries#aviation');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await page.getByTestId('sidebar-overlay').click({ position: { x: 10, y: 400 } });
  await expect(dialog).toHaveCount(0);
  await menuButton.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('search works on a phone', async ({ page }) => {
  await page.locator('header').getByRole('button', { name: 'Search' }).click();
  const input = page.getByRole('searchbox', { name: 'Search the site' });
  await expect(input).toBeFocused({ timeout: 3000 });
  await input.fill('grant');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?search=grant$/);
  await expect(page.getByRole('main')).toContainText('grant');
});

test('scrolling on a phone keeps the header at rest within 100 px of the top', async ({ page }) => {
  const header = page.locator('#site-header');
  await page.evaluate(() => window.scrollTo(0, 90));
  await page.waitForTimeout(200);
  await expect(header).toHaveAttribute('data-scroll', 'none');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute('data-scroll', 'down');
});
