import { presencePost } from '@/site/admin/studio/presence-post';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return presencePost(request, (await context.params).id);
}
