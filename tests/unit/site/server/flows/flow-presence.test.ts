/**
 * Who has a flow open in the studio (site/server/flows/flow-presence.ts), on both databases: a
 * heartbeat answers the others (each person once, since their first tab opened; the tab's own
 * entry left out, the same person's other tab kept), a tab unseen for 45 s is no longer shown,
 * one that left at once, and a tab whose heartbeats came late keeps the time it opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteDatabase } from '@/site/server/db/database';
import { beatPresence, leavePresence, PRESENCE_TTL_MS } from '@/site/server/flows/flow-presence';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';

describe.each(dialects)('flow presence on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  const t0 = Date.UTC(2026, 0, 5, 10, 42);
  const over = () => Promise.resolve(site);
  const beat = (email: string, tabId: string, now: number, flowId = 'client') =>
    beatPresence({ flowId, email, tabId }, now, over);

  beforeAll(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
  });
  afterAll(() => database?.dispose());

  it('answers each heartbeat with the others, each person once, since their first tab', async () => {
    expect(await beat('ann@example.com', 'ann-tab-1', t0)).toEqual([]);
    expect(await beat('bob@example.com', 'bob-tab-1', t0 + 5_000)).toEqual([
      { email: 'ann@example.com', openedAt: t0, seenAt: t0 },
    ]);
    // Ann opens a second tab: Bob still sees her once, since her first.
    expect(await beat('ann@example.com', 'ann-tab-2', t0 + 8_000)).toEqual([
      { email: 'ann@example.com', openedAt: t0, seenAt: t0 },
      { email: 'bob@example.com', openedAt: t0 + 5_000, seenAt: t0 + 5_000 },
    ]);
    expect(await beat('ann@example.com', 'ann-tab-1', t0 + 10_000)).toEqual([
      { email: 'bob@example.com', openedAt: t0 + 5_000, seenAt: t0 + 5_000 },
      { email: 'ann@example.com', openedAt: t0 + 8_000, seenAt: t0 + 8_000 },
    ]);
    expect(await beat('bob@example.com', 'bob-tab-1', t0 + 15_000)).toEqual([
      { email: 'ann@example.com', openedAt: t0, seenAt: t0 + 10_000 },
    ]);
    // Another flow is another list.
    expect(await beat('carol@example.com', 'carol-tab', t0 + 15_000, 'ebook')).toEqual([]);
  });

  it('leaves out a tab unseen for 45 s, and one that left at once', async () => {
    // Ann's second tab last beat at t0 + 8 s, her first at t0 + 10 s.
    const later = t0 + 10_000 + PRESENCE_TTL_MS;
    expect(await beat('bob@example.com', 'bob-tab-1', later)).toEqual([
      { email: 'ann@example.com', openedAt: t0, seenAt: t0 + 10_000 },
    ]);
    expect(await beat('bob@example.com', 'bob-tab-1', later + 1)).toEqual([]);

    await beat('ann@example.com', 'ann-tab-1', later + 2);
    await leavePresence({ flowId: 'client', email: 'ann@example.com', tabId: 'ann-tab-1' }, over);
    expect(await beat('bob@example.com', 'bob-tab-1', later + 3)).toEqual([]);
  });

  it('keeps the time a tab opened while its heartbeats come late (a background tab)', async () => {
    const start = t0 + 600_000;
    await beat('dan@example.com', 'dan-tab', start);
    // A minute without a heartbeat (the browser slowed its timers), then one again.
    await beat('dan@example.com', 'dan-tab', start + 60_000);
    expect(await beat('eve@example.com', 'eve-tab', start + 61_000)).toEqual([
      { email: 'dan@example.com', openedAt: start, seenAt: start + 60_000 },
    ]);
  });
});
