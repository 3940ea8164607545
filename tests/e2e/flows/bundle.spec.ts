/**
 * What the browser receives: ajv (the flow validator) never reaches it, nor the studio's checks
 * (they share @/engine/client, and the bundler drops what a page does not import: see
 * engine/package.json), the questionnaire
 * pages carry no phone-mask or dropzone code until a step needs it, and no captcha script loads
 * while none is configured.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { PREFETCH_MARK } from '@/site/flows/prefetch-when-seen';
import {
  ajvMarkers,
  clientChunkFiles,
  filesContaining,
  studioCheckMarkers,
} from './support/client-chunks';

test('no built browser chunk contains ajv', () => {
  const files = clientChunkFiles();
  expect(files.length).toBeGreaterThan(5);
  // The markers are real: ajv's own code holds each of them.
  const ajvCore = readFileSync(createRequire(import.meta.url).resolve('ajv/dist/core.js'), 'utf8');
  for (const marker of ajvMarkers) {
    expect(ajvCore).toContain(marker);
    expect(filesContaining(files, marker)).toEqual([]);
  }
});

function recordScripts(page: Page): (marker: string) => boolean {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(`${response.url()}\n${await response.text().catch(() => '')}`);
  });
  return (marker: string) => scripts.some((s) => s.includes(marker));
}

test('the studio checks are in the build but a visitor on a questionnaire page never loads them', async ({
  page,
}) => {
  const files = clientChunkFiles();
  for (const marker of studioCheckMarkers)
    expect(filesContaining(files, marker).length, `${marker} in the build`).toBeGreaterThan(0);
  const loaded = recordScripts(page);
  await page.goto('/');
  // The renderer arrives when the visitor reaches for the form; then they answer a question.
  await page.locator('#form-client').getByRole('button', { name: 'Start-up' }).click();
  await expect(page.locator('#form-client')).not.toContainText('What phase is your business in?');
  await page.waitForLoadState('networkidle');
  for (const marker of studioCheckMarkers) expect(loaded(marker), marker).toBe(false);
});

// Strings only react-imask's and react-dropzone's code hold.
const imask = 'Masked class is not found for provided mask';
const dropzone = 'file-invalid-type';

test('the phone mask loads only on the step that asks for a phone number', async ({ page }) => {
  test.setTimeout(90_000);
  const loaded = recordScripts(page);
  const thirdParty: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && !r.url().startsWith('http://127.0.0.1'))
      thirdParty.push(r.url());
  });
  await page.goto('/grant-service');
  const scope = page.locator('#form-grants');
  await expect(scope.getByRole('button', { name: 'For-profit', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded(imask)).toBe(false);
  expect(loaded(dropzone)).toBe(false);
  for (const answer of ['For-profit', 'Woman Owned', "I don't know", 'Yes', 'No']) {
    await scope.getByRole('button', { name: answer, exact: true }).click();
  }
  await expect(scope.getByLabel('Phone')).toBeVisible();
  await expect.poll(() => loaded(imask)).toBe(true);
  expect(loaded(dropzone)).toBe(false);
  // No captcha provider is configured here: no captcha (or any third-party) script.
  expect(thirdParty).toEqual([]);
});

test('the dropzone loads only on the upload step', async ({ page }) => {
  test.setTimeout(90_000);
  const loaded = recordScripts(page);
  await page.goto('/careers');
  const scope = page.locator('#form-careers');
  await expect(scope.getByRole('button', { name: 'MBA Candidate', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded(dropzone)).toBe(false);
  for (const answer of [
    'MBA Candidate',
    'Stanford',
    'Yes',
    'Yes',
    'Five or More',
    'No',
    'Consulting',
    'No',
  ]) {
    await scope.getByRole('button', { name: answer, exact: true }).click();
  }
  await expect(scope.getByLabel('Resume')).toBeAttached();
  await expect.poll(() => loaded(dropzone)).toBe(true);
  // A file of the wrong type is refused in the browser with a clear message.
  await scope
    .getByLabel('Resume')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(scope.getByText('Resume must be a PDF, DOCX, JPG or PNG file')).toBeVisible();
});

interface Script {
  url: string;
  body: string;
  gzip: number;
  /** When its request started, in ms since the epoch. */
  start: number;
}

/** Every script the page loads, with its gzip size. */
function scriptSizes(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const start = response.request().timing().startTime;
    const body = await response.text().catch(() => '');
    scripts.push({ url: response.url(), body, gzip: gzipSync(body, { level: 9 }).length, start });
  });
  return scripts;
}

/** When the page's first questionnaire prefetch started (ms since the epoch), if one did. */
const prefetchStart = (page: Page) =>
  page.evaluate((mark) => {
    const [first] = performance.getEntriesByName(mark);
    return first ? performance.timeOrigin + first.startTime : Number.POSITIVE_INFINITY;
  }, PREFETCH_MARK);

// A string only the funnel beacon holds (its per-visit event counter).
const funnelMarker = 'site:visit-seq';

test('funnel events: no code on a page without a questionnaire, at most 1 KiB gzip on one with', async ({
  browser,
}) => {
  for (const path of ['/privacy-policy', '/media-mentions/larkspur-business-review-sba-plans']) {
    const page = await browser.newPage();
    const scripts = scriptSizes(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(scripts.length, path).toBeGreaterThan(3);
    expect(
      scripts.filter((s) => s.body.includes(funnelMarker)).map((s) => s.url),
      path,
    ).toEqual([]);
    await page.close();
  }
  const page = await browser.newPage();
  const scripts = scriptSizes(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The beacon arrives after the page is up (it reports the opening step as seen) in a chunk of
  // its own, and nothing else comes with it. On a busy machine the load event can come after the
  // network fell quiet: wait for the chunk itself. The questionnaire's renderer, prefetched once
  // the page is idle, holds the beacon too (the renderer reports steps); it is not arrival code.
  await expect
    .poll(() => scripts.filter((s) => s.body.includes(funnelMarker)).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  const prefetchedAt = await prefetchStart(page);
  const beacon = scripts.filter((s) => s.body.includes(funnelMarker) && s.start < prefetchedAt);
  expect(beacon).toHaveLength(1);
  console.log(`funnel beacon chunk: ${beacon[0]!.gzip} B gzip`);
  expect(beacon[0]!.gzip).toBeLessThanOrEqual(1024);
  await page.close();
});
