/**
 * Several instances on one PostgreSQL, as behind a load balancer: two built servers share the
 * database. 1,000 leads are spread over both while HubSpot is down, one server is SIGKILLed in
 * the middle of the burst and restarted, then HubSpot comes back: every lead that got a 202 is
 * delivered exactly once, with the time it was submitted. The lead rate limit counts the visitor
 * across both servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import { ensureBuild } from './support/leads-build';
import { readOutbox } from './support/outbox-reader';
import { postLead, startLeadsServer, until, type LeadsServer } from './support/leads-server';
import { serverDatabase } from './support/test-databases';

const portalId = '5150';
const page = { uri: 'https://firm.example/', name: 'home' };

describe('two instances on one PostgreSQL', () => {
  let fake: FakeHubSpot;
  const servers: LeadsServer[] = [];

  beforeAll(async () => {
    await ensureBuild();
    fake = new FakeHubSpot({ portalId, forms: { 'guid-sub': { fields: ['email'] } } });
    await fake.up();
    await fake.down(); // HubSpot is down while the leads arrive
    const database = await serverDatabase('postgres');
    const env = {
      HUBSPOT_PORTAL_ID: portalId,
      HUBSPOT_API_BASE: fake.url,
      HUBSPOT_FORM_SUBSCRIBE: 'guid-sub',
      HUBSPOT_TIMEOUT_MS: '1000',
      LEADS_RETRY_BASE_MS: '200',
      LEADS_RETRY_MAX_MS: '1000',
    };
    servers.push(...(await Promise.all([0, 1].map(() => startLeadsServer(env, database)))));
  }, 600_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await fake?.close();
  });

  it('delivers each of 1,000 leads once after one instance is killed mid-burst', async () => {
    const [a, b] = servers as [LeadsServer, LeadsServer];
    const acknowledged = new Map<string, { id: string; before: number; after: number }>();
    let next = 0;
    let killed: Promise<void> | undefined;
    const sender = async () => {
      while (next < 1000) {
        const n = next++;
        const email = `fleet-${n}@example.com`;
        // Alternate instances, as a load balancer does until its health check sees one die.
        const target = !killed && n % 2 === 0 ? a : b;
        const before = Date.now();
        try {
          const response = await postLead(target, 'newsletter', { answers: { email }, page });
          if (response.status === 202) {
            const { id } = (await response.json()) as { id: string };
            acknowledged.set(email, { id, before, after: Date.now() });
          }
        } catch {
          // the connection was cut by the kill: no 202, no promise made to the visitor
        }
        if (acknowledged.size >= 300) killed ??= a.kill();
      }
    };
    await Promise.all(Array.from({ length: 8 }, () => sender()));
    await killed;
    // Only the requests in flight on the killed instance go unanswered (the visitor retries).
    expect(acknowledged.size).toBeGreaterThan(980);
    await a.restart();
    await fake.up();

    await until(
      () => fake.accepted.length >= acknowledged.size,
      120_000,
      'every acknowledged lead at HubSpot',
    );
    // A moment more: a duplicate would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = fake.accepted.map((s) => s.body.fields.find((f) => f.name === 'email')?.value);
    expect(sent).toHaveLength(new Set(sent).size);
    for (const email of acknowledged.keys()) expect(sent).toContain(email);
    for (const submission of fake.accepted) {
      const email = submission.body.fields[0]?.value ?? '';
      const ack = acknowledged.get(email);
      if (!ack) continue; // stored by the killed instance, its 202 lost with the connection
      expect(submission.body.submittedAt).toBeGreaterThanOrEqual(ack.before);
      expect(submission.body.submittedAt).toBeLessThanOrEqual(ack.after);
    }
    const rows = await readOutbox(b.env);
    expect(rows.filter((row) => row.status !== 'delivered')).toEqual([]);
    // It waits up to 120 s for HubSpot to have every lead: the test may take that long.
  }, 180_000);

  it('counts one visitor against one lead rate limit across both instances', async () => {
    const database = await serverDatabase('postgres');
    const limited = await Promise.all(
      [0, 1].map(() => startLeadsServer({ LEADS_RATE_LIMIT: '4' }, database)),
    );
    servers.push(...limited);
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const target = limited[i % 2]!;
      const response = await postLead(
        target,
        'newsletter',
        { answers: { email: `limited-${i}@example.com` }, page },
        headers,
      );
      statuses.push(response.status);
    }
    // Four in a minute for the whole site, not four per instance.
    expect(statuses).toEqual([202, 202, 202, 202, 429, 429]);
  });
});
