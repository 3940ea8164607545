import { assignLeadPost } from '@/site/admin/leads/lead-actions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return assignLeadPost(request, (await context.params).id);
}
