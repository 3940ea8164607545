/**
 * Measures one page: Lighthouse scores and lab vitals (mobile preset: emulated phone,
 * simulated slow 4G and CPU slowdown), axe violations (WCAG 2.x A/AA rules), and the gzipped
 * size of every script the page loads until the network is idle.
 */
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '@/tests/e2e/support/chromium';

export interface PageMeasure {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  vitals: { lcp: number; cls: number; tbt: number; fcp: number };
  /** Lowest and highest performance score of the runs (the median is in `scores`). */
  performanceRange: [number, number];
  /** Lighthouse audits below full marks in the accessibility, best-practices and SEO categories. */
  failedAudits: string[];
  axeViolations: string[];
  jsGzipBytes: number;
  /** Every script loaded, with its gzipped size (for `--verbose`). */
  scripts: { url: string; gzipBytes: number }[];
  /**
   * The machine's 1-minute load average as the page's runs started: Lighthouse's simulated
   * timings scale with the CPU time its trace observed, so a busy machine shows as noise.
   */
  load: number;
}

let browser: Browser | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;

async function playwrightBrowser() {
  browser ??= await chromium.launch(chromiumLaunchOptions());
  return browser;
}

async function lighthouseChrome() {
  const options = chromiumLaunchOptions();
  chrome ??= await chromeLauncher.launch({
    chromePath: options.executablePath,
    chromeFlags: ['--headless=new', ...(options.args ?? [])],
  });
  return chrome;
}

export async function closeBrowsers() {
  await browser?.close();
  chrome?.kill();
  browser = undefined;
  chrome = undefined;
}

process.on('exit', () => chrome?.kill());

async function scriptsAndAxe(url: string, withAxe: boolean) {
  const context = await (await playwrightBrowser()).newContext();
  const page = await context.newPage();
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // Sizes are taken from a fresh download of each script: the browser's own response body is
  // empty when it answered from its cache.
  const scripts = await Promise.all(
    [...urls].map(async (scriptUrl) => {
      const body = Buffer.from(await (await fetch(scriptUrl)).arrayBuffer());
      return { url: new URL(scriptUrl).pathname, gzipBytes: gzipSync(body).length };
    }),
  );
  const jsGzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  let axeViolations: string[] = [];
  if (withAxe) {
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    axeViolations = result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }
  await context.close();
  return { jsGzipBytes, axeViolations, scripts };
}

async function runLighthouse(url: string) {
  const { port } = await lighthouseChrome();
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (categories[category]?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter(
        (audit) =>
          audit &&
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== 'manual' &&
          audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => `${category}/${audit!.id}: ${audit!.title}`),
  );
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    vitals: {
      lcp: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbt: numeric('total-blocking-time'),
      fcp: numeric('first-contentful-paint'),
    },
    failedAudits,
  };
}

export async function measurePage(
  url: string,
  options: { lighthouse: boolean; runs?: number },
): Promise<PageMeasure> {
  const load = loadavg()[0]!;
  const { jsGzipBytes, axeViolations, scripts } = await scriptsAndAxe(url, options.lighthouse);
  if (!options.lighthouse) {
    return {
      scores: { performance: 0, accessibility: 0, bestPractices: 0, seo: 0 },
      vitals: { lcp: 0, cls: 0, tbt: 0, fcp: 0 },
      performanceRange: [0, 0],
      failedAudits: [],
      axeViolations,
      jsGzipBytes,
      scripts,
      load,
    };
  }
  // Lighthouse's own advice: take the median of several runs, the score varies run to run.
  const runs: Awaited<ReturnType<typeof runLighthouse>>[] = [];
  for (let run = 0; run < Math.max(1, options.runs ?? 1); run += 1)
    runs.push(await runLighthouse(url));
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  const median = runs[Math.floor(runs.length / 2)]!;
  const performanceRange: [number, number] = [
    runs[0]!.scores.performance,
    runs.at(-1)!.scores.performance,
  ];
  return { ...median, performanceRange, axeViolations, jsGzipBytes, scripts, load };
}
