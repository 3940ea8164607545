/**
 * `npm run dev` (`next dev`) runs the same runtime as every other host: the flows folder is
 * seeded into the catalogue at start, `/healthz` reports a running worker, a lead posted through
 * the App Router route wakes the worker that instrumentation.ts started (Next loads the two as
 * separate module instances; the runtime is one), a publish is served at once, and pages carry
 * the host-only Content-Security-Policy. The browser and studio tests cover the production
 * server and `next start`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import {
  postLead,
  startLeadsServer,
  tempDataDir,
  until,
  type LeadsServer,
} from './support/leads-server';
import { runScript } from './support/run-script';

const portalId = '4242';

describe('next dev', () => {
  let fake: FakeHubSpot;
  let server: LeadsServer;

  beforeAll(async () => {
    fake = new FakeHubSpot({ portalId, forms: { 'guid-sub': { fields: ['email'] } } });
    await fake.up();
    server = await startLeadsServer(
      {
        NEXT_DIST_DIR: '.next-dev-it',
        HUBSPOT_PORTAL_ID: portalId,
        HUBSPOT_API_BASE: fake.url,
        HUBSPOT_FORM_SUBSCRIBE: 'guid-sub',
        // Only a wake-up delivers a lead within the test: the worker's own poll is a minute away.
        LEADS_WORKER_POLL_MS: '60000',
      },
      undefined,
      'next-dev',
    );
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('starts the runtime: the catalogue is seeded and /healthz reports a running worker', async () => {
    await until(
      () => /\[flows\] flows\/\w+\.json imported as version \d+/.test(server.output()),
      30_000,
    );
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', worker: { state: 'running' } });
  }, 120_000);

  it('delivers a lead posted through the route at once: the route reaches the started worker', async () => {
    const response = await postLead(server, 'newsletter', {
      answers: { email: 'dev@example.com' },
      page: { uri: 'http://127.0.0.1/', name: 'home' },
    });
    expect(response.status).toBe(202);
    await until(() => fake.acceptedFor('guid-sub').length === 1, 10_000, 'the delivery');
  }, 120_000);

  it('serves a flow published from the command line, and pages with the host-only policy', async () => {
    const file = path.join(tempDataDir(), 'ebook.json');
    const source = readFileSync(path.join(process.cwd(), 'flows', 'ebook.json'), 'utf8');
    const title = (JSON.parse(source) as { title: string }).title;
    writeFileSync(file, source.replace(title, 'The guide, published in development'));
    const published = await runScript(
      'scripts/flows.ts',
      ['publish', file, '--author', 'dev@example.com', '--note', 'renamed'],
      { LEADS_DB: server.env.LEADS_DB! },
    );
    expect(published.code, published.stderr).toBe(0);
    await until(
      async () =>
        ((await (await fetch(`${server.url}/api/flows/ebook`)).json()) as { title: string })
          .title === 'The guide, published in development',
      30_000,
      'the published version',
    );

    const page = await fetch(`${server.url}/contact-us`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(policy).not.toMatch(/https?:/);
  }, 240_000);
});
