/**
 * Debian's Chromium for integration tests that drive a served build the way a visitor would
 * (the same launch options as the Playwright browser tests). One browser per test file.
 */
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions(), headless: true });
}
