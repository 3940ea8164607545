/**
 * The one server flow registry: pages, the flow JSON route and the lead endpoint read the same
 * loaded flows, and a diagnostic reads the same wherever it is printed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteFlow } from '@/site/flows/load-site-flow';
import { generateStaticParams } from '@/site/flows/flow-json-route';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';

describe('the site flow registry', () => {
  it('is loaded once per process and serves pages and the flow JSON route alike', () => {
    const registry = siteFlowRegistry();
    expect(siteFlowRegistry()).toBe(registry);
    expect(loadSiteFlow('client')).toBe(registry.get('client'));
    expect(generateStaticParams().map((p) => p.flowId)).toEqual(registry.ids());
    expect(registry.ids()).toContain('newsletter');
  });

  it('substitutes the brand from site/env.ts', () => {
    // site/env.ts defaults: no variable is set in the unit tests.
    const flow = JSON.stringify(siteFlowRegistry().get('subscribePage'));
    expect(flow).toContain('Relationship to Harborline Advisory');
    expect(flow).toContain('relationship_to_harborline');
  });

  it('names a missing flow rather than rendering nothing', () => {
    expect(() => loadSiteFlow('noSuchFlow')).toThrow(/noSuchFlow/);
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
