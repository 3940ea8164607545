/**
 * Every publish reaches every page: 30 publishes of the client questionnaire in a row, new texts
 * and old versions published again in turn, against two instances sharing PostgreSQL (the
 * production server and `next start` on the same build). After each one, every page that hosts
 * the flow and `/api/flows/client` on both instances serve the new version within 10 s, and a
 * visitor who opened a page before the publish still finishes on the version they saw.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getContentSource } from '@/site/content/get-content-source';
import { REVISION_ATTRIBUTE } from '@/site/flows/flow-revision-marks.mjs';
import { flowPlacements } from '@/site/flows/flow-placements';
import { openMigrated, type SiteDatabase } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { ensureBuild } from './support/leads-build';
import { startLeadsServer, type LeadsServer } from './support/leads-server';
import { submittingPaths } from './support/sample-leads';
import { serverDatabase } from './support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

const FLOW = 'client';
const PUBLISHES = 30;
const WITHIN_MS = 10_000;
const source = readFileSync(path.join(FLOWS_DIR, `${FLOW}.json`), 'utf8');
const title = (JSON.parse(source) as { title: string }).title;

/** The versions of the flow a page was drawn with (one, unless the page is inconsistent). */
async function pageVersions(url: string): Promise<number[]> {
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const pattern = new RegExp(`${REVISION_ATTRIBUTE}="${FLOW}@(\\d+):`, 'g');
  return [...new Set([...html.matchAll(pattern)].map((m) => Number(m[1])))];
}

async function jsonVersion(url: string): Promise<number> {
  return ((await (await fetch(url)).json()) as { version: number }).version;
}

describe('30 publishes in a row', () => {
  const servers: LeadsServer[] = [];
  let site: SiteDatabase;
  let catalogue: FlowCatalogue;
  let pages: string[];

  beforeAll(async () => {
    await ensureBuild();
    const url = (await serverDatabase('postgres'))!;
    servers.push(await startLeadsServer({}, url, 'production-server'));
    servers.push(await startLeadsServer({}, url, 'next-start'));
    site = await openMigrated({ url, file: 'unused.sqlite' }, siteMigrations);
    // Another instance's studio: the same catalogue code, over the same database.
    catalogue = new FlowCatalogue({
      flowsDir: FLOWS_DIR,
      vars: VARS,
      files: loadFlowRegistry(FLOWS_DIR, VARS),
      database: () => Promise.resolve(site),
    });
    pages = (await flowPlacements(getContentSource(), loadFlowRegistry(FLOWS_DIR, VARS).flows))
      .filter((p) => p.flowId === FLOW)
      .map((p) => p.path);
    expect(pages.length).toBeGreaterThan(1);
  }, 600_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await site?.close();
  });

  it('reach every hosting page and /api/flows on both instances within 10 s, every time', async () => {
    const answers = submittingPaths(FLOW)[0]!.answers;
    const urls = servers.flatMap((s) => [
      ...pages.map((p) => ({ kind: 'page' as const, url: `${s.url}${p}` })),
      { kind: 'json' as const, url: `${s.url}/api/flows/${FLOW}` },
    ]);
    const latencies: number[] = [];
    // Visitors loading the pages all along, so renders of the old version are under way as each
    // publish lands (what once left a page on the old version until the next publish).
    let loading = true;
    let loads = 0;
    const browsing = Promise.all(
      urls.map(async ({ url }) => {
        while (loading) {
          await (await fetch(url, { headers: { accept: 'text/html' } })).arrayBuffer();
          loads++;
        }
      }),
    );
    for (let i = 1; i <= PUBLISHES; i++) {
      // Visitors on each page of each instance, mid-flow on the version they were shown.
      const visitors = await Promise.all(
        servers.flatMap((s) =>
          pages.map(async (p) => ({
            server: s,
            version: (await pageVersions(`${s.url}${p}`))[0]!,
          })),
        ),
      );
      const versions = await catalogue.versions(FLOW);
      // Odd: an old version published again (the rollback); even: a new text.
      const text =
        i % 2 === 1 && versions.length > 1
          ? (await catalogue.versionSource(
              FLOW,
              versions[1 + (i % (versions.length - 1))]!.version,
            ))!
          : source.replace(JSON.stringify(title), JSON.stringify(`${title}, take ${i}`));
      const published = await catalogue.publish(FLOW, text, {
        author: 'ann@example.com',
        note: `publish ${i}`,
      });
      if (!published.ok) throw new Error(JSON.stringify(published.diagnostics));
      const at = Date.now();
      const late: string[] = [];
      await Promise.all(
        urls.map(async ({ kind, url }) => {
          for (;;) {
            const served = kind === 'json' ? [await jsonVersion(url)] : await pageVersions(url);
            if (served.length === 1 && served[0] === published.version) return;
            if (Date.now() - at > WITHIN_MS) {
              late.push(`${url} serves ${served.join(',')} (publish ${i}: ${published.version})`);
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }),
      );
      expect(late).toEqual([]);
      latencies.push(Date.now() - at);
      // The visitors finish on the version they saw.
      const leads = await Promise.all(
        visitors.map(({ server, version }) =>
          fetch(`${server.url}/api/leads/${FLOW}?version=${version}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ answers, page: { uri: `${server.url}/`, name: 'home' } }),
          }),
        ),
      );
      expect(leads.map((r) => r.status)).toEqual(visitors.map(() => 202));
    }
    loading = false;
    await browsing;
    latencies.sort((a, b) => a - b);
    console.log(
      `${PUBLISHES} publishes: every page on both instances within ` +
        `median ${latencies[latencies.length >> 1]} ms, max ${latencies.at(-1)} ms ` +
        `(${loads} page loads meanwhile)`,
    );
  }, 900_000);
});
