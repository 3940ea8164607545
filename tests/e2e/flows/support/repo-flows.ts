/**
 * The site's flows as the server under test serves them, and where the site places them
 * (site/flows/flow-placements.ts), so the browser tests expect what the server renders and
 * accepts. Both are read in a child process, once per test process: Playwright's ESM loader
 * cannot import the engine's loader, whose JSON schema imports carry no import attribute.
 *
 * By default the server runs on a fresh database, seeded with the flows folder: the files are
 * what it serves. Given a database of its own (`E2E_LEADS_DB`, a copy of the site's, or
 * `DATABASE_URL`), the server runs on it and the walks follow its live versions, read from the
 * catalogue before the run as after it.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ResolvedFlow } from '@/engine/types';
import type { FlowPlacement } from '@/site/flows/flow-placements';
import { e2eDatabase } from '../../support/run-dir';

interface SiteFlows {
  flows: Record<string, ResolvedFlow>;
  placements: FlowPlacement[];
  /** What the flows were read from: `files flows/`, or `database …`. */
  source: string;
}

/** Whether the run's server uses a database given to it (whose live versions are walked). */
export function liveDatabase(): boolean {
  return Boolean(process.env.E2E_LEADS_DB || process.env.DATABASE_URL);
}

let site: SiteFlows | undefined;

function siteFlows(): SiteFlows {
  site ??= JSON.parse(
    execFileSync(
      path.join(process.cwd(), 'node_modules/.bin/tsx'),
      ['tests/e2e/flows/support/print-site-flows.ts', ...(liveDatabase() ? ['--live'] : [])],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, LEADS_DB: e2eDatabase() },
      },
    ),
  ) as SiteFlows;
  return site;
}

export function repoFlow(id: string): ResolvedFlow {
  const { flows } = siteFlows();
  const flow = Object.hasOwn(flows, id) ? flows[id] : undefined;
  if (!flow) throw new Error(`flow ${id} is missing or invalid: run npm run flows -- check`);
  return flow;
}

/** Every valid flow of the site, by id. */
export function repoFlows(): Readonly<Record<string, ResolvedFlow>> {
  return siteFlows().flows;
}

/** Every placement of a flow on the site's pages and shell. */
export function sitePlacements(): readonly FlowPlacement[] {
  return siteFlows().placements;
}
