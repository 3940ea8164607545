/**
 * The flow watcher on a real store (SQLite): it imports the flows folder first, revalidates once
 * per published version (not on every look), and survives a revalidation that fails, trying the
 * same flows again on its next look.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteDatabase } from '@/site/server/db/database';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { FlowVersionStore } from '@/site/server/flows/flow-versions';
import { watchPublishedFlows, type FlowWatcher } from '@/site/server/flows/flow-publish-watcher';
import { SiteFlows } from '@/site/server/flows/site-flows';
import { testDatabase, type TestDatabase } from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

describe('the flow watcher', () => {
  let database: TestDatabase;
  let site: SiteDatabase;
  let store: FlowVersionStore;
  let watcher: FlowWatcher;
  const revalidated: string[][] = [];
  const logged: string[] = [];
  let failNext = false;

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    site = await database.open();
    store = new FlowVersionStore({
      flowsDir: FLOWS_DIR,
      vars: VARS,
      database: () => Promise.resolve(site),
    });
    watcher = watchPublishedFlows({
      flows: new SiteFlows({ files: loadFlowRegistry(FLOWS_DIR, VARS), store }),
      store,
      // Long: the test drives the looks itself.
      intervalMs: 600_000,
      revalidate: (flowIds) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('server not listening'));
        }
        revalidated.push(flowIds);
        return Promise.resolve();
      },
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

  it('imports the flows folder before its first look, and finds nothing new in it', async () => {
    expect(await watcher.tick()).toEqual([]);
    expect((await store.latestVersionNumbers()).get('client')).toBeGreaterThan(0);
    expect(revalidated).toEqual([]);
  });

  it('revalidates a flow once per published version', async () => {
    await publishEbook('First rename');
    expect(await watcher.tick()).toEqual(['ebook']);
    expect(await watcher.tick()).toEqual([]);
    expect(revalidated).toEqual([['ebook']]);
  });

  it('logs a failed revalidation and does not lose the flow', async () => {
    await publishEbook('Second rename');
    failNext = true;
    await expect(watcher.tick()).rejects.toThrow('server not listening');
    // The snapshot moved on, but the revalidation did not happen: the next look must retry it.
    expect(await watcher.tick()).toEqual(['ebook']);
    expect(revalidated).toEqual([['ebook'], ['ebook']]);
  });
});
