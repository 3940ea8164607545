import { postLead } from '@/site/server/leads/lead-endpoint';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(
  request: Request,
  context: { params: Promise<{ flowId: string }> },
): Promise<Response> {
  return postLead(request, (await context.params).flowId);
}
