/**
 * The studio's entry runs in the browser: no module it reaches (following the engine's relative
 * imports) may import a Node built-in, so the folder loader (load-flows.ts) stays out of it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as studio from '@/engine/studio';

const ENGINE = resolve(__dirname, '../../../engine');

/** Every module the entry reaches through relative imports, and every package it imports. */
function reach(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/^(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm)) {
      if (!spec!.startsWith('.')) {
        packages.add(spec!);
        continue;
      }
      const base = join(dirname(file), spec!);
      const found = [`${base}.ts`, `${base}.js`].find((c) => existsSync(c));
      if (!found) throw new Error(`${file}: cannot resolve ${spec}`);
      visit(found);
    }
  };
  visit(join(ENGINE, entry));
  return { modules, packages };
}

const builtIns = (packages: Set<string>) => [...packages].filter((p) => p.startsWith('node:'));
const names = (modules: Set<string>) => [...modules].map((m) => m.slice(ENGINE.length + 1));

describe('the studio entry', () => {
  it('reaches no Node built-in and not the folder loader', () => {
    const { modules, packages } = reach('studio.ts');
    expect(builtIns(packages)).toEqual([]);
    expect(names(modules)).not.toContain('load-flows.ts');
    expect(names(modules)).toContain('generated/schema-validators.js');
    expect(packages).toContain('ajv/dist/runtime/equal.js');
    // The same walk from the server entry does meet them.
    const server = reach('index.ts');
    expect(builtIns(server.packages)).toContain('node:fs');
    expect(names(server.modules)).toContain('load-flows.ts');
  });

  it('exports what the studio uses', () => {
    for (const name of [
      'loadFlowFromText',
      'loadFlowFromData',
      'loadOptionListFromData',
      'coveringPaths',
      'exploreFlow',
      'flowPaths',
      'sampleValue',
      'stepCandidates',
      'formatDiagnostic',
      'didYouMean',
      'topologicalOrder',
      'compileFlow',
      'validateAnswers',
    ])
      expect(typeof (studio as Record<string, unknown>)[name], name).toBe('function');
  });
});
