/**
 * `GET /healthz` of the built server, on both databases: 200 with the worker's state and the
 * outbox's depth while the database answers, 503 naming the database when it cannot be reached;
 * never the database's address or password. (What makes the worker or the uploads folder fail is
 * in faults-*.test.ts and health-report.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from './support/leads-build';
import { freePort } from './support/free-port';
import { postLead, startLeadsServer, type LeadsServer } from './support/leads-server';
import { dialects, serverDatabase } from './support/test-databases';

const page = { uri: 'https://firm.example/', name: 'home' };

describe.each(dialects)('health check on %s', (dialect) => {
  let server: LeadsServer;

  beforeAll(async () => {
    await ensureBuild();
    // HubSpot configured but unreachable: a lead stays pending, retried.
    const hubspot = await freePort();
    server = await startLeadsServer(
      {
        HUBSPOT_PORTAL_ID: '1',
        HUBSPOT_API_BASE: `http://127.0.0.1:${hubspot}`,
        HUBSPOT_FORM_SUBSCRIBE: 'form-subscribe',
      },
      await serverDatabase(dialect),
    );
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 200 with the outbox depth and the age of its oldest lead', async () => {
    const empty = await fetch(`${server.url}/healthz`);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect(await empty.json()).toMatchObject({
      status: 'ok',
      failing: [],
      database: dialect,
      worker: { state: 'running', unrecorded: 0 },
      outbox: { pending: 0, oldestPendingAgeSeconds: null, lagSeconds: null },
      uploads: 'writable',
      problems: [],
    });
    const stored = await postLead(server, 'newsletter', {
      answers: { email: 'depth@example.com' },
      page,
    });
    expect(stored.status).toBe(202);
    const body = (await (await fetch(`${server.url}/healthz`)).json()) as {
      outbox: { pending: number; oldestPendingAgeSeconds: number; lagSeconds: number | null };
    };
    expect(body.outbox.pending).toBe(1);
    expect(body.outbox.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.outbox.oldestPendingAgeSeconds).toBeLessThan(60);
    // HubSpot cannot be reached: the lead waits for its next attempt, due within the backoff.
    expect(body.outbox.lagSeconds === null || body.outbox.lagSeconds < 60).toBe(true);
    const text = JSON.stringify(body);
    if (server.env.DATABASE_URL) {
      const url = new URL(server.env.DATABASE_URL);
      expect(text).not.toContain(url.host);
      expect(text).not.toContain(url.pathname.slice(1));
    }
    expect(text).not.toContain(server.env.LEADS_DB!);
  });
});

describe('health check without its database', () => {
  let server: LeadsServer;

  beforeAll(async () => {
    await ensureBuild();
    // A PostgreSQL URL on a port nothing listens on, with a password that must not leak.
    const port = await freePort();
    server = await startLeadsServer({}, `postgres://site:s3cret-pw@127.0.0.1:${port}/site`);
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 503 and names no address or password', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 'unavailable',
      failing: expect.arrayContaining(['database']) as string[],
      database: 'postgres',
      outbox: null,
      problems: expect.arrayContaining(['The database cannot be reached']) as string[],
    });
    expect(text).not.toContain('s3cret-pw');
    expect(text).not.toContain('127.0.0.1');
  });
});
