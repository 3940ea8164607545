/**
 * The flows the site renders, loaded once per server process from `flows/` with the brand
 * substituted. Server-only (the engine's loader reads files and runs ajv): components get the
 * resolved flow, plain JSON, as props.
 */
import path from 'node:path';
import { loadFlows, type ResolvedFlow } from '@/engine';
import { siteConfig } from '@/site/config/site-config';

let cache: Record<string, ResolvedFlow> | undefined;

function siteFlows(): Record<string, ResolvedFlow> {
  if (!cache) {
    const loaded = loadFlows(path.join(process.cwd(), 'flows'), {
      brandName: siteConfig.brandName,
      brandSlug: siteConfig.brandSlug,
    });
    for (const d of loaded.diagnostics) {
      console.error(`flow diagnostic: ${d.file}${d.pointer}: ${d.message} (${d.hint})`);
    }
    cache = loaded.flows;
  }
  return cache;
}

/** The resolved flow, or an Error naming the flow (a page must not silently lose its form). */
export function loadSiteFlow(flowId: string): ResolvedFlow {
  const flow = Object.hasOwn(siteFlows(), flowId) ? siteFlows()[flowId] : undefined;
  if (!flow) throw new Error(`Flow "${flowId}" is missing or invalid: run npm run flows -- check`);
  return flow;
}

/** The ids of every flow that loaded without diagnostics. */
export function siteFlowIds(): string[] {
  return Object.keys(siteFlows());
}
