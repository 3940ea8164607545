/* global window, document, addEventListener, dispatchEvent, MutationObserver, requestAnimationFrame, MessageChannel, performance, Event -- functions run in the page */
// `npm run bench:first-press`: what a visitor on a mid-range phone waits for at their first press
// on a questionnaire (issue #37), measured from outside on the production build in Chromium:
// CPU slowed 4×, slow 4G (150 ms round trip, 1.6 Mbit/s both ways, no cache), a 412×915 touch
// screen. On each placement, once the page has loaded and gone idle, the visitor scrolls the
// questionnaire into view (a question below the fold is read before it is answered), reads for
// READ_MS, then presses the first step's first option (a choice step) or taps its first field and
// types (a fields step). It reports,
// as the median of VISITS fresh visits:
// - the next question on screen: from the press's pointerdown (its event timeStamp) until the
//   flow's step question reads another question, one frame later (after that frame's paint);
// - the press's INP, by the web-vitals attribution build (input delay, processing, presentation),
//   flushed by a visibility change once the next question shows;
// - the bytes fetched after the press (gzip bodies as sent: CDP loadingFinished less headers) and
//   the five largest files, until the next question shows and the network is quiet.
// The floor is the same press in a bare Next app built once into a temporary folder (one client
// component whose button changes a heading), served by the same `next` in the same run, so the
// ratios hold on a busy machine where the milliseconds do not. Bytes do not depend on the CPU.
// "Before" is the site as it was before issue #37's changes (commit BEFORE_COMMIT, or the commit
// FIRST_PRESS_BEFORE names; FIRST_PRESS_BEFORE=none leaves it out): its files are taken from git
// into .next-first-press-before/<commit> and built there once (about 8 minutes), then served beside
// the current build, and every round visits the floor, then each placement before and after.
// A measurement, not a test: it exits 0 whatever the figures. Uses the build in NEXT_DIST_DIR
// (default .next), building first when there is none. VISITS=n changes the number of visits.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  openSync,
  realpathSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const VISITS = Number(process.env.VISITS || 5);
const BUDGET = { nextMs: 300, kib: 45, inpMs: 200 };
// A mid-range phone: Lighthouse's mobile throttling (4× CPU, 150 ms, 1.6 Mbit/s) on a Pixel-sized
// screen. 1.6 Mbit/s = 200,000 bytes/s, the unit CDP takes.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 200_000,
};
const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.6,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};
/** How long the visitor reads the question, once in view, before pressing. */
const READ_MS = 1_000;
/** The network is quiet once no request started after the press is open for this long. */
const QUIET_MS = 500;
const placements = [
  { name: '/', path: '/', form: 'client' },
  { name: '/grant-service', path: '/grant-service', form: 'grants' },
  { name: '/careers', path: '/careers', form: 'careers' },
];
const floorPlacement = { name: 'floor (bare Next)', path: '/', form: 'floor' };
/** The last commit before the first press was reworked (issue #37). */
const BEFORE_COMMIT = '621fc37a421ddac8379b40cfdbfc8ff5cfc5433e';
const beforeRef = process.env.FIRST_PRESS_BEFORE || BEFORE_COMMIT;

const distDir = process.env.NEXT_DIST_DIR || '.next';
const nextBin = path.resolve('node_modules', 'next', 'dist', 'bin', 'next');
const webVitalsFile = path.resolve(
  'node_modules',
  'web-vitals',
  'dist',
  'web-vitals.attribution.iife.js',
);
const loadAtStart = loadavg();

/**
 * Builds `distDir` in `cwd` unless it holds a build, under the shared build lock when flock is
 * there: other builds run on this machine, and one may finish while this one waits for the lock.
 */
