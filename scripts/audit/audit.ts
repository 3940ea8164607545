/**
 * `npm run audit`: Lighthouse (mobile preset) and axe in Chromium over one page per template,
 * against the production build, with the gzipped JavaScript each page loads compared to a
 * bare Next page (one layout, one static page) built and measured in the same run.
 *
 *   npm run audit                 audit the build in NEXT_DIST_DIR (builds it when missing)
 *   npm run audit -- --build      rebuild first and report the build time and page count
 *   npm run audit -- --runs 5     Lighthouse runs per page (median kept, range printed; default 3)
 *   npm run audit -- --verbose    also list every script each page loads
 *
 * Budgets (issue 7): performance ≥ 95, accessibility / best practices / SEO = 100, axe 0
 * violations, content templates ≤ 20 KiB gzip JS above the bare page. Exits 1 when one fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { env } from '@/site/env';
import { closeBrowsers, measurePage, type PageMeasure } from './measure-page';
import { templatePages } from './templates';

const nextBin = path.resolve('node_modules/next/dist/bin/next');
const distDir = env.NEXT_DIST_DIR;
const bareDir = path.resolve('.next-audit-bare');
const JS_BUDGET_KIB = 20;

const targets = templatePages;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function build(cwd: string, extraEnv: Record<string, string> = {}) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...extraEnv },
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    throw new Error(`next build failed in ${cwd}`);
  }
  const pages = /Generating static pages[^(]*\((\d+)\/\1\)/.exec(result.stdout)?.[1];
  return { seconds: (Date.now() - started) / 1000, pages: pages ? Number(pages) : undefined };
}

/** The bare Next page the JavaScript budget is measured against. */
function prepareBareApp() {
  mkdirSync(path.join(bareDir, 'app'), { recursive: true });
  const files: Record<string, string> = {
    'package.json': '{ "private": true }\n',
    'next.config.mjs': 'export default { poweredByHeader: false };\n',
    'app/layout.js':
      "export const metadata = { title: 'Bare' };\n" +
      'export default function Layout({ children }) {\n' +
      '  return (<html lang="en"><body>{children}</body></html>);\n}\n',
    'app/page.js': 'export default function Page() {\n  return <main><h1>Bare</h1></main>;\n}\n',
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(bareDir, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  }
  if (!existsSync(path.join(bareDir, '.next', 'BUILD_ID'))) build(bareDir);
}

/** Serves a build: the bare app with `next start`, the site with its own server (serve.mjs). */
async function start(cwd: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const server = cwd === bareDir ? [nextBin, 'start'] : [path.resolve('scripts', 'serve.mjs')];
  const child = spawn(
    process.execPath,
    [...server, '--port', String(port), '--hostname', '127.0.0.1'],
    { cwd, stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...extraEnv } },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(origin)).ok) return { child, origin };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error(`the server did not answer in ${cwd}`);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const pad = (value: string, width: number) => value.padEnd(width);

function printTable(
  rows: { template: string; path: string; measure: PageMeasure; extra: number }[],
) {
  const header = [
    'template',
    'path',
    'perf',
    'range',
    'a11y',
    'bp',
    'seo',
    'axe',
    'LCP ms',
    'CLS',
    'TBT ms',
    'FCP ms',
    'JS gz KiB',
    '+bare KiB',
    'load',
  ];
  const widths = [15, 41, 5, 7, 5, 5, 5, 4, 7, 6, 7, 7, 10, 9, 4];
  console.log(header.map((cell, index) => pad(cell, widths[index]!)).join(' '));
  for (const { template, path: route, measure, extra } of rows) {
    const cells = [
      template,
      route,
      String(measure.scores.performance),
      measure.performanceRange.join('-'),
      String(measure.scores.accessibility),
      String(measure.scores.bestPractices),
      String(measure.scores.seo),
      String(measure.axeViolations.length),
      measure.vitals.lcp.toFixed(0),
      measure.vitals.cls.toFixed(3),
      measure.vitals.tbt.toFixed(0),
      measure.vitals.fcp.toFixed(0),
      kib(measure.jsGzipBytes),
      kib(extra),
      measure.load.toFixed(1),
    ];
    console.log(cells.map((cell, index) => pad(cell, widths[index]!)).join(' '));
  }
}

async function main() {
  const rebuild = process.argv.includes('--build');
  const children: ChildProcess[] = [];
  const stopAll = () => children.forEach((child) => child.kill());
  process.on('exit', stopAll);
  try {
    if (rebuild || !existsSync(path.join(distDir, 'BUILD_ID'))) {
      const { seconds, pages } = build(process.cwd());
      console.log(`Build (${distDir}): ${seconds.toFixed(1)} s, ${pages ?? '?'} static pages`);
    }
    prepareBareApp();
    const bare = await start(bareDir);
    children.push(bare.child);
    const site = await start(process.cwd());
    children.push(site.child);

    const runsFlag = process.argv.indexOf('--runs');
    const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) || 3 : 3;
    // The bare page is audited too: its scores are the floor this machine and Next allow.
    const baseline = await measurePage(`${bare.origin}/`, { lighthouse: true, runs });
    console.log(
      `Bare Next page: ${kib(baseline.jsGzipBytes)} KiB gzip JS; Lighthouse median of ${runs} runs\n`,
    );
    const rows = [
      {
        template: 'bare Next page',
        path: '/ (bare app)',
        content: false,
        measure: baseline,
        extra: 0,
      },
    ];
    for (const target of targets) {
      const measure = await measurePage(`${site.origin}${target.path}`, { lighthouse: true, runs });
      rows.push({ ...target, measure, extra: measure.jsGzipBytes - baseline.jsGzipBytes });
    }
    printTable(rows);
    if (process.argv.includes('--verbose')) {
      for (const { template, measure } of rows) {
        console.log(`\n${template}:`);
        for (const script of measure.scripts)
          console.log(`  ${kib(script.gzipBytes).padStart(6)} KiB  ${script.url}`);
      }
    }

    const failures: string[] = [];
    for (const { template, measure, extra, content } of rows.slice(1)) {
      const { performance, accessibility, bestPractices, seo } = measure.scores;
      if (performance < 95) failures.push(`${template}: performance ${performance} < 95`);
      if (accessibility < 100) failures.push(`${template}: accessibility ${accessibility} < 100`);
      if (bestPractices < 100) failures.push(`${template}: best practices ${bestPractices} < 100`);
      if (seo < 100) failures.push(`${template}: SEO ${seo} < 100`);
      for (const violation of measure.axeViolations) failures.push(`${template}: axe ${violation}`);
      for (const audit of measure.failedAudits) failures.push(`${template}: lighthouse ${audit}`);
      if (content && extra > JS_BUDGET_KIB * 1024)
        failures.push(
          `${template}: ${kib(extra)} KiB JS above the bare page > ${JS_BUDGET_KIB} KiB`,
        );
    }
    console.log(
      failures.length ? `\nBudget misses:\n  ${failures.join('\n  ')}` : '\nEvery budget met.',
    );
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await closeBrowsers();
    stopAll();
  }
}

await main();
