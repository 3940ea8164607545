/**
 * The site's flows, from the server's own registry (site/server/flows/site-flow-registry.ts),
 * so the browser tests expect what the server renders and accepts. The registry runs in a child
 * process, once per test process: Playwright's ESM loader cannot import the engine's loader,
 * whose JSON schema imports carry no import attribute.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ResolvedFlow } from '@/engine/types';

let flows: Record<string, ResolvedFlow> | undefined;

function siteFlows(): Record<string, ResolvedFlow> {
  flows ??= (
    JSON.parse(
      execFileSync(
        path.join(process.cwd(), 'node_modules/.bin/tsx'),
        ['tests/e2e/flows/support/print-site-flows.ts'],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      ),
    ) as { flows: Record<string, ResolvedFlow> }
  ).flows;
  return flows;
}

export function repoFlow(id: string): ResolvedFlow {
  const flow = Object.hasOwn(siteFlows(), id) ? siteFlows()[id] : undefined;
  if (!flow) throw new Error(`flow ${id} is missing or invalid: run npm run flows -- check`);
  return flow;
}
