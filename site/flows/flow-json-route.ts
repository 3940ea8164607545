/**
 * `GET /api/flows/{flowId}`: a resolved flow as JSON, at its newest published version. Written at
 * build time from the files (one static response per flow) and kept by Next's cache between
 * publishes: the page cache (site/server/runtime/page-cache-handler.mjs) reads the
 * `x-flow-revision` header of a kept response and renders it again once the catalogue serves
 * another revision (a publish on any instance, a database reset). A flow created in the studio
 * after the build is rendered on its first request, then kept the same way; so is a 404, until
 * the flow exists. The flow island fetches it with the renderer when a visitor reaches for a form,
 * so pages do not carry every flow they host in their HTML.
 */
import {
  absentFlowRevision,
  flowRevision,
  REVISION_HEADER,
} from '@/site/server/flows/flow-revision';
import { unstorableText } from '@/site/server/http/storable-text';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

export function generateStaticParams(): { flowId: string }[] {
  return siteRuntime()
    .flows.current()
    .ids()
    .map((flowId) => ({ flowId }));
}

export async function GET(
  _request: Request,
  context: { params: Promise<{ flowId: string }> },
): Promise<Response> {
  const { flowId } = await context.params;
  // No flow has such an id, and a header cannot carry it (the revision names the flow).
  const problem = unstorableText(flowId);
  if (problem) {
    const errors = [{ field: 'flowId', message: `flowId ${problem}` }];
    return Response.json({ errors }, { status: 400 });
  }
  const flow = await siteRuntime().flows.flow(flowId);
  if (!flow) {
    return Response.json(
      { errors: [{ field: 'flowId', message: `There is no flow "${flowId.slice(0, 100)}"` }] },
      { status: 404, headers: { [REVISION_HEADER]: absentFlowRevision(flowId) } },
    );
  }
  return Response.json(flow, { headers: { [REVISION_HEADER]: flowRevision(flow) } });
}
