import { siteRuntime } from '@/site/server/runtime/site-runtime';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(
  request: Request,
  context: { params: Promise<{ flowId: string }> },
): Promise<Response> {
  return siteRuntime().postLead(request, (await context.params).flowId);
}
