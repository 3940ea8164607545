// `npm run bench:shell-js`: the JavaScript the home page loads (gzip), beside the framework
// floor every App Router page loads (Next's rootMainFiles), both from the same build.
// Usage: NEXT_DIST_DIR=.next-x npm run bench:shell-js  (builds first when there is no build)
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = process.env.NEXT_DIST_DIR || '.next';
if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const gzipKiB = (file) => gzipSync(readFileSync(path.join(distDir, file))).length / 1024;
const manifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
const floorFiles = manifest.rootMainFiles;

const html = readFileSync(path.join(distDir, 'server', 'app', 'index.html'), 'utf8');
// Scripts the page loads: <script src> (not the legacy nomodule polyfills) and preloaded chunks.
const scripts = new Set();
for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
  const attributes = match[1];
  if (/\bnoModule\b/i.test(attributes)) continue;
  const src = /\bsrc="\/_next\/([^"]+)"/.exec(attributes)?.[1];
  if (src) scripts.add(src);
}
for (const match of html.matchAll(
  /<link\b[^>]*rel="preload"[^>]*as="script"[^>]*href="\/_next\/([^"]+)"/g,
)) {
  scripts.add(match[1]);
}
for (const match of html.matchAll(
  /<link\b[^>]*as="script"[^>]*rel="preload"[^>]*href="\/_next\/([^"]+)"/g,
)) {
  scripts.add(match[1]);
}

const floor = floorFiles.reduce((sum, file) => sum + gzipKiB(file), 0);
const home = [...scripts].reduce((sum, file) => sum + gzipKiB(file), 0);
const extra = [...scripts].filter((file) => !floorFiles.includes(file));
console.log(
  `framework floor (rootMainFiles, ${floorFiles.length} files): ${floor.toFixed(1)} KiB gzip`,
);
console.log(`home page JavaScript (${scripts.size} files):            ${home.toFixed(1)} KiB gzip`);
console.log(`  beyond the floor: ${(home - floor).toFixed(1)} KiB in ${extra.length} files`);
for (const file of extra) console.log(`    ${gzipKiB(file).toFixed(1).padStart(6)} KiB  ${file}`);
console.log(`ratio home / floor: ${(home / floor).toFixed(2)}`);
