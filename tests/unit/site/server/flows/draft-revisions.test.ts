/**
 * Draft revisions on both databases (site/server/flows/draft-revision.ts, flow-version-store.ts):
 * a save, publish or discard is taken only from the state it names, and a stale one is answered
 * with the flow's text now (whose, when, which revision and version); concurrent writers from
 * one base, on two connections where the database has them, give exactly one winner; a new draft
 * continues the numbering after a discard or a publish; a draft saved before the migration
 * becomes revision 1 of the newest version.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated, type SiteDatabase } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { FlowCatalogue, type DraftBase } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import type { FlowVersionTables } from '@/site/server/flows/flow-versions-schema';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

const fileText = (flowId: string) => readFileSync(path.join(FLOWS_DIR, `${flowId}.json`), 'utf8');
const titled = (flowId: string, title: string) => {
  const source = fileText(flowId);
  const data = JSON.parse(source) as { title: string };
  return source.replace(JSON.stringify(data.title), JSON.stringify(title));
};

describe.each(dialects)('draft revisions on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  let store: FlowCatalogue;
  let clock = Date.UTC(2026, 0, 5, 10, 42);
  const storeOver = (over: SiteDatabase) =>
    new FlowCatalogue({
      flowsDir: FLOWS_DIR,
      files: loadFlowRegistry(FLOWS_DIR, VARS),
      vars: VARS,
      database: () => Promise.resolve(over),
      now: () => clock,
    });
  const live = async (flowId: string) => (await store.latest(flowId))!.version;

  beforeAll(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
    store = storeOver(site);
    await store.seed();
  });
  afterAll(() => database?.dispose());

  it('takes a save that continues the draft it names, and refuses one from an older text', async () => {
    const version = await live('newsletter');
    const published: DraftBase = { version, revision: 0 };
    const ann = await store.saveDraft('newsletter', 'ann 1', 'ann@example.com', published);
    expect(ann).toEqual({
      ok: true,
      draft: {
        source: 'ann 1',
        author: 'ann@example.com',
        savedAt: clock,
        revision: 1,
        baseVersion: version,
      },
    });
    const savedAt = clock;
    clock += 60_000;

    // Bob loaded the published text before Ann saved.
    const bob = await store.saveDraft('newsletter', 'bob 1', 'bob@example.com', published);
    expect(bob).toEqual({
      ok: false,
      head: {
        kind: 'draft',
        source: 'ann 1',
        author: 'ann@example.com',
        savedAt,
        revision: 1,
        version,
      },
    });
    // Nor from a revision that never was.
    expect(
      await store.saveDraft('newsletter', 'bob 1', 'bob@example.com', { version, revision: 7 }),
    ).toMatchObject({ ok: false, head: { kind: 'draft', revision: 1 } });
    expect((await store.draftOf('newsletter'))?.source).toBe('ann 1');

    // Bob, shown Ann's draft, continues from it.
    const next = await store.saveDraft('newsletter', 'ann 1 + bob 1', 'bob@example.com', {
      version,
      revision: 1,
    });
    expect(next).toMatchObject({ ok: true, draft: { revision: 2, author: 'bob@example.com' } });
  });

  it('publishes only from the flow as it is: its newest version and its draft', async () => {
    const version = await live('newsletter');
    const text = titled('newsletter', 'Newsletter, as Ann publishes it');
    // Ann's editor still holds revision 1; Bob saved revision 2.
    const stale = await store.publishFrom(
      'newsletter',
      text,
      { author: 'ann@example.com', note: 'stale' },
      { version, revision: 1 },
    );
    expect(stale).toMatchObject({
      ok: false,
      conflict: { kind: 'draft', source: 'ann 1 + bob 1', author: 'bob@example.com', revision: 2 },
    });
    expect(await live('newsletter')).toBe(version);

    clock += 60_000;
    const published = await store.publishFrom(
      'newsletter',
      text,
      { author: 'ann@example.com', note: 'current' },
      { version, revision: 2 },
    );
    expect(published).toMatchObject({ ok: true, version: version + 1 });
    expect(await store.draftOf('newsletter')).toBeUndefined();

    // Bob's editor still holds revision 2 of the version before: his save and publish see Ann's.
    const theirs = {
      kind: 'published',
      author: 'ann@example.com',
      publishedAt: clock,
      revision: 0,
      version: version + 1,
    };
    expect(
      await store.saveDraft('newsletter', 'bob 2', 'bob@example.com', { version, revision: 2 }),
    ).toMatchObject({ ok: false, head: theirs });
    expect(
      await store.publishFrom(
        'newsletter',
        titled('newsletter', 'Bob’s title'),
        { author: 'bob@example.com', note: 'stale' },
        { version, revision: 0 },
      ),
    ).toMatchObject({ ok: false, conflict: theirs });
    expect(await live('newsletter')).toBe(version + 1);
  });

  it('numbers a new draft after a discard or a publish on from the last, never again from 1', async () => {
    const version = await live('newsletter');
    // Revision 2 was ended by Ann's publish: the next draft is revision 3.
    const third = await store.saveDraft('newsletter', 'carol 3', 'carol@example.com', {
      version,
      revision: 0,
    });
    expect(third).toMatchObject({ ok: true, draft: { revision: 3, baseVersion: version } });

    // A discard from an older revision leaves the draft alone.
    expect(
      await store.discardDraft('newsletter', 'dan@example.com', { version, revision: 2 }),
    ).toMatchObject({ ok: false, head: { kind: 'draft', source: 'carol 3', revision: 3 } });
    clock += 60_000;
    expect(
      await store.discardDraft('newsletter', 'dan@example.com', { version, revision: 3 }),
    ).toEqual({ ok: true, discarded: true });

    // Carol's editor, still on revision 3, is told who went back to the published text.
    const published = await store.versionSource('newsletter', version);
    expect(
      await store.saveDraft('newsletter', 'carol 4', 'carol@example.com', { version, revision: 3 }),
    ).toEqual({
      ok: false,
      head: {
        kind: 'discarded',
        source: published,
        author: 'dan@example.com',
        savedAt: clock,
        revision: 0,
        version,
      },
    });

    // Eve starts a new draft from the published text: revision 4, which Carol's 3 cannot match.
    const eve = await store.saveDraft('newsletter', 'eve 4', 'eve@example.com', {
      version,
      revision: 0,
    });
    expect(eve).toMatchObject({ ok: true, draft: { revision: 4 } });
    expect(
      await store.saveDraft('newsletter', 'carol 4', 'carol@example.com', { version, revision: 3 }),
    ).toMatchObject({ ok: false, head: { kind: 'draft', source: 'eve 4', revision: 4 } });
    // Without a base (a new flow's template, the CLI), a save is always taken.
    expect(await store.saveDraft('newsletter', 'tool', 'files')).toMatchObject({
      ok: true,
      draft: { revision: 5 },
    });
    expect(await store.draftIds()).toContain('newsletter');
  });

  it('lets exactly one of concurrent saves from the same base win (PostgreSQL: two connections)', async () => {
    // better-sqlite3 is synchronous: one process holds one connection, whose transactions Kysely
    // runs one at a time (another process waits for the write lock the first write takes).
    const second = dialect === 'postgres' ? storeOver(await database.open()) : store;
    const version = await live('ebook');
    // From the published text (the draft row is made by the race), then from each winner's.
    for (let revision = 0; revision < 4; revision++) {
      const base = { version, revision };
      const saves = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 === 0 ? store : second).saveDraft(
            'ebook',
            `round ${revision}, text ${i}`,
            `editor${i}@example.com`,
            base,
          ),
        ),
      );
      const won = saves.flatMap((s) => (s.ok ? [s.draft] : []));
      expect(won).toHaveLength(1);
      expect(won[0]!.revision).toBe(revision + 1);
      for (const lost of saves.filter((s) => !s.ok)) {
        expect(lost).toMatchObject({
          ok: false,
          head: { kind: 'draft', source: won[0]!.source, revision: revision + 1 },
        });
      }
      expect(await store.draftOf('ebook')).toMatchObject({
        source: won[0]!.source,
        revision: revision + 1,
      });
    }
  });

  it('lets exactly one of concurrent publishes from the same base win', async () => {
    const second = dialect === 'postgres' ? storeOver(await database.open()) : store;
    const version = await live('ebook');
    const base = { version, revision: 4 };
    const publishes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? store : second).publishFrom(
          'ebook',
          titled('ebook', `The guide, take ${i}`),
          { author: `publisher${i}@example.com`, note: `race ${i}` },
          base,
        ),
      ),
    );
    const won = publishes.filter((p) => p.ok);
    expect(won).toEqual([expect.objectContaining({ ok: true, version: version + 1 })]);
    for (const lost of publishes.filter((p) => !p.ok))
      expect(lost).toMatchObject({
        ok: false,
        conflict: { kind: 'published', version: version + 1 },
      });
    expect(await live('ebook')).toBe(version + 1);
    expect(await store.draftOf('ebook')).toBeUndefined();
  });

  it('makes a draft saved before the migration revision 1 of the newest version', async () => {
    const before = siteMigrations.filter((m) => m.name !== 'flows-002-draft-revisions');
    const old = await testDatabase(dialect);
    try {
      const earlier = await openMigrated(old.config, before);
      const db = earlier.db.withTables<FlowVersionTables>();
      const meta = { author: 'files', note: 'import', published_at: clock };
      await db
        .insertInto('flow_versions')
        .values([
          { flow_id: 'client', version: 3, source: 'v3', ...meta },
          { flow_id: 'client', version: 4, source: 'v4', ...meta },
        ])
        .execute();
      await sqlInsertOldDraft(earlier);
      await earlier.close();

      const migrated = storeOver(await old.open());
      expect(await migrated.draftOf('client')).toEqual({
        source: 'old draft',
        author: 'ann@example.com',
        savedAt: clock,
        revision: 1,
        baseVersion: 4,
      });
      expect(
        await migrated.saveDraft('client', 'next', 'ann@example.com', { version: 4, revision: 1 }),
      ).toMatchObject({ ok: true, draft: { revision: 2 } });
    } finally {
      await old.dispose();
    }
  });

  /** A draft row as flows-001 made them (without the columns flows-002 adds). */
  async function sqlInsertOldDraft(earlier: SiteDatabase) {
    const db = earlier.db.withTables<{
      flow_drafts: { flow_id: string; source: string; author: string; saved_at: number };
    }>();
    await db
      .insertInto('flow_drafts')
      .values({
        flow_id: 'client',
        source: 'old draft',
        author: 'ann@example.com',
        saved_at: clock,
      })
      .execute();
  }
});
