/**
 * The one flow catalogue of a process (the runtime's): pages, the flow JSON route and the lead
 * endpoint read the same loaded flows (the files, then what the studio's store publishes), the
 * JSON route names the revision it serves for the page cache, and a diagnostic reads the same
 * wherever it is printed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadSiteFlow } from '@/site/flows/load-site-flow';
import { GET, generateStaticParams } from '@/site/flows/flow-json-route';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { flowRevision, REVISION_HEADER } from '@/site/server/flows/flow-revision';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

// This file's own SQLite database (site/env.ts reads it once, on import): new for each run, since
// a file named by the process id alone outlives the run and a later process may get the same id
// (its flows, published by an older run, then differ from the files).
vi.hoisted(() => {
  const unique = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  process.env.LEADS_DB = `${process.env.TMPDIR ?? '/tmp'}/flow-registry-${unique}.sqlite`;
});

afterAll(() => {
  for (const suffix of ['', '-wal', '-shm'])
    rmSync(`${process.env.LEADS_DB}${suffix}`, { force: true });
});

const flowResponse = (flowId: string) =>
  GET(new Request(`http://site.test/api/flows/${flowId}`), {
    params: Promise.resolve({ flowId }),
  });
const flowJson = async (flowId: string) =>
  (await (await flowResponse(flowId)).json()) as { version: number; title: string };

describe('the site flow registry', () => {
  it('is one per process and serves pages and the flow JSON route alike', async () => {
    const flows = siteRuntime().flows;
    expect(siteRuntime().flows).toBe(flows);
    const registry = flows.current();
    expect(await loadSiteFlow('client')).toBe(registry.get('client'));
    expect(generateStaticParams().map((p) => p.flowId)).toEqual(registry.ids());
    expect(registry.ids()).toContain('newsletter');
  });

  it('serves pages and the flow JSON route the version the store publishes', async () => {
    const store = siteRuntime().catalogue;
    await store.seed();
    const before = (await flowResponse('ebook')).headers.get(REVISION_HEADER)!;
    expect(siteRuntime().isLiveFlowRevision(before)).toBe(true);
    const source = (await store.latest('ebook'))!.source;
    const title = (JSON.parse(source) as { title: string }).title;
    const result = await store.publish('ebook', source.replace(title, 'The guide, renamed'), {
      author: 'ann@example.com',
      note: 'rename',
    });
    expect(result.ok).toBe(true);
    await siteRuntime().flows.refresh();
    const renamed = await loadSiteFlow('ebook');
    expect(renamed.title).toBe('The guide, renamed');
    expect(await flowJson('ebook')).toMatchObject({
      title: 'The guide, renamed',
      version: result.ok ? result.version : 0,
    });
    // A page or response cached with the old revision is no longer served; the new one is.
    expect(siteRuntime().isLiveFlowRevision(before)).toBe(false);
    const after = (await flowResponse('ebook')).headers.get(REVISION_HEADER)!;
    expect(after).toBe(flowRevision(renamed));
    expect(siteRuntime().isLiveFlowRevision(after)).toBe(true);
  });

  it('answers an unknown flow with a 404 whose revision stays live until the flow exists', async () => {
    const response = await flowResponse('noSuchFlow');
    expect(response.status).toBe(404);
    expect(siteRuntime().isLiveFlowRevision(response.headers.get(REVISION_HEADER)!)).toBe(true);
  });

  it('substitutes the brand from site/env.ts', () => {
    // site/env.ts defaults: no variable is set in the unit tests.
    const flow = JSON.stringify(siteRuntime().flows.current().get('subscribePage'));
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
