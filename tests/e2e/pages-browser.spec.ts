/** Browser checks of the page templates: search, the hero slider, SEO tags and a few pages. */
import { expect, test } from '@playwright/test';

test.describe('search', () => {
  test('"sba" lists the SBA financing page first, rendered without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/search?search=sba');
    expect(response?.status()).toBe(200);
    const first = page.locator('.search-results li').first();
    await expect(first.getByRole('link')).toHaveAttribute('href', '/financing/sba-financing');
    await expect(first.locator('mark').first()).toHaveText(/sba/i);
    await expect(page.getByRole('heading', { name: /results for “sba”/ })).toBeVisible();
    await context.close();
  });

  test('"zzzz" shows the no-result state and an empty query shows a hint', async ({ page }) => {
    await page.goto('/en/search?search=zzzz');
    await expect(page.getByRole('heading', { name: 'No results for “zzzz”' })).toBeVisible();
    await expect(page.locator('.search-results')).toHaveCount(0);
    await page.goto('/search');
    await expect(page.getByText(/Type a word or two above/)).toBeVisible();
  });

  test('the search form on the page submits a new query', async ({ page }) => {
    await page.goto('/search?search=zzzz');
    await page.getByLabel('Search terms').fill('pitch deck');
    await page.getByLabel('Search terms').press('Enter');
    await expect(page).toHaveURL(/search=pitch\+deck/);
    await expect(page.locator('.search-results li').first()).toContainText(/pitch/i);
  });
});

test.describe('home hero slider', () => {
  test('advances every 5 s and stays put once paused', async ({ page }) => {
    await page.goto('/');
    const slider = page.locator('.slider');
    await expect(slider).toHaveAttribute('data-active', '0');
    await page.mouse.move(0, 0);
    await expect(slider).toHaveAttribute('data-active', '1', { timeout: 7_000 });
    await page.getByRole('button', { name: 'Pause slides' }).click();
    await page.mouse.move(0, 0);
    const shown = await slider.getAttribute('data-active');
    await page.waitForTimeout(5_600);
    await expect(slider).toHaveAttribute('data-active', shown ?? '');
    await expect(page.getByRole('button', { name: 'Play slides' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('does not move for visitors who prefer reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForTimeout(5_800);
    await expect(page.locator('.slider')).toHaveAttribute('data-active', '0');
    await expect(page.locator('.slider')).toHaveAttribute('data-state', 'paused');
    await context.close();
  });
});

test.describe('SEO', () => {
  test('a content page has canonical, alternates, social cards and a breadcrumb list', async ({
    page,
  }) => {
    await page.goto('/en/financing/private-equity/leveraged-buyout');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname).toBe('/financing/private-equity/leveraged-buyout');
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const crumbs = ld.map(
      (text) => JSON.parse(text) as { '@type': string; itemListElement?: unknown[] },
    );
    const list = crumbs.find((data) => data['@type'] === 'BreadcrumbList');
    expect(list?.itemListElement).toHaveLength(4);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
  });

  test('home carries Organization and an insight carries Article with its UTC date', async ({
    page,
  }) => {
    await page.goto('/');
    const home = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(
      home.some((text) => (JSON.parse(text) as { '@type': string })['@type'] === 'Organization'),
    ).toBe(true);
    await page.goto('/insights/raising-capital-for-a-start-up');
    await expect(page.locator('time')).toHaveText('February 08, 2022');
    const article = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(
      article.some((text) => (JSON.parse(text) as { '@type': string })['@type'] === 'Article'),
    ).toBe(true);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });
});

test.describe('templates', () => {
  test('a service page shows its sections, forms slots and the configured contact', async ({
    page,
  }) => {
    await page.goto('/consulting/strategy');
    for (const name of [
      'Business Strategy Consulting at a glance',
      'Who it is for',
      'What you receive',
      'How it works',
      'Frequently asked questions',
      'Related services',
    ]) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole('heading', { name: 'Tell us more about your project' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to talk?' })).toBeVisible();
    const main = await page.locator('main').innerText();
    expect(main).not.toMatch(/\{(brand|phone|email|careersEmail)\}/);
    expect(main).toContain('(310) 555-0142');
    const faq = page.locator('.faq details').first();
    await faq.locator('summary').click();
    await expect(faq).toHaveAttribute('open', '');
  });

  test('a city page shows the office card; a state page lists its cities', async ({ page }) => {
    await page.goto('/cities/west-hollywood');
    await expect(page.getByRole('heading', { name: 'Visit our office' })).toBeVisible();
    await expect(page.getByText('8560 Sunset Boulevard')).toBeVisible();
    await page.goto('/cities/california');
    const cities = page.locator('#cities + ul, section[aria-labelledby="cities"] li');
    await expect(cities.getByRole('link', { name: 'Los Angeles' })).toBeVisible();
    await cities.getByRole('link', { name: 'Los Angeles' }).click();
    await expect(page).toHaveURL(/\/cities\/los-angeles$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Los Angeles');
  });

  test('the industries grid has an anchor per industry', async ({ page }) => {
    await page.goto('/industries#cybersecurity');
    await expect(page.locator('#cybersecurity')).toBeInViewport();
    await expect(page.locator('.industry')).toHaveCount(24);
  });

  test('the insights listing groups by category and links to each insight', async ({ page }) => {
    await page.goto('/insights');
    await page
      .getByRole('navigation', { name: 'Insight categories' })
      .getByRole('link')
      .first()
      .click();
    await expect(page.locator('.card')).toHaveCount(12);
  });

  test('a media mention links out to the fictional outlet in a new tab', async ({ page }) => {
    await page.goto('/media-mentions');
    await page.locator('.card a').first().click();
    const out = page.getByRole('link', { name: /Read the piece at/ });
    await expect(out).toHaveAttribute('target', '_blank');
    await expect(out).toHaveAttribute('href', /^https:\/\/example\.(com|org|net)\//);
  });
});
