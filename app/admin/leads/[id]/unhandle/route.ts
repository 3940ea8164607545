import { undoHandledPost } from '@/site/admin/leads/lead-actions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return undoHandledPost(request, (await context.params).id);
}
