/**
 * `GET /api/flows/{flowId}`: a resolved flow as JSON, written at build time (one static file
 * per flow). The flow island fetches it with the renderer when a visitor reaches for a form, so
 * pages do not carry every flow they host in their HTML; the browser caches it across pages.
 */
import { loadSiteFlow, siteFlowIds } from './load-site-flow';

export function generateStaticParams(): { flowId: string }[] {
  return siteFlowIds().map((flowId) => ({ flowId }));
}

export async function GET(
  _request: Request,
  context: { params: Promise<{ flowId: string }> },
): Promise<Response> {
  const { flowId } = await context.params;
  return Response.json(loadSiteFlow(flowId));
}
