/**
 * The server is SIGKILLed in the middle of a burst of submissions and restarted: every lead that
 * got a 202 was on disk and is delivered; none is delivered twice.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import { ensureBuild } from './support/leads-build';
import { readOutbox } from './support/outbox-reader';
import { dialects, serverDatabase } from './support/test-databases';
import { postLead, startLeadsServer, until, type LeadsServer } from './support/leads-server';

const portalId = '4242';
const page = { uri: 'https://firm.example/', name: 'home' };

describe.each(dialects)('on %s', (dialect) => {
  let fake: FakeHubSpot | undefined;
  let server: LeadsServer | undefined;

  beforeAll(async () => {
    await ensureBuild();
  }, 600_000);

  afterEach(async () => {
    await server?.stop();
    await fake?.close();
  });

  async function setup() {
    fake = new FakeHubSpot({ portalId, forms: { 'guid-sub': { fields: ['email'] } } });
    await fake.up();
    server = await startLeadsServer(
      {
        HUBSPOT_PORTAL_ID: portalId,
        HUBSPOT_API_BASE: fake.url,
        HUBSPOT_FORM_SUBSCRIBE: 'guid-sub',
      },
      await serverDatabase(dialect),
    );
    return { fake, server };
  }

  /**
   * Posts `total` leads, `concurrency` at a time, and SIGKILLs the server once `killAfter` of them
   * were acknowledged. Returns the e-mails that got a 202.
   */
  async function burstAndKill(
    target: LeadsServer,
    prefix: string,
    total: number,
    killAfter: number,
  ) {
    const acknowledged: string[] = [];
    let next = 0;
    let killing: Promise<void> | undefined;
    const sender = async () => {
      while (next < total) {
        const email = `${prefix}-${next++}@example.com`;
        try {
          const response = await postLead(target, 'newsletter', { answers: { email }, page });
          if (response.status === 202) acknowledged.push(email);
        } catch {
          // connection cut by the kill: no 202, no promise made to the visitor
        }
        if (acknowledged.length >= killAfter) killing ??= target.kill();
      }
    };
    await Promise.all(Array.from({ length: 25 }, sender));
    await killing;
    return acknowledged;
  }

  function countBy(values: string[]) {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  }

  describe('crash safety (SIGKILL mid-burst)', () => {
    it('delivers every acknowledged lead exactly once after a restart (HubSpot down during the burst)', async () => {
      const { fake, server } = await setup();
      await fake.down();
      const acknowledged = await burstAndKill(server, 'crash-a', 400, 50);
      expect(acknowledged.length).toBeGreaterThanOrEqual(50);
      expect(acknowledged.length).toBeLessThan(400); // the kill really hit mid-burst

      await fake.up();
      await server.restart();
      const stored = () => readOutbox(server.env);
      await until(
        async () => (await stored()).every((row) => row.status === 'delivered'),
        60_000,
        'all deliveries',
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const counts = countBy(fake.accepted.map((a) => a.body.fields[0]!.value));
      for (const email of acknowledged) expect(counts.get(email), email).toBe(1);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      // Nothing beyond what was stored went out, and everything stored went out.
      expect(counts.size).toBe((await stored()).length);
    }, 120_000);

    it('with HubSpot up during the burst, every acknowledged lead is delivered; a repeat only for attempts cut by the kill', async () => {
      const { fake, server } = await setup();
      fake.setLatency(20);
      const acknowledged = await burstAndKill(server, 'crash-b', 400, 50);
      expect(acknowledged.length).toBeLessThan(400);
      await server.restart();
      const stored = () => readOutbox(server.env);
      await until(
        async () => (await stored()).every((row) => row.status === 'delivered'),
        60_000,
        'all deliveries',
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const counts = countBy(fake.accepted.map((a) => a.body.fields[0]!.value));
      for (const email of acknowledged) expect(counts.get(email), email).toBeGreaterThanOrEqual(1);
      // HubSpot has no idempotency key: an attempt the kill cut off after HubSpot took it can only
      // be repeated. Such attempts are counted in the outbox (in_doubt); nothing else repeats.
      const inDoubt = new Set(
        (await stored())
          .filter((row) => row.in_doubt > 0)
          .map((row) => (JSON.parse(row.answers) as { email: string }).email),
      );
      const repeated = [...counts.entries()].filter(([, n]) => n > 1).map(([email]) => email);
      for (const email of repeated) expect(inDoubt.has(email), email).toBe(true);
      expect(repeated.length).toBeLessThanOrEqual(8); // at most one batch of leased deliveries
    }, 120_000);
  });
});