function build(cwd, distDir, env) {
  const locked = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  const unlessBuilt = [
    'sh',
    '-c',
    '[ -f "$0/BUILD_ID" ] || exec "$1" "$2" build',
    distDir,
    process.execPath,
    nextBin,
  ];
  const [command, args] = locked
    ? ['flock', ['/tmp/e2e.lock', ...unlessBuilt]]
    : [unlessBuilt[0], unlessBuilt.slice(1)];
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The floor app: one page, one client component, nothing else. Built once per Next version into
// the temporary folder (about 30 s) and reused. Its node_modules is this project's, so it runs the
// same Next and React; Turbopack's root is `/` so that link may point outside the folder.
const floorFiles = {
  'package.json': '{ "name": "first-press-floor", "private": true }\n',
  'next.config.mjs': "export default { turbopack: { root: '/' } };\n",
  'app/layout.jsx':
    'export default function Layout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n',
  'app/page.jsx':
    "import { Press } from './press';\nexport default function Page() {\n  return <main><Press /></main>;\n}\n",
  'app/press.jsx': `'use client';
import { useState } from 'react';
export function Press() {
  const [step, setStep] = useState(1);
  return (
    <div id="form-floor">
      <h4 className="flow-step__question">{step === 1 ? 'What phase is your business in?' : 'How much capital do you need?'}</h4>
      <button type="button" className="flow-option" onClick={() => setStep(2)}>Start-up</button>
    </div>
  );
}
`,
};
function floorApp() {
  const version = JSON.parse(readFileSync('node_modules/next/package.json', 'utf8')).version;
  const hash = createHash('sha256').update(JSON.stringify(floorFiles)).digest('hex').slice(0, 10);
  const dir = path.join(tmpdir(), `bench-first-press-floor-${version}-${hash}`);
  if (existsSync(path.join(dir, '.next', 'BUILD_ID'))) return dir;
  console.log(`Building the floor app (a bare Next page) once into ${dir}`);
  for (const [file, text] of Object.entries(floorFiles)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) {
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  }
  build(dir, '.next', { NEXT_DIST_DIR: '.next' });
  return dir;
}

/**
 * The site at `ref`, built once into .next-first-press-before/<commit> (ignored by git, lint and
 * typecheck like every `.next-*` folder). Its package-lock.json is left out and node_modules is
 * this project's, so Turbopack takes this project as its root and builds with today's packages:
 * the comparison is of the site's code, not of dependency updates. Null when git cannot give it.
 */
function beforeApp(ref) {
  if (ref === 'none') return null;
  const sha = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
    encoding: 'utf8',
  }).stdout?.trim();
  if (!sha) {
    console.log(`No commit ${ref} in this clone: "before" is left out.`);
    return null;
  }
  const dir = path.resolve('.next-first-press-before', sha.slice(0, 12));
  // Its real path: a server started through a link resolves its build's files elsewhere.
  if (existsSync(path.join(dir, '.next', 'BUILD_ID'))) return realpathSync(dir);
  console.log(`Building the site as it was at ${sha.slice(0, 12)} ("before") into ${dir}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    const archive = spawnSync('sh', ['-c', 'git archive "$1" | tar -x -C "$0"', dir, sha], {
      stdio: 'inherit',
    });
    if (archive.status !== 0) process.exit(archive.status ?? 1);
    rmSync(path.join(dir, 'package-lock.json'), { force: true });
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  }
  build(dir, '.next', { NEXT_DIST_DIR: '.next' });
  return realpathSync(dir);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function ready(base, log) {
  for (let i = 0; ; i++) {
    try {
      if ((await globalThis.fetch(base)).ok) return;
    } catch {
      if (i > 300) {
        const said = log && existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
        throw new Error(`${base} did not start${said ? `; it printed:\n${said}` : ''}`);
      }
    }
    await sleep(200);
  }
}

/** Runs in the page before its scripts: web-vitals' INP reports land in `__firstPress.inp`. */
const pageSetup = `${readFileSync(webVitalsFile, 'utf8')}
;window.__firstPress = { inp: [], final: [], start: null, shown: null };
webVitals.onINP((metric) => window.__firstPress.inp.push({
  value: metric.value,
  inputDelay: metric.attribution.inputDelay,
  processing: metric.attribution.processingDuration,
  presentation: metric.attribution.presentationDelay,
  type: metric.attribution.interactionType,
  target: metric.attribution.interactionTarget,
}), { reportAllChanges: true, durationThreshold: 16 });
// Without reportAllChanges web-vitals reports only when the page is hidden: proof the flush works.
webVitals.onINP((metric) => window.__firstPress.final.push(metric.value), { durationThreshold: 16 });`;

/**
 * In the page, once it is idle: the press's start (the first pointerdown or keydown's timeStamp)
 * and the moment the question in `#form-{form}` reads another question, taken one frame after the
 * mutation (a message posted from requestAnimationFrame runs after that frame is painted).
 */
function watchQuestion(form) {
  const state = window.__firstPress;
  const slot = document.getElementById(`form-${form}`);
  const question = () => slot.querySelector('.flow-step__question')?.textContent?.trim() ?? '';
  const first = question();
  for (const type of ['pointerdown', 'keydown']) {
    addEventListener(type, (event) => (state.start ??= event.timeStamp), {
      capture: true,
      once: true,
    });
  }
  const observer = new MutationObserver(() => {
    const now = question();
    if (!now || now === first) return;
    observer.disconnect();
    state.next = now;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (state.shown = performance.now());
      channel.port2.postMessage(0);
    });
  });
  observer.observe(slot, { subtree: true, childList: true, characterData: true });
  const option = slot.querySelector('.flow-option');
  const field = slot.querySelector('input:not([type=hidden]), textarea, select');
  return {
    question: first,
    control: option ? 'option' : field ? 'field' : null,
    label: option?.textContent?.trim() ?? field?.getAttribute('name') ?? '',
  };
}

