/**
 * The database goes away under a running server and comes back, and nobody restarts anything:
 * PostgreSQL stopped for 3 s and for 60 s, the SQLite file locked by another process for longer
 * than the server waits on it. Leads posted before (some still pending: HubSpot was down too),
 * during (answered 503 with Retry-After; the visitor's browser sends them again with the same
 * Idempotency-Key) and after are all delivered to HubSpot, each exactly once; `/healthz` says
 * 503 "database" during the outage and 200 after it.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import { ensureBuild } from './support/leads-build';
import { postLead, startLeadsServer, until, type LeadsServer } from './support/leads-server';
import { startPostgres, type PostgresCluster } from './support/postgres-cluster';

const portalId = '4242';
const form = 'guid-sub';
const page = { uri: 'https://firm.example/', name: 'home' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Health {
  status: string;
  failing: string[];
  worker: { state: string; lastPassAgeSeconds: number | null };
}

async function health(server: LeadsServer): Promise<{ code: number; body: Health }> {
  const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(15_000) });
  return { code: response.status, body: (await response.json()) as Health };
}

/**
 * `/healthz` as a poller reads it: an answer slower than the poller waits (a machine starved by
 * other test files while SQLite calls wait on the lock) is no answer yet, and is asked again
 * until the poll's own deadline.
 */
async function healthOrNothing(server: LeadsServer) {
  try {
    return await health(server);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return undefined;
    throw error;
  }
}

/**
 * Posts a newsletter lead for `email` as the site's browser code does after a 503: again, with
 * the same Idempotency-Key, after the Retry-After (capped at 1 s here), until it is accepted.
 */
async function postUntilAccepted(server: LeadsServer, email: string, deadline: number) {
  for (;;) {
    const response = await postLead(
      server,
      'newsletter',
      { answers: { email }, page },
      { 'idempotency-key': `key-${email}` },
    ).catch(() => undefined);
    if (response?.status === 202) return;
    if (response && response.status !== 503) {
      throw new Error(`${email}: HTTP ${response.status} ${await response.text()}`);
    }
    if (response) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    if (Date.now() > deadline) throw new Error(`${email} was never accepted`);
    await sleep(1000);
  }
}

const emails = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);

/** How often HubSpot received each e-mail address. */
function deliveries(fake: FakeHubSpot): Map<string, number> {
  const counts = new Map<string, number>();
  for (const submission of fake.acceptedFor(form)) {
    const email = submission.body.fields.find((field) => field.name === 'email')?.value ?? '';
    counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
}

describe('a database outage under a running server', () => {
  let fake: FakeHubSpot | undefined;
  let server: LeadsServer | undefined;
  let cluster: PostgresCluster | undefined;

  beforeAll(async () => {
    await ensureBuild();
  }, 600_000);

  afterEach(async () => {
    await server?.stop();
    await fake?.close();
    cluster?.stop();
    server = undefined;
    fake = undefined;
    cluster = undefined;
  });

  async function start(database?: string) {
    fake = new FakeHubSpot({ portalId, forms: { [form]: { fields: ['email'] } } });
    await fake.up();
    server = await startLeadsServer(
      {
        HUBSPOT_PORTAL_ID: portalId,
        HUBSPOT_API_BASE: fake.url,
        HUBSPOT_FORM_SUBSCRIBE: form,
        HUBSPOT_TIMEOUT_MS: '1000',
      },
      database,
    );
    return { fake, server };
  }

  /**
   * Leads the server took while HubSpot was down: stored, pending, due again within the retry
   * backoff (1 s at most here). Only a worker that runs on after the outage delivers them.
   */
  async function pendingBeforeOutage(fake: FakeHubSpot, server: LeadsServer, count: number) {
    await fake.down();
    const pending = emails('before', count);
    for (const email of pending) {
      expect((await postLead(server, 'newsletter', { answers: { email }, page })).status).toBe(202);
    }
    return pending;
  }

  /**
   * The outage, between `breakIt` and `mendIt`: HubSpot comes back meanwhile, visitors keep
   * posting (and sending again), `/healthz` says the database is the part that fails. Returns
   * when every lead of before, during and after has reached HubSpot once.
   */
  async function throughOutage(
    fake: FakeHubSpot,
    server: LeadsServer,
    outageMs: number,
    breakIt: () => void,
    mendIt: () => void,
    /** The parts `/healthz` may name: a locked SQLite file still reads, so only writes fail. */
    failingParts: string[],
  ) {
    await postUntilAccepted(server, 'early@example.com', Date.now() + 10_000);
    await until(() => deliveries(fake).get('early@example.com') === 1, 10_000, 'the first lead');
    const before = await pendingBeforeOutage(fake, server, 5);

    const brokeAt = Date.now();
    breakIt();
    await fake.up();
    await until(
      async () => {
        const answer = await healthOrNothing(server);
        return (
          answer?.code === 503 && answer.body.failing.some((part) => failingParts.includes(part))
        );
      },
      20_000,
      `/healthz to name ${failingParts.join(' or ')}`,
    );
    const during = emails('during', 5);
    const posting = Promise.all(
      during.map((email) => postUntilAccepted(server, email, Date.now() + outageMs + 60_000)),
    );
    await sleep(Math.max(0, outageMs - (Date.now() - brokeAt)));
    mendIt();
    const mendedAt = Date.now();

    // The leads stored before the outage go out without any new lead waking the worker.
    await until(
      () => before.every((email) => deliveries(fake).has(email)),
      20_000,
      'the pending leads',
    );
    const resumedAfterMs = Date.now() - mendedAt;
    await posting;
    const after = emails('after', 5);
    for (const email of after) await postUntilAccepted(server, email, Date.now() + 10_000);

    const all = ['early@example.com', ...before, ...during, ...after];
    await until(() => all.every((email) => deliveries(fake).has(email)), 30_000, 'every lead');
    // A moment more, for any second delivery to show.
    await sleep(1500);
    const counts = deliveries(fake);
    expect(all.filter((email) => counts.get(email) !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...all].sort());
    await until(
      async () => (await healthOrNothing(server))?.code === 200,
      20_000,
      '/healthz to be 200',
    );
    return resumedAfterMs;
  }

  it.each([3_000, 60_000])(
    'PostgreSQL stopped for %i ms: every lead before, during and after it is delivered once, without a restart',
    async (outageMs) => {
      cluster = await startPostgres();
      const { fake, server } = await start(await cluster.createDatabase('outage'));
      const resumedAfterMs = await throughOutage(
        fake,
        server,
        outageMs,
        () => cluster!.pause(),
        () => cluster!.resume(),
        ['database'],
      );
      console.log(
        `PostgreSQL outage of ${outageMs} ms: pending leads delivered ${resumedAfterMs} ms after it ended`,
      );
      // One worker poll (200 ms here) plus the retry backoff (1 s at most) and a reconnection.
      expect(resumedAfterMs).toBeLessThan(5_000);
    },
    240_000,
  );

  it('the SQLite file locked by another process for longer than the server waits on it: every lead is delivered once', async () => {
    const { fake, server } = await start();
    let locker: Database.Database | undefined;
    const resumedAfterMs = await throughOutage(
      fake,
      server,
      8_000,
      () => {
        locker = new Database(server.env.LEADS_DB);
        locker.exec('BEGIN EXCLUSIVE');
      },
      () => {
        locker?.exec('COMMIT');
        locker?.close();
      },
      ['database', 'worker'],
    );
    console.log(
      `SQLite locked for 8 s: pending leads delivered ${resumedAfterMs} ms after it ended`,
    );
    expect(resumedAfterMs).toBeLessThan(10_000);
  }, 180_000);
});
