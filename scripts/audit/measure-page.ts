/**
 * Measures one page: Lighthouse scores and lab vitals (mobile preset: emulated phone,
 * simulated slow 4G and CPU slowdown), axe violations (WCAG 2.x A/AA rules), and what the page
 * loads until the network is idle: the gzipped size of every script and every stylesheet
 * (`<style>` elements inline in the HTML are not counted), and the size of every web font
 * (woff2/woff) as served.
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
  /** Stylesheet files only: styles inline in the HTML travel with the document. */
  cssGzipBytes: number;
  /** Every stylesheet loaded, with its gzipped size (for `--verbose`). */
  stylesheets: { url: string; gzipBytes: number }[];
  /** woff2/woff files, their bodies as served (already compressed: not gzipped again). */
  fontBytes: number;
  /** Every font loaded, with its size (for `--verbose`). */
  fonts: { url: string; bytes: number }[];
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

const isFont = (url: string, contentType: string) =>
  /\.woff2?$/i.test(new URL(url).pathname) || /^font\/woff2?\b/i.test(contentType);

/**
 * A fresh download of each file: the browser's own response body is empty when it answered
 * from its cache. Node's fetch undoes any Content-Encoding, so `body` is the file itself.
 */
async function download(urls: Iterable<string>) {
  return Promise.all(
    [...urls].map(async (url) => {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      return { url: new URL(url).pathname, body };
    }),
  );
}

async function loadsAndAxe(url: string, withAxe: boolean) {
  const context = await (await playwrightBrowser()).newContext();
  const page = await context.newPage();
  const scriptUrls = new Set<string>();
  const stylesheetUrls = new Set<string>();
  const fontUrls = new Set<string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script') scriptUrls.add(response.url());
    else if (type === 'stylesheet') stylesheetUrls.add(response.url());
    else if (isFont(response.url(), response.headers()['content-type'] ?? ''))
      fontUrls.add(response.url());
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  const gzipped = async (urls: Set<string>) =>
    (await download(urls)).map(({ url, body }) => ({ url, gzipBytes: gzipSync(body).length }));
  const scripts = await gzipped(scriptUrls);
  const stylesheets = await gzipped(stylesheetUrls);
  // Fonts are compressed files the server sends as they are (Next compresses no font/woff*
  // response), so the body's length is what crosses the network.
  const fonts = (await download(fontUrls)).map(({ url, body }) => ({ url, bytes: body.length }));
  const sum = <T>(items: T[], size: (item: T) => number) =>
    items.reduce((total, item) => total + size(item), 0);
  const jsGzipBytes = sum(scripts, (script) => script.gzipBytes);
  const cssGzipBytes = sum(stylesheets, (stylesheet) => stylesheet.gzipBytes);
  const fontBytes = sum(fonts, (font) => font.bytes);
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
  return {
    jsGzipBytes,
    scripts,
    cssGzipBytes,
    stylesheets,
    fontBytes,
    fonts,
    axeViolations,
  };
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
  const { axeViolations, ...loads } = await loadsAndAxe(url, options.lighthouse);
  if (!options.lighthouse) {
    return {
      scores: { performance: 0, accessibility: 0, bestPractices: 0, seo: 0 },
      vitals: { lcp: 0, cls: 0, tbt: 0, fcp: 0 },
      performanceRange: [0, 0],
      failedAudits: [],
      axeViolations,
      ...loads,
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
  return { ...median, performanceRange, axeViolations, ...loads, load };
}