/** Hides the page as far as web-vitals can tell, which makes it report the INP it holds. */
function hidePage() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  Object.defineProperty(document, 'hidden', { value: true, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  dispatchEvent(new Event('pagehide'));
}

async function visit(browser, base, placement) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript({ content: pageSetup });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let pressed = false;
  const requests = new Map(); // requestId → { url, headers, bytes, done } for requests after the press
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (pressed && !requests.has(requestId))
      requests.set(requestId, { url: request.url, headers: 0, bytes: 0, done: false });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const r = requests.get(requestId);
    if (r) r.headers = response.encodedDataLength ?? 0;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r)
      Object.assign(r, {
        bytes: Math.max(0, encodedDataLength - r.headers),
        wire: encodedDataLength,
        done: true,
      });
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    const r = requests.get(requestId);
    if (r) r.done = true;
  });
  try {
    await page.goto(base + placement.path, { waitUntil: 'networkidle', timeout: 120_000 });
    const slot = page.locator(`#form-${placement.form}`);
    await slot.locator('.flow-step__question').first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(READ_MS);
    const step = await page.evaluate(watchQuestion, placement.form);
    pressed = true;
    if (step.control === 'option') {
      await slot.locator('.flow-option').first().tap();
    } else if (step.control === 'field') {
      await slot.locator('input:not([type=hidden]), textarea, select').first().tap();
      await page.keyboard.type('a');
    } else {
      throw new Error(`${placement.path}: no option or field in #form-${placement.form}`);
    }
    // A fields step shows no other question until the visitor fills it and goes on: its figure
    // is then the press's INP and bytes only.
    const shown =
      step.control === 'option'
        ? await page
            .waitForFunction(() => window.__firstPress.shown !== null, null, { timeout: 30_000 })
            .then(
              () => true,
              () => false,
            )
        : false;
    // The bytes the press brought: wait until nothing it started is still open.
    let quietSince = Date.now();
    for (const until = Date.now() + 10_000; Date.now() < until; await sleep(50)) {
      if ([...requests.values()].some((r) => !r.done)) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) break;
    }
    const inpBeforeFlush = await page.evaluate(() => window.__firstPress.inp.length);
    await page.evaluate(hidePage);
    await page.waitForTimeout(200);
    const result = await page.evaluate(() => window.__firstPress);
    const inp = result.inp.at(-1);
    return {
      step,
      nextMs: shown && result.start !== null ? result.shown - result.start : null,
      nextQuestion: result.next,
      inp,
      // Whether web-vitals reported before the flush, or only once the page was hidden.
      inpBefore: inpBeforeFlush > 0,
      flushed: result.final.length > 0,
      bytes: [...requests.values()].reduce((sum, r) => sum + r.bytes, 0),
      files: [...requests.values()].filter((r) => r.done),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (v) => (v === null ? '—' : `${Math.round(v)}`);
const kib = (bytes) => bytes / 1024;
const ratio = (v, floor) => (v === null || !floor ? '—' : `${(v / floor).toFixed(1)}×`);
const mark = (v, budget) => (v === null ? '' : v <= budget ? ' ok' : ' OVER');

if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  console.log(`No build in ${distDir}: building first.`);
  build(process.cwd(), distDir, { NEXT_DIST_DIR: distDir });
}
const floorDir = floorApp();
const beforeDir = beforeApp(beforeRef);

