/**
 * `GET /api/flows/{flowId}/versions/{version}`: one published version of a flow, resolved. A
 * visitor who resumes saved progress (a resume link, or a tab open across a publish) goes on
 * with the version they answered; leads of any published version are accepted. Flows are public
 * (the newest is served at `/api/flows/{flowId}`); a version is kept by browsers for a while.
 */
import { unstorableText } from '@/site/server/http/storable-text';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

export async function GET(
  _request: Request,
  context: { params: Promise<{ flowId: string; version: string }> },
): Promise<Response> {
  const { flowId, version } = await context.params;
  const problem = unstorableText(flowId);
  if (problem) {
    return Response.json(
      { errors: [{ field: 'flowId', message: `flowId ${problem}` }] },
      {
        status: 400,
      },
    );
  }
  if (!/^[1-9][0-9]{0,8}$/.test(version)) {
    const message = 'version must be a whole number from 1';
    return Response.json({ errors: [{ field: 'version', message }] }, { status: 400 });
  }
  const flow = await siteRuntime().flows.flow(flowId, Number(version));
  if (!flow) {
    const message = `There is no flow "${flowId.slice(0, 100)}" version ${version}`;
    return Response.json({ errors: [{ field: 'version', message }] }, { status: 404 });
  }
  return Response.json(flow, { headers: { 'cache-control': 'public, max-age=600' } });
}
