/**
 * What a page asks of the site's flow registry (site/server/flows): one flow by id, or an
 * error, because a page must not silently lose its form.
 */
import type { ResolvedFlow } from '@/engine';
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';

/** The resolved flow, or an Error naming the flow. */
export function loadSiteFlow(flowId: string): ResolvedFlow {
  const flow = siteFlowRegistry().get(flowId);
  if (!flow) throw new Error(`Flow "${flowId}" is missing or invalid: run npm run flows -- check`);
  return flow;
}
