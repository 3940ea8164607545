/**
 * The engine's browser entry (`@/engine/client`, the studio's checks included): no module it
 * reaches (following the engine's relative imports) may import a Node built-in, React or Next,
 * so the folder loader (load-flows.ts) stays out of it, and of ajv only the runtime helpers its
 * generated validators call.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as engineClient from '@/engine/client';

const ENGINE = resolve(__dirname, '../../../engine');

/** Every module the entry reaches through relative imports, and every package it imports. */
function reach(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [statement, spec] of text.matchAll(
      /^(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm,
    )) {
      if (!spec!.startsWith('.')) {
        // A type-only import is gone once compiled.
        if (!/^import\s+type\s/.test(statement)) packages.add(spec!);
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

describe('the browser entry', () => {
  it('reaches no Node built-in and not the folder loader', () => {
    const { modules, packages } = reach('client.ts');
    expect(builtIns(packages)).toEqual([]);
    expect(names(modules)).not.toContain('load-flows.ts');
    expect(names(modules)).toContain('generated/schema-validators.js');
    expect(packages).toContain('ajv/dist/runtime/equal.js');
    // zod/mini only: classic zod's chainable API does not tree-shake and would weigh on the
    // renderer; no ajv compiler, no React or Next.
    expect([...packages].sort()).toEqual([
      'ajv/dist/runtime/equal.js',
      'ajv/dist/runtime/ucs2length.js',
      'jsonc-parser',
      'xstate',
      'zod/mini',
    ]);
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
      'isErrorDiagnostic',
      'pointerTarget',
      'didYouMean',
      'topologicalOrder',
      'compileFlow',
      'validateAnswers',
    ])
      expect(typeof (engineClient as Record<string, unknown>)[name], name).toBe('function');
  });
});
