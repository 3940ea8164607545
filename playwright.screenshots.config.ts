/**
 * `npm run screenshots`: the browser tests' server (a fresh production build, the fake HubSpot)
 * with one job, tests/screenshots: a PNG of every template and of each flow's endings, at a
 * desktop and a phone width, in `screenshots/` for review. Not part of `npm test`.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: './tests/screenshots',
  outputDir: './test-results/screenshots',
  timeout: 120_000,
  projects: [{ name: 'screenshots' }],
});
