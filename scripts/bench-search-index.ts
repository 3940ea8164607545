// `npm run bench:search`: what a server process pays for its first search answer, with the
// index saved at build time (load the JSON) against the old way (read every page and index it
// in the process), each in fresh processes, median of 7. Prints both and their ratio.
// Usage: NEXT_DIST_DIR=.next-x npm run bench:search   (writes that folder's index when missing)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const RUNS = 7;
const distDir = process.env.NEXT_DIST_DIR || '.next';
const tsx = path.join('node_modules', 'tsx', 'dist', 'cli.mjs');
const self = path.join('scripts', 'bench-search-index.ts');

async function child(mode: 'load' | 'build') {
  // The modules a server has loaded anyway; the figure is what the first search adds on top.
  const { getContentSource } = await import('@/site/content/get-content-source');
  const { readSearchIndex } = await import('@/site/search/search-index-file');
  const { createSiteSearch } = await import('@/site/search/site-search');
  const started = performance.now();
  const search =
    mode === 'load'
      ? await readSearchIndex(distDir)
      : createSiteSearch(await getContentSource().searchDocuments());
  const first = search.search('sba')[0]?.url;
  if (first !== '/financing/sba-financing') throw new Error(`unexpected first hit ${first}`);
  const { heapUsed } = process.memoryUsage();
  console.log(JSON.stringify({ ms: performance.now() - started, heapMb: heapUsed / 2 ** 20 }));
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function measure(mode: 'load' | 'build') {
  const runs = Array.from({ length: RUNS }, () => {
    const result = spawnSync(process.execPath, [tsx, self, '--child', mode], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    return JSON.parse(result.stdout.trim().split('\n').pop()!) as { ms: number; heapMb: number };
  });
  return { ms: median(runs.map((run) => run.ms)), heapMb: median(runs.map((run) => run.heapMb)) };
}

const childMode = process.argv[2] === '--child' ? process.argv[3] : undefined;
if (childMode === 'load' || childMode === 'build') {
  await child(childMode);
} else {
  if (!existsSync(path.join(distDir, 'search-index.json'))) {
    const { writeSearchIndex } = await import('@/site/search/search-index-file');
    await writeSearchIndex(distDir);
  }
  const built = measure('build');
  const loaded = measure('load');
  const row = (label: string, { ms, heapMb }: { ms: number; heapMb: number }) =>
    console.log(
      `${label.padEnd(36)} ${ms.toFixed(0).padStart(6)} ms  ${heapMb.toFixed(0)} MB heap`,
    );
  console.log(`First search answer in a fresh process (median of ${RUNS}, ${distDir}):`);
  row('index built in the process (before)', built);
  row('index loaded from the build (now)', loaded);
  console.log(`ratio now/before: ${(loaded.ms / built.ms).toFixed(2)}`);
}
