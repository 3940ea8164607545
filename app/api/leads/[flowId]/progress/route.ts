import { siteRuntime } from '@/site/server/runtime/site-runtime';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Saved progress with consent (site/server/leads/handle-progress-post.ts). */
export async function POST(
  request: Request,
  context: { params: Promise<{ flowId: string }> },
): Promise<Response> {
  return siteRuntime().postProgress(request, (await context.params).flowId);
}
