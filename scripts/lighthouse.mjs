/* global fetch, setTimeout */
// `npm run lighthouse`: Lighthouse (mobile, its default emulation and throttling) on the home
// page of the production build, in Debian's Chromium. Prints the four category scores, the
// main metrics, the JavaScript transferred, and every audit that cost points.
// Usage: NEXT_DIST_DIR=.next-x npm run lighthouse [-- /path]   (builds first when needed)
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next');
const target = process.argv[2] || '/';
const minimum = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const port = await freePort();
const server = spawn(
  process.execPath,
  [path.join('scripts', 'serve.mjs'), '--port', String(port), '--hostname', '127.0.0.1'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  },
);
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(origin + '/')).ok) break;
  } catch {
    if (i > 120) throw new Error('the server did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  const result = await lighthouse(origin + target, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: Object.keys(minimum),
  });
  const { lhr } = result;
  console.log(`Lighthouse ${lhr.lighthouseVersion}, mobile, ${origin}${target}`);
  for (const [id, floor] of Object.entries(minimum)) {
    const score = Math.round(lhr.categories[id].score * 100);
    if (score < floor) failed = true;
    console.log(
      `  ${lhr.categories[id].title.padEnd(16)} ${String(score).padStart(3)}  (needs ${floor})`,
    );
  }
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    console.log(`  ${lhr.audits[id].title.padEnd(26)} ${lhr.audits[id].displayValue}`);
  }
  const lcpItem =
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpItem) {
    console.log(`  LCP element: ${lcpItem.snippet?.slice(0, 120)}  (${lcpItem.selector ?? ''})`);
    // Where the LCP time goes (TTFB, resource load delay and time, render delay).
    const phases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items;
    if (phases) {
      console.log(
        `  LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`,
      );
    }
  }
  if (process.env.LIGHTHOUSE_JSON) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(lhr));
  }
  const requests = lhr.audits['network-requests'].details.items;
  const js = requests.filter((r) => r.resourceType === 'Script');
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  console.log(
    `  JavaScript transferred: ${kib(js.reduce((s, r) => s + (r.transferSize || 0), 0))} KiB in ${js.length} files`,
  );
  const offSite = requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith('data:'));
  console.log(`  requests leaving the site: ${offSite.length}`);
  const lost = Object.values(lhr.categories)
    .flatMap((category) =>
      category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]),
    )
    .filter(
      (audit) =>
        audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
    );
  for (const audit of lost)
    console.log(`  - ${audit.id}: ${audit.title} ${audit.displayValue ?? ''}`);
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
