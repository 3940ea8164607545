/**
 * What a page asks of the site's flows (site/server/flows/site-flows.ts): one flow by id, at its
 * newest published version, or an error, because a page must not silently lose its form.
 */
import type { ResolvedFlow } from '@/engine';
import { siteFlows } from '@/site/server/flows/site-flows';

/** The resolved flow, or an Error naming the flow. */
export async function loadSiteFlow(flowId: string): Promise<ResolvedFlow> {
  const flow = await siteFlows().flow(flowId);
  if (!flow) throw new Error(`Flow "${flowId}" is missing or invalid: run npm run flows -- check`);
  return flow;
}
