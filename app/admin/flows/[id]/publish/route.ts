import { publishPost } from '@/site/admin/studio/studio-actions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return publishPost(request, (await context.params).id);
}
