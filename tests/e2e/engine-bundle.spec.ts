/**
 * `@/engine/client` is the site's one browser entry of the engine, the studio's checks included;
 * the bundler drops what a page does not import (engine/package.json: no side effects). So a
 * visitor who opens a questionnaire loads the renderer but not the flow checks: neither the
 * schema's generated validators nor the JSON source diagnostics the studio shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Texts only the studio's checks carry: ajv's generated validators and the JSON syntax hints.
const studioMarkers = ['must have required property', 'JSON allows none after the last item'];

test('the studio checks are in the build but a visitor on a questionnaire page never loads them', async ({
  page,
}) => {
  const chunks = path.join(process.env.NEXT_DIST_DIR || '.next', 'static', 'chunks');
  const built = readdirSync(chunks, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(path.join(chunks, name), 'utf8'));
  for (const marker of studioMarkers)
    expect(
      built.some((text) => text.includes(marker)),
      `${marker} in the build`,
    ).toBe(true);

  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/');
  // The renderer arrives when the visitor reaches for the form; then they answer a question.
  await page.locator('#form-client').getByRole('button', { name: 'Start-up' }).click();
  await expect(page.locator('#form-client')).not.toContainText('What phase is your business in?');
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(3);
  for (const marker of studioMarkers)
    expect(loaded.filter((text) => text.includes(marker)).length, marker).toBe(0);
});
