/**
 * The content templates' layout as a visitor sees it: on a wide screen the right column holds
 * the way to talk to someone (and the page's related pages or its office) and keeps it in view
 * while the page scrolls; on a phone it comes after the page. A service page puts its own form
 * after how the service works, before the questions; cards move on hover only for visitors who
 * accept motion.
 */
import { expect, test, type Page } from '@playwright/test';

const pages = [
  { template: 'service', path: '/consulting/strategy', card: 'Talk to an advisor' },
  { template: 'division', path: '/financing', card: 'Talk to an advisor' },
  { template: 'city', path: '/cities/manhattan', card: 'Talk to an advisor' },
  { template: 'careers', path: '/careers', card: 'Questions about joining?' },
];

const advisorCard = (page: Page, name: string) => page.getByRole('complementary', { name });

for (const { template, path, card } of pages) {
  test(`${template}: the advisor card is the right column at 1366 px and stays in view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(path);
    const aside = advisorCard(page, card);
    const box = (await aside.boundingBox())!;
    expect(box.x).toBeGreaterThan(1366 * 0.6);
    // The main column's text does not run under it.
    const overview = (await page.locator('.content-layout__main').boundingBox())!;
    expect(overview.x + overview.width).toBeLessThanOrEqual(box.x);
    // Down to the end of the page's column: the card is still on screen.
    await page.locator('.content-layout__main > :last-child').scrollIntoViewIfNeeded();
    await expect(aside).toBeInViewport();
    await expect(aside.getByRole('link', { name: '(310) 555-0142' })).toBeVisible();
  });

  test(`${template}: on a 390 px phone the advisor card follows the page`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const aside = (await advisorCard(page, card).boundingBox())!;
    const main = (await page.locator('.content-layout__main').boundingBox())!;
    expect(aside.y).toBeGreaterThanOrEqual(main.y + main.height);
    expect(aside.width).toBeGreaterThan(300);
  });
}

test('a service page lists its related services beside the page, each with its link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/consulting/strategy');
  const related = page.getByRole('navigation', { name: 'Related services' });
  await expect(related.getByRole('link')).toHaveCount(3);
  expect((await related.boundingBox())!.x).toBeGreaterThan(1366 * 0.6);
  await related.getByRole('link', { name: /Investor Business Plans/ }).click();
  await expect(page).toHaveURL(/\/consulting\/business-plans\/investor-business-plans$/);
});

test('a service page shows what you get with icons and its form before the questions', async ({
  page,
}) => {
  await page.goto('/consulting/strategy');
  const receive = page.locator('section[aria-labelledby="deliverables"] li');
  expect(await receive.count()).toBeGreaterThan(2);
  await expect(receive.first().locator('svg')).toBeVisible();
  const formTop = (await page
    .getByRole('heading', { name: 'Tell us more about your project' })
    .boundingBox())!.y;
  const processTop = (await page.getByRole('heading', { name: 'How it works' }).boundingBox())!.y;
  const faqTop = (await page
    .getByRole('heading', { name: 'Frequently asked questions' })
    .boundingBox())!.y;
  expect(formTop).toBeGreaterThan(processTop);
  expect(formTop).toBeLessThan(faqTop);
});

test('the careers pages send candidates to the hiring team, not to sales', async ({ page }) => {
  await page.goto('/careers');
  const aside = advisorCard(page, 'Questions about joining?');
  await expect(aside.getByRole('link', { name: /^careers@/ })).toBeVisible();
  await aside.getByRole('link', { name: 'Start your application' }).click();
  await expect(page.locator('#form-careers')).toBeInViewport();
});

test('a card holding several links keeps each one clickable (offices, where we work)', async ({
  page,
}) => {
  await page.goto('/offices');
  const region = page.locator('section[aria-labelledby="where-we-work"] .card').first();
  const city = region.locator('.inline-links a').first();
  const href = await city.getAttribute('href');
  await city.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

for (const motion of ['reduce', 'no-preference'] as const) {
  test(`a service card ${motion === 'reduce' ? 'stays still' : 'lifts'} on hover (${motion})`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    const card = page.locator('#featured-services ~ .cards .card').first();
    await card.hover();
    if (motion === 'reduce') {
      await page.waitForTimeout(300);
      expect(await card.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
    } else {
      await expect
        .poll(() => card.evaluate((el) => getComputedStyle(el).transform))
        .not.toBe('none');
    }
  });
}

test('a form band puts the form beside its heading when it is wide, under it in a column', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/contact-us');
  const band = page.locator('#form-contactBanner');
  const heading = (await band.getByRole('heading', { name: 'Contact us' }).boundingBox())!;
  const form = (await band.getByLabel('Reason for enquiry').boundingBox())!;
  expect(form.x).toBeGreaterThan(heading.x + heading.width);
  expect(Math.abs(form.y - heading.y)).toBeLessThan(60);

  await page.goto('/consulting/strategy');
  const inColumn = page.locator('#form-tellUsMore');
  const title = (await inColumn.getByRole('heading', { level: 2 }).boundingBox())!;
  const fields = (await inColumn.getByLabel('First name').boundingBox())!;
  expect(fields.y).toBeGreaterThan(title.y + title.height);
  expect(Math.abs(fields.x - title.x)).toBeLessThan(30);
});
