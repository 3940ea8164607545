/**
 * Marks the client chunks every page runs at startup with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chromium 136+). Without it V8 compiles each bundled
 * module's function lazily, on the main thread, the first time the module runs: for the
 * framework and our islands that was most of the one long task after the first paint. With
 * it, the functions are compiled while the script streams in, on a background thread.
 *
 * Only startup chunks get the hint (the root main files and the chunks each layout, page and
 * error boundary lists in its client reference manifest); chunks loaded on demand keep lazy
 * compilation. Runs from next.config.ts after the production compile; idempotent.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface BuildManifest {
  rootMainFiles?: string[];
  polyfillFiles?: string[];
}

type ClientReferenceManifests = Record<string, { entryJSFiles?: Record<string, string[]> }>;

function manifestFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('_client-reference-manifest.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The client reference manifests are scripts that assign `globalThis.__RSC_MANIFEST`. */
function entryChunks(file: string): string[] {
  const sandbox: { self?: unknown; __RSC_MANIFEST?: ClientReferenceManifests } = {};
  sandbox.self = sandbox;
  vm.runInNewContext(readFileSync(file, 'utf8'), sandbox, { filename: file });
  return Object.values(sandbox.__RSC_MANIFEST ?? {}).flatMap((manifest) =>
    Object.values(manifest.entryJSFiles ?? {}).flat(),
  );
}

/** Build-relative paths (`static/chunks/…js`) of the chunks pages load at startup. */
export function startupChunks(distDir: string): string[] {
  const build = JSON.parse(
    readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'),
  ) as BuildManifest;
  // Polyfills load only in browsers without module support, which have no compile hints.
  const polyfills = new Set(build.polyfillFiles ?? []);
  const chunks = new Set([
    ...(build.rootMainFiles ?? []),
    ...manifestFiles(path.join(distDir, 'server', 'app')).flatMap(entryChunks),
  ]);
  return [...chunks].filter((chunk) => chunk.endsWith('.js') && !polyfills.has(chunk)).sort();
}

/** Prepends the hint; a source map beside the chunk moves down one generated line. */
function hint(file: string): boolean {
  const source = readFileSync(file, 'utf8');
  if (source.startsWith(COMPILE_HINT)) return false;
  writeFileSync(file, `${COMPILE_HINT}\n${source}`);
  const mapFile = `${file}.map`;
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings?: string };
    if (typeof map.mappings === 'string') {
      map.mappings = `;${map.mappings}`;
      writeFileSync(mapFile, JSON.stringify(map));
    }
  }
  return true;
}

export function addCompileHints(distDir: string): { chunks: number; hinted: number } {
  const chunks = startupChunks(distDir);
  let hinted = 0;
  for (const chunk of chunks) {
    const file = path.join(distDir, chunk);
    if (!existsSync(file)) throw new Error(`Compile hints: ${file} is listed but missing.`);
    if (hint(file)) hinted += 1;
  }
  return { chunks: chunks.length, hinted };
}
