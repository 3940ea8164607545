/**
 * The flow watcher on a real store (SQLite): it imports the flows folder first, moves the
 * catalogue on once per published version (not on every look), and a database that cannot be
 * reached at start is seeded by the first look that reaches it. What the page cache serves
 * follows the catalogue: the old revision stops being live with the look that finds the publish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteDatabase } from '@/site/server/db/database';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { flowRevision } from '@/site/server/flows/flow-revision';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { watchPublishedFlows, type FlowWatcher } from '@/site/server/flows/flow-publish-watcher';
import { SiteFlows } from '@/site/server/flows/site-flows';
import { testDatabase, type TestDatabase } from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

describe('the flow watcher', () => {
  let database: TestDatabase;
  let site: SiteDatabase;
  let store: FlowCatalogue;
  let flows: SiteFlows;
  let watcher: FlowWatcher;
  let reachable = false;
  const logged: string[] = [];

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    site = await database.open();
    store = new FlowCatalogue({
      flowsDir: FLOWS_DIR,
      files: loadFlowRegistry(FLOWS_DIR, VARS),
      vars: VARS,
      database: () =>
        reachable ? Promise.resolve(site) : Promise.reject(new Error('connect ECONNREFUSED')),
    });
    flows = new SiteFlows({
      files: loadFlowRegistry(FLOWS_DIR, VARS),
      catalogue: store,
      log: () => undefined,
    });
    watcher = watchPublishedFlows({
      catalogue: { seed: () => store.seed(), live: flows },
      // Long: the test drives the looks itself.
      intervalMs: 600_000,
      log: (line) => logged.push(line),
    });
  });
  afterAll(async () => {
    watcher?.stop();
    await database?.dispose();
  });

  const publishEbook = async (title: string) => {
    const source = (await store.latest('ebook'))!.source;
    const old = (JSON.parse(source) as { title: string }).title;
    const result = await store.publish('ebook', source.replace(old, title), {
      author: 'ann@example.com',
      note: title,
    });
    expect(result.ok).toBe(true);
  };

  it('imports the flows folder on the first look that reaches the database', async () => {
    await expect(watcher.tick()).rejects.toThrow('ECONNREFUSED');
    reachable = true;
    expect(await watcher.tick()).toEqual([]);
    expect((await store.latestVersionNumbers()).get('client')).toBeGreaterThan(0);
    expect(
      logged.some((line) => /^\[flows\] flows\/\w+\.json imported as version \d+$/.test(line)),
    ).toBe(true);
  });

  it('moves the catalogue on once per published version, and the old revision stops being live', async () => {
    const before = flowRevision(flows.current().get('ebook')!);
    await publishEbook('First rename');
    expect(flows.isLiveRevision(before)).toBe(true);
    expect(await watcher.tick()).toEqual(['ebook']);
    expect(await watcher.tick()).toEqual([]);
    expect(flows.current().get('ebook')!.title).toBe('First rename');
    expect(flows.isLiveRevision(before)).toBe(false);
    expect(flows.isLiveRevision(flowRevision(flows.current().get('ebook')!))).toBe(true);
  });
});
