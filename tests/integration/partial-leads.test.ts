/**
 * Partial leads on both databases with the real store: progress saved under a handle only the
 * visitor's browser holds, finished once (a second finish learns the first lead's id), forgotten
 * on request, and deleted after the retention period.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteDatabase } from '@/site/server/db/database';
import {
  DAY_MS,
  PartialLeadStore,
  type PartialProgress,
} from '@/site/server/leads/partial-lead-store';
import { dialects, testDatabase, type TestDatabase } from './support/test-databases';

const progress = (over: Partial<PartialProgress> = {}): PartialProgress => ({
  flowId: 'client',
  flowVersion: 3,
  email: 'ada@example.com',
  answers: { email: 'ada@example.com', full_name: 'Ada' },
  step: 'capital',
  history: ['contact'],
  stepNumber: 2,
  stepTotal: 9,
  stepQuestion: 'How much capital do you need?',
  pageUri: 'https://firm.example/',
  consentText: 'Keep my answers so I can finish later.',
  ...over,
});

describe.each(dialects)('partial leads on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  let store: PartialLeadStore;
  const now = Date.UTC(2026, 0, 10);

  beforeEach(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
    store = new PartialLeadStore(() => Promise.resolve(site), 30);
  });
  afterEach(async () => {
    await database.dispose();
  });

  it('saves, then updates the same partial lead under its handle, pinned to its version', async () => {
    const handle = (await store.save(progress(), undefined, now))!;
    const again = await store.save(
      progress({ step: 'revenue', history: ['contact', 'capital'], stepNumber: 3 }),
      handle,
      now + 1000,
    );
    expect(again).toEqual(handle);
    const [only, ...rest] = await store.unfinished(now + 2000);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      flowId: 'client',
      flowVersion: 3,
      email: 'ada@example.com',
      step: 'revenue',
      stepNumber: 3,
      stepTotal: 9,
      consentText: 'Keep my answers so I can finish later.',
      consentedAt: now,
      updatedAt: now + 1000,
    });
    // A wrong key opens nothing: the save starts another partial lead instead.
    const stranger = await store.save(progress(), { id: handle.id, key: 'guess' }, now + 3000);
    expect(stranger?.id).not.toBe(handle.id);
    expect(await store.forget({ id: handle.id, key: 'guess' })).toBe(false);
    expect(await store.count()).toBe(2);
  });

  it('finishes once: a second finish gets the first lead id', async () => {
    const handle = (await store.save(progress(), undefined, now))!;
    expect(await store.claim(handle, 'lead-1')).toEqual({ kind: 'claimed' });
    await store.finished(handle);
    expect(await store.claim(handle, 'lead-2')).toEqual({ kind: 'finished', leadId: 'lead-1' });
    expect(await store.unfinished(now)).toEqual([]);
    // A save still on its way when the lead arrived keeps nothing.
    expect(await store.save(progress(), handle, now + 1)).toBeNull();
    expect(await store.count()).toBe(1);
  });

  it('finishes once when two finishes race', async () => {
    const handle = (await store.save(progress(), undefined, now))!;
    const claims = await Promise.all(
      ['lead-a', 'lead-b', 'lead-c'].map((id) => store.claim(handle, id)),
    );
    expect(claims.filter((claim) => claim.kind === 'claimed')).toHaveLength(1);
  });

  it('a released claim (the lead could not be stored) leaves it unfinished', async () => {
    const handle = (await store.save(progress(), undefined, now))!;
    await store.claim(handle, 'lead-1');
    await store.release(handle, 'lead-1');
    expect(await store.unfinished(now)).toHaveLength(1);
    expect(await store.claim(handle, 'lead-2')).toEqual({ kind: 'claimed' });
  });

  it('forgets on the visitor request', async () => {
    const handle = (await store.save(progress(), undefined, now))!;
    expect(await store.forget(handle)).toBe(true);
    expect(await store.count()).toBe(0);
  });

  it('deletes partial leads after the retention period', async () => {
    await store.save(progress({ email: 'old@example.com' }), undefined, now - 31 * DAY_MS);
    await store.save(progress({ email: 'new@example.com' }), undefined, now - 29 * DAY_MS);
    const kept = await store.unfinished(now);
    expect(kept.map((lead) => lead.email)).toEqual(['new@example.com']);
    expect(await store.count()).toBe(1);
  });
});
