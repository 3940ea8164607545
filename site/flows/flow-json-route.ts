/**
 * `GET /api/flows/{flowId}`: a resolved flow as JSON, at its newest published version. Written at
 * build time from the files (one static response per flow), then revalidated on demand when a new
 * version is published (flow-publish-watcher.ts): statically served between publishes. A flow
 * created in the studio after the build is rendered on its first request, then kept the same way.
 * The flow island fetches it with the renderer when a visitor reaches for a form, so pages do not
 * carry every flow they host in their HTML.
 */
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';
import { siteFlows } from '@/site/server/flows/site-flows';

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
  const flow = await siteFlows().flow(flowId);
  if (!flow) {
    return Response.json(
      { errors: [{ field: 'flowId', message: `There is no flow "${flowId.slice(0, 100)}"` }] },
      { status: 404 },
    );
  }
  return Response.json(flow);
}