const [sitePort, floorPort, beforePort] = [await freePort(), await freePort(), await freePort()];
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-first-press-'));
/**
 * The site's production server on `port`, from `cwd`'s build, on a database of its own; what it
 * prints goes to <name>.log in the run's data folder, shown when it does not start.
 */
const siteServer = (cwd, dist, port, name) =>
  spawn(
    process.execPath,
    [path.join(cwd, 'scripts', 'serve.mjs'), '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd,
      env: {
        ...process.env,
        NEXT_DIST_DIR: dist,
        LEADS_DB: path.join(dataDir, `${name}.sqlite`),
        MAIL_DIR: path.join(dataDir, `${name}-mail`),
      },
      stdio: ['ignore', openSync(path.join(dataDir, `${name}.log`), 'w'), 'inherit'],
    },
  );
const servers = [
  siteServer(process.cwd(), distDir, sitePort, 'after'),
  ...(beforeDir ? [siteServer(beforeDir, '.next', beforePort, 'before')] : []),
  spawn(
    process.execPath,
    [nextBin, 'start', '--port', String(floorPort), '--hostname', '127.0.0.1'],
    {
      cwd: floorDir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '.next' },
      stdio: 'ignore',
    },
  ),
];
const siteBase = `http://127.0.0.1:${sitePort}`;
const floorBase = `http://127.0.0.1:${floorPort}`;
const beforeBase = `http://127.0.0.1:${beforePort}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});

try {
  await Promise.all([
    ready(siteBase, path.join(dataDir, 'after.log')),
    ready(floorBase),
    ...(beforeDir ? [ready(beforeBase, path.join(dataDir, 'before.log'))] : []),
  ]);
  // Each placement before (when built) and after, side by side.
  const all = [
    floorPlacement,
    ...placements.flatMap((p) => [
      ...(beforeDir ? [{ ...p, name: `${p.name} before`, base: beforeBase, before: true }] : []),
      { ...p, name: beforeDir ? `${p.name} after` : p.name, base: siteBase },
    ]),
  ];
  const runs = new Map(all.map((p) => [p, []]));
  // Visits go round the placements so that a burst of load on the machine falls on all of them.
  for (let round = 1; round <= VISITS; round++) {
    process.stdout.write(`visit ${round}/${VISITS}:`);
    for (const placement of all) {
      const base = placement === floorPlacement ? floorBase : placement.base;
      const run = await visit(browser, base, placement).catch((error) => ({ error }));
      if (run.error) console.log(`\n  ${placement.name}: ${run.error.message.split('\n')[0]}`);
      else runs.get(placement).push(run);
      process.stdout.write(` ${placement.name} ${ms(run.nextMs ?? null)} ms`);
    }
    process.stdout.write('\n');
  }

  const summary = new Map(
    all.map((p) => {
      const list = runs.get(p);
      const inps = list.map((r) => r.inp).filter(Boolean);
      return [
        p,
        {
          visits: list.length,
          step: list[0]?.step,
          nextQuestion: list.find((r) => r.nextQuestion)?.nextQuestion,
          nextMs: median(list.map((r) => r.nextMs)),
          inp: median(inps.map((i) => i.value)),
          inputDelay: median(inps.map((i) => i.inputDelay)),
          processing: median(inps.map((i) => i.processing)),
          presentation: median(inps.map((i) => i.presentation)),
          inpReports: inps.length,
          reportedBefore: list.filter((r) => r.inp && r.inpBefore).length,
          flushed: list.filter((r) => r.flushed).length,
          bytes: median(list.map((r) => r.bytes)),
          // The files of the visit whose byte count is the median's (or the nearest below).
          files: [...list].sort((a, b) => a.bytes - b.bytes)[(list.length - 1) >> 1]?.files ?? [],
        },
      ];
    }),
  );
  const floor = summary.get(floorPlacement);
  const load = loadavg();
  console.log(
    `\nFirst press, phone profile (CPU ${CPU_SLOWDOWN}× slower, ${NETWORK.latency} ms, 1.6 Mbit/s, no cache), median of ${VISITS} visits`,
  );
  console.log(
    `machine load (1/5/15 min): at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${load.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(
    `budgets: next question ≤ ${BUDGET.nextMs} ms, ≤ ${BUDGET.kib} KiB gzip after the press, INP ≤ ${BUDGET.inpMs} ms (held against "after")`,
  );
  console.log(
    beforeDir
      ? `before: the site at ${path.basename(beforeDir)} (${beforeRef === BEFORE_COMMIT ? 'the last commit before issue #37' : beforeRef}); after: this build (${distDir})\n`
      : 'before: not measured\n',
  );
  console.log(
    'placement              press                next question ms (×floor)   INP ms (×floor)   delay/processing/presentation   KiB after press',
  );
  for (const p of all) {
    const s = summary.get(p);
    // Budgets are marked on the site as it is now; "before" is shown for comparison.
    const isFloor = p === floorPlacement;
    const judged = !isFloor && !p.before;
    const label = s.step?.label.length > 10 ? `${s.step.label.slice(0, 9)}…` : s.step?.label;
    const press = s.step ? `${s.step.control} "${label}"` : '—';
    const next = `${ms(s.nextMs)}${isFloor ? '' : ` (${ratio(s.nextMs, floor.nextMs)})`}${judged ? mark(s.nextMs, BUDGET.nextMs) : ''}`;
    const inp = `${ms(s.inp)}${isFloor ? '' : ` (${ratio(s.inp, floor.inp)})`}${judged ? mark(s.inp, BUDGET.inpMs) : ''}`;
    const parts = `${ms(s.inputDelay)} / ${ms(s.processing)} / ${ms(s.presentation)}`;
    const bytes =
      s.bytes === null
        ? '—'
        : `${kib(s.bytes).toFixed(1)}${judged ? mark(kib(s.bytes), BUDGET.kib) : ''}`;
    console.log(
      `${p.name.padEnd(22)} ${press.padEnd(20)} ${next.padEnd(27)} ${inp.padEnd(17)} ${parts.padEnd(31)} ${bytes}`,
    );
  }
  console.log(
    `KiB: gzip bodies fetched after the press (the floor's ${kib(floor.bytes ?? 0).toFixed(1)} KiB is the bare page's), the one figure the CPU does not move`,
  );
  console.log(
    '\nper placement: visits measured, INP reports, next question, largest files after the press',
  );
  for (const p of all) {
    const s = summary.get(p);
    console.log(
      `${p.name}: ${s.visits}/${VISITS} visits, ${s.files.length} requests after the press (median visit), INP reported in ${s.inpReports} (${s.reportedBefore} before the visibility flush, ${s.inpReports - s.reportedBefore} only at it; the final report at the flush in ${s.flushed}); next: "${s.nextQuestion ?? '—'}"`,
    );
    const top = [...s.files].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
    for (const f of top) {
      const url = new URL(f.url);
      console.log(`  ${kib(f.bytes).toFixed(1).padStart(6)} KiB  ${url.pathname}${url.search}`);
    }
  }
} finally {
  await browser.close();
  for (const server of servers) server.kill('SIGTERM');
  await sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
