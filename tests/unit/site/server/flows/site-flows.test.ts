/**
 * The flows the site serves, on both databases: the files until the store says otherwise, a
 * published version swapped in by a refresh (and only the flows that changed), old versions still
 * loadable for the visitors who started on them, a file deployed at a newer version imported, and
 * a store that cannot be read leaving the site on the flows it had.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SiteDatabase } from '@/site/server/db/database';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { describeImport } from '@/site/server/flows/flow-seeder';
import type { FlowVersionTables } from '@/site/server/flows/flow-versions-schema';
import { SiteFlows } from '@/site/server/flows/site-flows';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

describe.each(dialects)('site flows on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  let dir: string;
  let store: FlowCatalogue;
  const text = (flowId: string) => readFileSync(path.join(dir, `${flowId}.json`), 'utf8');
  const titled = (flowId: string, title: string) => {
    const data = JSON.parse(text(flowId)) as { title: string };
    return text(flowId).replace(JSON.stringify(data.title), JSON.stringify(title));
  };

  beforeAll(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
    dir = mkdtempSync(path.join(tmpdir(), 'site-flows-'));
    cpSync(FLOWS_DIR, dir, { recursive: true });
    store = new FlowCatalogue({
      flowsDir: dir,
      files: loadFlowRegistry(dir, VARS),
      vars: VARS,
      database: () => Promise.resolve(site),
    });
    await store.seed();
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const siteFlows = (logged: string[] = []) =>
    new SiteFlows({
      files: loadFlowRegistry(dir, VARS),
      catalogue: store,
      log: (line) => logged.push(line),
    });

  it('serves the files until a refresh, then each flow newest published version', async () => {
    const flows = siteFlows();
    const fileVersion = flows.current().get('newsletter')!.version;
    // Seeded at the files' versions: nothing differs.
    expect(await flows.refresh()).toEqual([]);

    const published = await store.publish('newsletter', titled('newsletter', 'Short news'), {
      author: 'ann@example.com',
      note: 'shorter',
    });
    expect(published).toMatchObject({ ok: true, version: fileVersion + 1 });
    const before = flows.current();
    expect(before.get('newsletter')!.title).not.toBe('Short news');

    expect(await flows.refresh()).toEqual(['newsletter']);
    const after = flows.current();
    expect(after.get('newsletter')).toMatchObject({
      title: 'Short news',
      version: fileVersion + 1,
    });
    // A snapshot once taken does not change under its holder; other flows are the same objects.
    expect(before.get('newsletter')!.version).toBe(fileVersion);
    expect(after.get('client')).toBe(before.get('client'));
    expect(await flows.refresh()).toEqual([]);
  });

  it('loads any published version for a visitor who started on it', async () => {
    const flows = siteFlows();
    await flows.refresh();
    const newest = flows.current().get('newsletter')!.version;
    const old = await flows.version('newsletter', newest - 1);
    expect(old?.version).toBe(newest - 1);
    expect(old?.title).not.toBe('Short news');
    expect(await flows.version('newsletter', newest)).toBe(flows.current().get('newsletter'));
    expect(await flows.version('newsletter', newest + 5)).toBeUndefined();
    expect(await flows.version('noSuchFlow', 1)).toBeUndefined();
  });

  it('imports a file edited without a version bump as the next version, once, and says so', async () => {
    const flows = siteFlows();
    const file = path.basename(dir) + '/ebook.json';
    const original = text('ebook');
    // A studio publish since the files were seeded: the unchanged file is older, nothing to do.
    const published = await store.publish('ebook', titled('ebook', 'From the studio'), {
      author: 'ann@example.com',
      note: 'studio',
    });
    expect(published.ok).toBe(true);
    expect((await store.seed()).imported).toEqual([]);

    const newest = (await store.latest('ebook'))!.version;
    const edited = titled('ebook', 'Changed at the same number');
    writeFileSync(path.join(dir, 'ebook.json'), edited);
    expect((await store.seed()).imported).toEqual([
      { id: 'ebook', version: newest + 1, file, reason: 'edited' },
    ]);
    expect(describeImport({ id: 'ebook', version: newest + 1, file, reason: 'edited' })).toBe(
      `${file} differs from every stored version of "ebook" and its version number was not ` +
        `raised: imported as version ${newest + 1}, now live`,
    );
    // Stored with the number it became; the file's own text otherwise.
    expect(await store.versionSource('ebook', newest + 1)).toBe(
      edited.replace(/"version": \d+/, `"version": ${newest + 1}`),
    );
    expect(await flows.refresh()).toContain('ebook');
    expect(flows.current().get('ebook')!.title).toBe('Changed at the same number');
    // Started again (or on another instance at once): the file's content is stored, no import.
    const twice = await Promise.all([store.seed(), store.seed()]);
    expect(twice.flatMap((r) => r.imported)).toEqual([]);
    expect((await store.latest('ebook'))!.version).toBe(newest + 1);
    // Formatting alone is no change.
    writeFileSync(path.join(dir, 'ebook.json'), JSON.stringify(JSON.parse(edited)));
    expect((await store.seed()).imported).toEqual([]);

    const bumped = edited.replace(/"version": \d+/, `"version": ${newest + 3}`);
    writeFileSync(path.join(dir, 'ebook.json'), bumped);
    expect((await store.seed()).imported).toEqual([
      { id: 'ebook', version: newest + 3, file, reason: 'newer' },
    ]);
    expect(await store.versionSource('ebook', newest + 3)).toBe(bumped);
    writeFileSync(path.join(dir, 'ebook.json'), original);
  });

  it('recompiles the flows using a shared list when the list is published', async () => {
    const flows = siteFlows();
    await flows.refresh();
    const listText = readFileSync(path.join(dir, 'options', 'revenue-bands.json'), 'utf8');
    const list = JSON.parse(listText) as { options: (string | { label: string; value: string })[] };
    const first = list.options[0]!;
    const value = typeof first === 'string' ? first : first.value;
    list.options[0] = { label: 'A relabelled band', value };
    const published = await store.publish(
      'options/revenue-bands',
      `${JSON.stringify(list, null, 2)}\n`,
      { author: 'ann@example.com', note: 'clearer band' },
    );
    expect(published).toMatchObject({ ok: true, version: 2 });
    const changed = await flows.refresh();
    expect(changed).toContain('client');
    expect(changed).not.toContain('newsletter');
    expect(JSON.stringify(flows.current().get('client'))).toContain('A relabelled band');
  });

  it('refuses a list that would break a published flow, naming the flow', async () => {
    const listText = readFileSync(path.join(dir, 'options', 'yes-no.json'), 'utf8');
    const used = JSON.stringify(loadFlowRegistry(dir, VARS).flows).includes('"Yes"');
    expect(used).toBe(true);
    const result = await store.publish('options/yes-no', listText.replace('"Yes"', '"Yep"'), {
      author: 'ann@example.com',
      note: 'breaks',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.diagnostics.map((d) => d.message).join('\n')).toMatch(
        /Flow "\w+" would no longer load/,
      );
    }
    const broken = await store.publish('options/yes-no', '{"id": "yes-no", "options": []}', {
      author: 'ann@example.com',
      note: 'empty',
    });
    expect(broken.ok).toBe(false);
  });

  it('keeps the flows it had when the store cannot be read, and says so', async () => {
    const logged: string[] = [];
    const broken = new SiteFlows({
      files: loadFlowRegistry(dir, VARS),
      catalogue: new FlowCatalogue({
        flowsDir: dir,
        files: loadFlowRegistry(dir, VARS),
        vars: VARS,
        database: () => Promise.reject(new Error('connection refused')),
      }),
      log: (line) => logged.push(line),
    });
    const served = await broken.fresh(0);
    expect(served.get('client')?.id).toBe('client');
    expect(logged.join('\n')).toMatch(/could not read the published flows.*connection refused/);
  });

  it('compiles and logs a published version that does not load once, however often asked', async () => {
    const newest = (await store.latest('careers'))!.version;
    // Past the store's checks only by a hand-edited row, or a list changed under it.
    await site.db
      .withTables<FlowVersionTables>()
      .insertInto('flow_versions')
      .values({
        flow_id: 'careers',
        version: newest + 1,
        source: '{ "id": "careers", }',
        author: 'hand',
        note: 'broken',
        published_at: Date.now(),
      })
      .execute();
    const logged: string[] = [];
    const flows = siteFlows(logged);
    const check = vi.spyOn(store, 'check');
    try {
      await flows.refresh();
      await flows.refresh();
      expect(await flows.version('careers', newest + 1)).toBeUndefined();
      expect(await flows.flow('careers', newest + 1)).toBeUndefined();
      const careersChecks = check.mock.calls.filter(([flowId]) => flowId === 'careers');
      expect(careersChecks).toHaveLength(1);
    } finally {
      check.mockRestore();
    }
    expect(logged.filter((line) => line.includes('careers'))).toEqual([
      expect.stringMatching(`careers version ${newest + 1} is published but does not load`),
    ]);
    expect(flows.current().get('careers')!.version).toBe(newest);
  });
});
