import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (Playwright's own browser download cannot work offline). */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  };
}
