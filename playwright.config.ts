import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium';
import { e2ePort, fakeHubSpotPort } from './tests/e2e/support/port';
import { e2eNotifyTo, fakeHubSpot } from './tests/e2e/support/fake-hubspot-client';
import { e2eDatabase, e2eMailDir } from './tests/e2e/support/run-dir';

const port = e2ePort();
const hubspotPort = fakeHubSpotPort();

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'site', testIgnore: /funnel\.spec\.ts$/ },
    // Counts funnel events exactly, so it runs once every other test (and visitor) is done.
    { name: 'funnel', testMatch: /funnel\.spec\.ts$/, dependencies: ['site'] },
  ],
  webServer: [
    {
      // HubSpot's stand-in: it knows no form until a test declares one, so leads are held.
      command: `node node_modules/tsx/dist/cli.mjs tests/fakes/fake-hubspot-server.ts`,
      url: `http://127.0.0.1:${hubspotPort}/__fake/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        FAKE_HUBSPOT_PORT: String(hubspotPort),
        FAKE_HUBSPOT_PORTAL: fakeHubSpot.portalId,
        // The secure submit endpoint and the Forms API want the site's token.
        FAKE_HUBSPOT_TOKEN: fakeHubSpot.accessToken,
      },
    },
    {
      command: `node scripts/e2e-server.mjs`,
      url: `http://127.0.0.1:${port}/`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      // A per-run database and mail folder, so runs never see each other's accounts or mail.
      env: {
        PORT: String(port),
        E2E_PORT: String(port),
        LEADS_DB: e2eDatabase(),
        MAIL_DIR: e2eMailDir(),
        // The tests stand where a reverse proxy would: each visitor gets its own X-Forwarded-For.
        TRUST_PROXY_HOPS: '1',
        HUBSPOT_PORTAL_ID: fakeHubSpot.portalId,
        HUBSPOT_API_BASE: `http://127.0.0.1:${hubspotPort}`,
        HUBSPOT_FILES_API_BASE: `http://127.0.0.1:${hubspotPort}`,
        HUBSPOT_ACCESS_TOKEN: fakeHubSpot.accessToken,
        HUBSPOT_FORM_QUESTION: fakeHubSpot.questionForm,
        LEADS_NOTIFY_TO: e2eNotifyTo,
      },
    },
  ],
});
