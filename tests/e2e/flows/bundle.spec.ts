/**
 * What the browser receives: ajv (the flow validator) never reaches it, the questionnaire
 * pages carry no phone-mask or dropzone code until a step needs it, and no captcha script loads
 * while none is configured.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { ajvMarkers, clientChunkFiles, filesContaining } from './support/client-chunks';

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

test('the mask and dropzone load only on steps that need them; no captcha script without a provider', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(`${response.url()}\n${await response.text().catch(() => '')}`);
  });
  const loaded = (marker: string) => scripts.some((s) => s.includes(marker));
  await page.goto('/');
  const scope = page.locator('#form-client');
  await expect(scope.getByRole('button', { name: 'Start-up', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // react-imask's and react-dropzone's own strings.
  const imask = 'Masked class is not found for provided mask';
  const dropzone = 'file-invalid-type';
  expect(loaded(imask)).toBe(false);
  expect(loaded(dropzone)).toBe(false);
  await scope.getByRole('button', { name: 'IPO & ICO', exact: true }).click();
  await scope.getByRole('button', { name: '$50,000-$150,000', exact: true }).click();
  await scope.getByRole('button', { name: 'Technology', exact: true }).click();
  await scope.getByRole('button', { name: 'Pitch Deck', exact: true }).click();
  await expect(scope.getByLabel('Phone')).toBeVisible();
  await expect.poll(() => loaded(imask)).toBe(true);
  expect(loaded(dropzone)).toBe(false);
  expect(scripts.filter((s) => !s.startsWith('http://127.0.0.1'))).toEqual([]);
});
