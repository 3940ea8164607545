import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, startupChunks } from '@/scripts/compile-hints';

let dist: string;

function write(relative: string, content: string) {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function manifest(route: string, entries: Record<string, string[]>) {
  return (
    'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n' +
    `globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({
      moduleLoading: { prefix: '' },
      entryJSFiles: entries,
    })};`
  );
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  write(
    'build-manifest.json',
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfills.js'],
      rootMainFiles: ['static/chunks/framework.js', 'static/chunks/main.js'],
    }),
  );
  write(
    'server/app/page_client-reference-manifest.js',
    manifest('/page', {
      '[project]/app/layout': ['static/chunks/shell.js'],
      '[project]/app/page': ['static/chunks/shell.js', 'static/chunks/home.js'],
    }),
  );
  write(
    'server/app/careers/page_client-reference-manifest.js',
    manifest('/careers/page', { '[project]/app/careers/page': ['static/chunks/careers.js'] }),
  );
  for (const name of ['framework', 'main', 'shell', 'home', 'careers', 'polyfills', 'lazy'])
    write(`static/chunks/${name}.js`, `console.log(${JSON.stringify(name)});\n`);
  write(
    'static/chunks/home.js.map',
    JSON.stringify({ version: 3, sources: ['home.ts'], mappings: 'AAAA' }),
  );
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

const chunk = (name: string) => readFileSync(path.join(dist, 'static/chunks', name), 'utf8');

describe('compile hints', () => {
  it('finds the chunks every route loads at startup, without polyfills or lazy chunks', () => {
    expect(startupChunks(dist)).toEqual([
      'static/chunks/careers.js',
      'static/chunks/framework.js',
      'static/chunks/home.js',
      'static/chunks/main.js',
      'static/chunks/shell.js',
    ]);
  });

  it('marks each startup chunk once and leaves the others as they were', () => {
    expect(addCompileHints(dist)).toEqual({ chunks: 5, hinted: 5 });
    expect(chunk('home.js')).toBe(`${COMPILE_HINT}\nconsole.log("home");\n`);
    expect(chunk('framework.js').startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(chunk('lazy.js')).toBe('console.log("lazy");\n');
    expect(chunk('polyfills.js')).toBe('console.log("polyfills");\n');

    // A second run (a rebuild into the same folder) changes nothing.
    expect(addCompileHints(dist)).toEqual({ chunks: 5, hinted: 0 });
    expect(chunk('home.js').match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
  });

  it('keeps a source map pointing at the same code, one line further down', () => {
    addCompileHints(dist);
    const map = JSON.parse(chunk('home.js.map')) as { mappings: string };
    expect(map.mappings).toBe(';AAAA');
  });

  it('names a chunk a manifest lists but the build lacks', () => {
    rmSync(path.join(dist, 'static/chunks/careers.js'));
    expect(() => addCompileHints(dist)).toThrow(/careers\.js is listed but missing/);
  });
});
