/**
 * The site's flows, from the server's own registry (site/server/flows/site-flow-registry.ts),
 * and where the site places them (site/flows/flow-placements.ts), so the browser tests expect
 * what the server renders and accepts. Both are read in a child process, once per test
 * process: Playwright's ESM loader cannot import the engine's loader, whose JSON schema
 * imports carry no import attribute.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ResolvedFlow } from '@/engine/types';
import type { FlowPlacement } from '@/site/flows/flow-placements';

interface SiteFlows {
  flows: Record<string, ResolvedFlow>;
  placements: FlowPlacement[];
}

let site: SiteFlows | undefined;

function siteFlows(): SiteFlows {
  site ??= JSON.parse(
    execFileSync(
      path.join(process.cwd(), 'node_modules/.bin/tsx'),
      ['tests/e2e/flows/support/print-site-flows.ts'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
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
