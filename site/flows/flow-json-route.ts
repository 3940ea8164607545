/**
 * `GET /api/flows/{flowId}`: a resolved flow as JSON, written at build time (one static file
 * per flow of the site's registry). The flow island fetches it with the renderer when a visitor
 * reaches for a form, so pages do not carry every flow they host in their HTML; the browser
 * caches it across pages.
 */
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';
import { loadSiteFlow } from './load-site-flow';

export function generateStaticParams(): { flowId: string }[] {
  return siteFlowRegistry()
    .ids()
    .map((flowId) => ({ flowId }));
}

export async function GET(
  _request: Request,
  context: { params: Promise<{ flowId: string }> },
): Promise<Response> {
  const { flowId } = await context.params;
  return Response.json(loadSiteFlow(flowId));
}
