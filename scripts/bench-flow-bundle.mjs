/* global performance -- in page.evaluate, run in the page */
// `npm run bench:bundle`: how much JavaScript (gzip) the browser loads for pages hosting a
// questionnaire, beside the framework floor of a bare Next page measured from the same build
// (the root main files every page loads: React, the Next runtime, the Turbopack loader).
// Budget: a questionnaire page loads at most 60 KiB more than the floor.
// Arrival is what the page loads before any questionnaire's renderer is prefetched: the island
// fetches it once the page has loaded and the form is in view, while the browser is idle (its
// User Timing mark `flow-island:prefetch` tells the two apart), so the table also prints the
// page's JavaScript once that prefetch is in and once the visitor reaches for the main form: the
// cost of using a questionnaire stays visible.
// Last, the flow studio (/admin/flows/client/edit, staff only): its JavaScript once the editor is
// up, which no public page loads, beside the 380 KiB it loaded before the visual editor came. The
// visual editor and the preview, paths and HubSpot tabs load when opened, so they are not in it.
// Uses the build in NEXT_DIST_DIR (default .next), building first when there is none.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const BUDGET_KIB = 60;
// The studio's arrival JS when the visual editor was asked for (the figure it is held against).
const STUDIO_BEFORE_KIB = 380;
const distDir = process.env.NEXT_DIST_DIR || '.next';
const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next');
const pages = [
  { path: '/', main: 'client', flows: 'client (+ readyToTalk, ebook, joinEvent, newsletter)' },
  { path: '/grant-service', main: 'grants', flows: 'grants (+ newsletter)' },
  { path: '/careers', main: 'careers', flows: 'careers (+ joinEvent, newsletter)' },
  { path: '/book-consult', main: 'bookConsult', flows: 'bookConsult + scheduler (+ newsletter)' },
];
const kib = (bytes) => bytes / 1024;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  console.log(`No build in ${distDir}: building first.`);
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
const floorFiles = manifest.rootMainFiles;
const floor = floorFiles.reduce(
  (sum, f) => sum + gz(readFileSync(path.join(distDir, f.replace(/^static\//, 'static/')))),
  0,
);

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
const database = path.join(dataDir, 'site.sqlite');
const mailDir = path.join(dataDir, 'mail');
const server = spawn(
  process.execPath,
  [path.join('scripts', 'serve.mjs'), '--port', String(port), '--hostname', '127.0.0.1'],
  {
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      LEADS_DB: database,
      MAIL_DIR: mailDir,
    },
    stdio: 'ignore',
  },
);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await globalThis.fetch(base)).ok) break;
  } catch {
    if (i > 300) throw new Error('server did not start');
  }
  await sleep(200);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
let failed = false;

/** Gzipped JavaScript of the studio page once its editor is up, for a staff account made here. */
async function studioScripts() {
  const email = `bench-${Date.now()}@firm.example`;
  const password = 'a sturdy passphrase';
  const post = (route, body) =>
    globalThis.fetch(`${base}/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('register', { email, password });
  // A role goes only to a confirmed address: follow the link the server mailed.
  const mail = readdirSync(mailDir)
    .map((name) => readFileSync(path.join(mailDir, name), 'utf8'))
    .find((text) => text.includes(`To: ${email}`));
  await post('verify', { token: /\/account\/verify\?token=([\w-]+)/.exec(mail ?? '')?.[1] });
  const tsx = path.join('node_modules', 'tsx', 'dist', 'cli.mjs');
  spawnSync(process.execPath, [tsx, 'scripts/users.ts', 'grant', email, 'staff'], {
    env: { ...process.env, LEADS_DB: database },
    stdio: 'ignore',
  });
  const cookies = (await post('login', { email, password })).headers.getSetCookie();
  const context = await browser.newContext();
  await context.addCookies(
    cookies.map((cookie) => {
      const [name, ...value] = cookie.split(';')[0].split('=');
      return { name, value: value.join('='), url: base };
    }),
  );
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  });
  await page.goto(`${base}/admin/flows/client/edit`, { waitUntil: 'networkidle' });
  await page.locator('.cm-editor').waitFor();
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  for (const body of bodies) bytes += gz(await body.catch(() => Buffer.alloc(0)));
  await context.close();
  return bytes;
}
try {
  console.log(
    `framework floor (bare Next page: ${floorFiles.length} root main files): ${kib(floor).toFixed(1)} KiB gzip`,
  );
  console.log(
    'page                 JS gzip KiB   over floor   ratio to floor   budget (+60 KiB)   with idle prefetch (over floor)   after first touch (over floor)',
  );
  for (const { path: pagePath, main, flows } of pages) {
    const page = await browser.newPage();
    const bodies = new Map(); // url → { start: epoch ms the request started, body }
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().startsWith(base))
        return;
      bodies.set(response.url(), {
        start: response.request().timing().startTime,
        body: response.body().catch(() => Buffer.alloc(0)),
      });
    });
    await page.goto(base + pagePath, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    // When the first questionnaire prefetch started (epoch ms), if one did.
    const prefetchAt = await page.evaluate(() => {
      const [first] = performance.getEntriesByName('flow-island:prefetch');
      return first ? performance.timeOrigin + first.startTime : Infinity;
    });
    const sum = async (before = Infinity) => {
      let bytes = 0;
      for (const { start, body } of bodies.values()) if (start < before) bytes += gz(await body);
      return bytes;
    };
    const total = await sum(prefetchAt);
    const prefetched = await sum();
    // The questionnaire code arrives when the visitor reaches for the form: focus its first
    // control (the island fetches the renderer), then count again.
    await page.locator(`#form-${main} .flow-island`).locator('input, button').first().focus();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const touched = await sum();
    await page.close();
    const over = total - floor;
    const ok = kib(over) <= BUDGET_KIB;
    failed ||= !ok;
    const withIdle = `${kib(prefetched).toFixed(1).padStart(8)} (+${kib(prefetched - floor).toFixed(1)})`;
    console.log(
      `${pagePath.padEnd(20)} ${kib(total).toFixed(1).padStart(11)} ${kib(over).toFixed(1).padStart(12)} ${(total / floor).toFixed(2).padStart(16)}   ${ok ? 'ok  ' : 'OVER'}               ${withIdle.padEnd(30)}    ${kib(touched).toFixed(1).padStart(8)} (+${kib(touched - floor).toFixed(1)})  (${flows})`,
    );
  }
  const studio = await studioScripts();
  const studioColumns = [
    kib(studio).toFixed(1).padStart(11),
    kib(studio - floor)
      .toFixed(1)
      .padStart(12),
    (studio / floor).toFixed(2).padStart(16),
  ].join(' ');
  const beside = `${STUDIO_BEFORE_KIB} KiB before the visual editor, ratio ${(kib(studio) / STUDIO_BEFORE_KIB).toFixed(2)}`;
  console.log(
    `studio (staff)       ${studioColumns}   loaded on /admin/flows/client/edit only (${beside})`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
