import { publishPost } from '@/site/admin/studio/studio-actions';
import { OPTION_LIST_PREFIX } from '@/site/server/flows/flow-versions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ listId: string }> }) {
  return publishPost(request, `${OPTION_LIST_PREFIX}${(await context.params).listId}`);
}
