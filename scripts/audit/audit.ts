/**
 * `npm run audit`: Lighthouse (mobile preset) and axe in Chromium over one page per template,
 * against the production build, with the gzipped JavaScript each page loads compared to a
 * bare Next page (one layout, one static page) built and measured in the same run, the
 * gzipped stylesheets (files only, not inline styles) and the web fonts (as served) it loads.
 *
 *   npm run audit                 audit the build in NEXT_DIST_DIR (builds it when missing)
 *   npm run audit -- --build      rebuild first and report the build time and page count
 *   npm run audit -- --runs 5     Lighthouse runs per page (median kept, range printed; default 3)
 *   npm run audit -- --verbose    also list every script, stylesheet and font each page loads
 *   npm run audit -- --write-js-baseline
 *                                 write this run's "+bare KiB" figures to js-baseline.json
 *
 * Budgets (issue 7): performance ≥ 95, accessibility / best practices / SEO = 100, axe 0
 * violations, content templates ≤ 20 KiB gzip JS above the bare page; fonts ≤ 60 KiB per page;
 * each template's JS above the bare page ≤ its figure in js-baseline.json + 2 KiB.
 * Exits 1 when one fails.
 *
 * js-baseline.json: each template's "+bare KiB" figure before the visual identity work, that
 * is at 5c14f6d (1e3bb89^, "README: npm run screenshots", 2026-11-25, the commit before the
 * typeface), measured on 2026-11-25 with this audit's scripts/audit/*.ts copied into a worktree
 * of that commit (same node_modules, so the same Next and the same bare page: 132.2 KiB). The
 * figures were the same in two runs. To measure them again:
 *
 *   git worktree add /work/audit-base 1e3bb89^
 *   cp -al node_modules /work/audit-base/node_modules
 *   cp scripts/audit/*.ts /work/audit-base/scripts/audit/
 *   (cd /work/audit-base && npm run audit -- --build --runs 1 --write-js-baseline)
 *   cp /work/audit-base/scripts/audit/js-baseline.json scripts/audit/
 *   git worktree remove --force /work/audit-base
 *
 * and update this note. A template missing from the file has no such budget ("-").
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from '@/site/env';
import { closeBrowsers, measurePage, type PageMeasure } from './measure-page';
import { templatePages } from './templates';

const nextBin = path.resolve('node_modules/next/dist/bin/next');
const distDir = env.NEXT_DIST_DIR;
const bareDir = path.resolve('.next-audit-bare');
const JS_BUDGET_KIB = 20;
const FONT_BUDGET_KIB = 60;
/** How far a template's JS above the bare page may grow past its js-baseline.json figure. */
const JS_BASELINE_SLACK_KIB = 2;
const jsBaselineFile = fileURLToPath(new URL('js-baseline.json', import.meta.url));

/** Template name → KiB of gzip JS above the bare page (see the top of this file). */
function readJsBaseline(): Record<string, number> {
  if (!existsSync(jsBaselineFile)) return {};
  return JSON.parse(readFileSync(jsBaselineFile, 'utf8')) as Record<string, number>;
}

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
  rows: {
    template: string;
    path: string;
    measure: PageMeasure;
    extra: number;
    jsLimit: number | undefined;
  }[],
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
    'base+2',
    'CSS gz KiB',
    'font KiB',
    'load',
  ];
  const widths = [15, 50, 5, 7, 5, 5, 5, 4, 7, 6, 7, 7, 10, 9, 6, 10, 8, 4];
  console.log(header.map((cell, index) => pad(cell, widths[index]!)).join(' '));
  for (const { template, path: route, measure, extra, jsLimit } of rows) {
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
      jsLimit === undefined ? '-' : jsLimit.toFixed(1),
      kib(measure.cssGzipBytes),
      kib(measure.fontBytes),
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
    const bareMeasure = await measurePage(`${bare.origin}/`, { lighthouse: true, runs });
    console.log(
      `Bare Next page: ${kib(bareMeasure.jsGzipBytes)} KiB gzip JS; Lighthouse median of ${runs} runs\n`,
    );
    const jsBaseline = readJsBaseline();
    const rows: (Parameters<typeof printTable>[0][number] & { content: boolean })[] = [
      {
        template: 'bare Next page',
        path: '/ (bare app)',
        content: false,
        measure: bareMeasure,
        extra: 0,
        jsLimit: undefined,
      },
    ];
    for (const target of targets) {
      const measure = await measurePage(`${site.origin}${target.path}`, { lighthouse: true, runs });
      const base = jsBaseline[target.template];
      rows.push({
        ...target,
        measure,
        extra: measure.jsGzipBytes - bareMeasure.jsGzipBytes,
        jsLimit: base === undefined ? undefined : base + JS_BASELINE_SLACK_KIB,
      });
    }
    printTable(rows);
    if (process.argv.includes('--verbose')) {
      for (const { template, measure } of rows) {
        console.log(`\n${template}:`);
        for (const script of measure.scripts)
          console.log(`  ${kib(script.gzipBytes).padStart(6)} KiB gz  ${script.url}`);
        for (const stylesheet of measure.stylesheets)
          console.log(`  ${kib(stylesheet.gzipBytes).padStart(6)} KiB gz  ${stylesheet.url}`);
        for (const font of measure.fonts)
          console.log(`  ${kib(font.bytes).padStart(6)} KiB     ${font.url}`);
      }
    }
    if (process.argv.includes('--write-js-baseline')) {
      const figures = Object.fromEntries(
        rows.slice(1).map(({ template, extra }) => [template, Number(kib(extra))]),
      );
      writeFileSync(jsBaselineFile, `${JSON.stringify(figures, null, 2)}\n`);
      console.log(`\nWrote ${path.relative(process.cwd(), jsBaselineFile)}`);
    }

    const failures: string[] = [];
    for (const { template, measure, extra, content, jsLimit } of rows.slice(1)) {
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
      if (jsLimit !== undefined && extra > jsLimit * 1024)
        failures.push(
          `${template}: ${kib(extra)} KiB JS above the bare page > ${jsLimit.toFixed(1)} KiB ` +
            `(js-baseline.json + ${JS_BASELINE_SLACK_KIB} KiB)`,
        );
      if (measure.fontBytes > FONT_BUDGET_KIB * 1024)
        failures.push(
          `${template}: ${kib(measure.fontBytes)} KiB of fonts > ${FONT_BUDGET_KIB} KiB`,
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
