/**
 * Debian's Chromium for integration tests that drive a served build the way a visitor would
 * (the same launch options as the Playwright browser tests).
 */
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll } from 'vitest';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { ensureBuild } from './leads-build';
import { startLeadsServer, type LeadsServer } from './leads-server';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions(), headless: true });
}

/**
 * The integration build served with `env`, and a browser, for the tests of one file: started
 * before them, stopped after. Read `server` and `browser` inside the tests.
 */
export function servedBuildAndBrowser(env: Record<string, string> = {}) {
  const handles = {} as { server: LeadsServer; browser: Browser };
  beforeAll(async () => {
    await ensureBuild();
    [handles.server, handles.browser] = await Promise.all([startLeadsServer(env), launchBrowser()]);
  }, 600_000);
  afterAll(async () => {
    await handles.browser?.close();
    await handles.server?.stop();
  });
  return handles;
}
