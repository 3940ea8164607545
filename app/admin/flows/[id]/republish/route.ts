import { republishPost } from '@/site/admin/studio/studio-actions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return republishPost(request, (await context.params).id);
}
