/**
 * The flow studio's store on both databases: seeding from `flows/`, drafts, publishing (numbering,
 * refusal with the check's diagnostics, concurrent publishers) and the version listing.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteDatabase } from '@/site/server/db/database';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

const fileText = (flowId: string) => readFileSync(path.join(FLOWS_DIR, `${flowId}.json`), 'utf8');
const listIds = readdirSync(path.join(FLOWS_DIR, 'options'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => `options/${path.basename(name, '.json')}`)
  .sort();
const repoIds = readdirSync(FLOWS_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => path.basename(name, '.json'))
  .sort();

describe.each(dialects)('flow versions on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  let store: FlowCatalogue;
  let clock = Date.UTC(2025, 10, 1, 9);
  const storeOver = (over: SiteDatabase, flowsDir = FLOWS_DIR) =>
    new FlowCatalogue({
      flowsDir,
      files: loadFlowRegistry(flowsDir, VARS),
      vars: VARS,
      database: () => Promise.resolve(over),
      now: () => clock,
    });

  beforeAll(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
    store = storeOver(site);
  });
  afterAll(() => database?.dispose());

  it('imports every flow and list file once, at its own version, byte for byte', async () => {
    const first = await store.seed();
    expect(first.diagnostics).toEqual([]);
    expect(first.imported.map((i) => i.id)).toEqual([...listIds, ...repoIds]);
    expect(new Set(first.imported.map((i) => i.reason))).toEqual(new Set(['new']));
    expect(first.imported.find((i) => i.id === 'client')?.file).toBe('flows/client.json');
    expect(await store.versionSource('options/yes-no', 1)).toBe(
      readFileSync(path.join(FLOWS_DIR, 'options', 'yes-no.json'), 'utf8'),
    );
    expect(await store.seed()).toEqual({ imported: [], diagnostics: [] });

    const newsletter = JSON.parse(fileText('newsletter')) as { version: number };
    expect(await store.versionSource('newsletter', newsletter.version)).toBe(
      fileText('newsletter'),
    );
    expect(await store.versions('newsletter')).toEqual([
      {
        version: newsletter.version,
        author: 'files',
        note: 'imported from flows/newsletter.json',
        publishedAt: clock,
      },
    ]);
    const latest = await store.latestVersions(undefined, 'flows');
    expect(latest.map((v) => v.flowId)).toEqual(repoIds);
    expect((await store.latestVersions(undefined, 'lists')).map((v) => v.flowId)).toEqual(listIds);
    for (const v of latest) expect(v.source).toBe(fileText(v.flowId));
  });

  it('keeps one draft per flow, replaced on each save, until discarded', async () => {
    expect(await store.draftOf('client')).toBeUndefined();
    await store.saveDraft('client', '{ "not": "valid yet"', 'ann@example.com');
    clock += 1000;
    await store.saveDraft('client', '{ "still": "editing" }', 'bob@example.com');
    expect(await store.draftOf('client')).toEqual({
      source: '{ "still": "editing" }',
      author: 'bob@example.com',
      savedAt: clock,
      revision: 2,
      baseVersion: (await store.latest('client'))!.version,
    });
    expect(await store.discardDraft('client')).toEqual({ ok: true, discarded: true });
    expect(await store.discardDraft('client')).toEqual({ ok: true, discarded: false });
    expect(await store.draftOf('client')).toBeUndefined();
  });

  it('publishes as the previous version + 1 whatever the text says, and clears the draft', async () => {
    const before = (await store.latest('newsletter'))!;
    const edited = fileText('newsletter')
      .replace('"version": 2', '"version": 1')
      .replace('Newsletter (footer, every page)', 'Newsletter (footer)');
    await store.saveDraft('newsletter', edited, 'ann@example.com');
    clock += 1000;

    const result = await store.publish('newsletter', edited, {
      author: 'ann@example.com',
      note: 'shorter title',
    });

    const stored = await store.versionSource('newsletter', before.version + 1);
    // The result carries the text as stored, which the studio shows after the publish.
    expect(result).toEqual({ ok: true, version: before.version + 1, source: stored, warnings: [] });
    // Only the number differs from what was published.
    expect(stored).toBe(edited.replace('"version": 1', `"version": ${before.version + 1}`));
    expect(await store.draftOf('newsletter')).toBeUndefined();
    expect((await store.versions('newsletter')).map((v) => [v.version, v.author, v.note])).toEqual([
      [before.version + 1, 'ann@example.com', 'shorter title'],
      [before.version, 'files', 'imported from flows/newsletter.json'],
    ]);
    expect((await store.latest('newsletter'))?.source).toBe(stored);
    // A stored flow is no longer seeded from its file, which still says the old version.
    expect(await store.seed()).toEqual({ imported: [], diagnostics: [] });
  });

  it('refuses a text with errors, with the diagnostics check gives, and stores nothing', async () => {
    const versionsBefore = await store.versions('client');
    await store.saveDraft('client', 'draft', 'ann@example.com');
    const broken = fileText('client').replace('"otherwise": "revenue"', '"otherwise": "revenu"');
    expect(broken).not.toBe(fileText('client'));

    const refused = await store.publish('client', broken, { author: 'ann', note: 'typo' });
    expect(refused.ok).toBe(false);
    const diagnostics = refused.ok ? [] : refused.diagnostics;
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.file).toBe('client.json');
    expect(diagnostics[0]?.line).toBeGreaterThan(1);
    expect(diagnostics[0]!.message).toContain('revenu');
    expect(diagnostics[0]!.hint).toContain('Did you mean "revenue"?');

    const syntax = await store.publish('client', '{\n  "id": "client",\n}', {
      author: 'a',
      note: '',
    });
    expect(syntax).toMatchObject({ ok: false, diagnostics: [{ line: 2, column: 17 }] });

    // The text of one flow cannot be published as another's.
    const other = await store.publish('client', fileText('newsletter'), { author: 'a', note: '' });
    expect(other).toMatchObject({
      ok: false,
      diagnostics: [{ pointer: '/id', message: 'Flow id "newsletter" differs from the file name' }],
    });

    expect(await store.versions('client')).toEqual(versionsBefore);
    expect((await store.draftOf('client'))?.source).toBe('draft');
  });

  it('refuses a publish that breaks a link between flows, at its line', async () => {
    const meta = { author: 'ann@example.com', note: 'links' };
    const consult = fileText('bookConsult');
    const missing = await store.publish(
      'bookConsult',
      consult.replace('"fallbackFlow": "bookingRequest"', '"fallbackFlow": "bookingRequst"'),
      meta,
    );
    expect(missing.ok).toBe(false);
    const [wrong] = missing.ok ? [] : missing.diagnostics;
    expect(wrong).toMatchObject({
      file: 'bookConsult.json',
      pointer: '/booking/fallbackFlow',
      line: consult.split('\n').findIndex((l) => l.includes('"fallbackFlow"')) + 1,
      fix: { replace: 'bookingRequst', with: 'bookingRequest' },
    });
    // The fallback made a booking itself breaks the booking that falls back to it.
    const request = JSON.parse(fileText('bookingRequest')) as Record<string, unknown>;
    request.booking = { scheduler: false, fallbackFlow: 'client' };
    const looped = await store.publish('bookingRequest', JSON.stringify(request, null, 2), meta);
    expect(looped.ok).toBe(false);
    expect(looped.ok ? '' : looped.diagnostics.map((d) => d.message).join('\n')).toContain(
      'Flow "bookConsult" falls back to this flow, which would no longer work',
    );
  });

  it('gives concurrent publishers one number each (PostgreSQL: on two connections)', async () => {
    // better-sqlite3 is synchronous: a second connection in this process would wait for the lock
    // blocking the event loop, so the first could never commit. One process uses one SQLite
    // connection, whose transactions Kysely runs one at a time; another process waits its turn
    // (the publish writes first, so it takes the lock at once or waits with busy_timeout).
    const second = dialect === 'postgres' ? storeOver(await database.open()) : store;
    const start = (await store.latest('ebook'))!.version;
    const publishes = Array.from({ length: 6 }, (_, i) =>
      (i % 2 === 0 ? store : second).publish('ebook', fileText('ebook'), {
        author: `publisher ${i}`,
        note: `race ${i}`,
      }),
    );
    const results = await Promise.all(publishes);
    const numbers = results.map((r) => (r.ok ? r.version : 0)).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => start + n));
    const listed = await store.versions('ebook');
    expect(listed.map((v) => v.version)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => start + n));
    for (const v of listed.slice(0, 6)) {
      const source = (await store.versionSource('ebook', v.version))!;
      expect((JSON.parse(source) as { version: number }).version).toBe(v.version);
    }
  });

  it("reads and checks the folder's lists once, until reloadOptionLists", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flow-lists-'));
    try {
      mkdirSync(path.join(dir, 'options'));
      const colours = path.join(dir, 'options', 'colours.json');
      writeFileSync(colours, '{ "id": "colours", "options": ["Red", "Blue"] }\n');
      const folderStore = storeOver(site, dir);
      await folderStore.reloadOptionLists();
      expect(folderStore.check('newsletter', fileText('newsletter')).flow?.id).toBe('newsletter');
      expect(folderStore.optionListData().colours).toEqual({
        id: 'colours',
        options: ['Red', 'Blue'],
      });

      // Broken on disk: the checks that follow keep the lists as read.
      writeFileSync(colours, '{ "id": "colours", ');
      expect(folderStore.check('newsletter', fileText('newsletter')).flow?.id).toBe('newsletter');
      expect(folderStore.optionListData().colours).toMatchObject({ options: ['Red', 'Blue'] });

      await folderStore.reloadOptionLists();
      const checked = folderStore.check('newsletter', fileText('newsletter'));
      expect(checked.flow).toBeUndefined();
      expect(checked.diagnostics[0]?.file).toBe('options/colours.json');
      expect(folderStore.optionListData().colours).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("warns of a form key without a HubSpot form as the files' registry does", () => {
    const warning = new FlowCatalogue({
      flowsDir: FLOWS_DIR,
      files: loadFlowRegistry(FLOWS_DIR, VARS),
      vars: VARS,
      database: () => Promise.resolve(site),
      unconfiguredForm: (formKey) => `Set HUBSPOT_FORM_${formKey}`,
    }).check('newsletter', fileText('newsletter'));
    expect(warning.flow?.id).toBe('newsletter');
    const warnings = warning.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings.map((d) => d.hint)).toContainEqual(expect.stringMatching(/^Set HUBSPOT_FORM_/));
    expect(store.check('newsletter', fileText('newsletter')).diagnostics).toEqual([]);
  });
});
