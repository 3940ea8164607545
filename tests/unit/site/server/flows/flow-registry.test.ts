/**
 * The one server flow registry: pages, the flow JSON route and the lead endpoint read the same
 * loaded flows (the files, then what the studio's store publishes), and a diagnostic reads the
 * same wherever it is printed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadSiteFlow } from '@/site/flows/load-site-flow';
import { GET, generateStaticParams } from '@/site/flows/flow-json-route';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';
import { siteFlowStore, siteFlows } from '@/site/server/flows/site-flows';

// This file's own SQLite database (site/env.ts reads it once, on import).
vi.hoisted(() => {
  process.env.LEADS_DB = `${process.env.TMPDIR ?? '/tmp'}/flow-registry-${process.pid}.sqlite`;
});

const flowJson = async (flowId: string) =>
  (await (
    await GET(new Request(`http://site.test/api/flows/${flowId}`), {
      params: Promise.resolve({ flowId }),
    })
  ).json()) as { version: number; title: string };

describe('the site flow registry', () => {
  it('is loaded once per process and serves pages and the flow JSON route alike', async () => {
    const registry = siteFlowRegistry();
    expect(siteFlowRegistry()).toBe(registry);
    expect(await loadSiteFlow('client')).toBe(registry.get('client'));
    expect(generateStaticParams().map((p) => p.flowId)).toEqual(registry.ids());
    expect(registry.ids()).toContain('newsletter');
  });

  it('serves pages and the flow JSON route the version the store publishes', async () => {
    const store = siteFlowStore();
    await store.seedFromFiles();
    const source = (await store.latest('ebook'))!.source;
    const title = (JSON.parse(source) as { title: string }).title;
    const result = await store.publish('ebook', source.replace(title, 'The guide, renamed'), {
      author: 'ann@example.com',
      note: 'rename',
    });
    expect(result.ok).toBe(true);
    await siteFlows().refresh();
    expect((await loadSiteFlow('ebook')).title).toBe('The guide, renamed');
    expect(await flowJson('ebook')).toMatchObject({
      title: 'The guide, renamed',
      version: result.ok ? result.version : 0,
    });
  });

  it('substitutes the brand from site/env.ts', () => {
    // site/env.ts defaults: no variable is set in the unit tests.
    const flow = JSON.stringify(siteFlowRegistry().get('subscribePage'));
    expect(flow).toContain('Relationship to Harborline Advisory');
    expect(flow).toContain('relationship_to_harborline');
  });

  it('names a missing flow rather than rendering nothing', async () => {
    await expect(loadSiteFlow('noSuchFlow')).rejects.toThrow(/noSuchFlow/);
  });
});

describe('loadFlowRegistry', () => {
  it('prints a diagnostic as path:line:col with the path the working directory sees', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flow-registry-'));
    writeFileSync(path.join(dir, 'broken.json'), '{\n  "id": "broken",\n  "steps": [,]\n}\n');
    const registry = loadFlowRegistry(dir, { brandName: 'A', brandSlug: 'a' });
    expect(registry.ids()).toEqual([]);
    expect(registry.diagnostics).not.toHaveLength(0);
    const first = registry.format(registry.diagnostics[0]!).split('\n')[0]!;
    expect(
      first.startsWith(`${path.relative(process.cwd(), path.join(dir, 'broken.json'))}:3:`),
    ).toBe(true);
  });
});
