/**
 * What a page asks of the site's flows (the runtime's catalogue, site/server/flows/site-flows.ts):
 * one flow by id, at its newest published version, or an error, because a page must not silently
 * lose its form.
 */
import type { ResolvedFlow } from '@/engine';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

/** The resolved flow, or an Error naming the flow. */
export async function loadSiteFlow(flowId: string): Promise<ResolvedFlow> {
  const flow = await siteRuntime().flows.flow(flowId);
  if (!flow) throw new Error(`Flow "${flowId}" is missing or invalid: run npm run flows -- check`);
  return flow;
}
