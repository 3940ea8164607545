import { saveDraftPost } from '@/site/admin/studio/studio-actions';
import { optionListStoreId } from '@/site/server/flows/flow-catalogue';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ listId: string }> }) {
  return saveDraftPost(request, optionListStoreId((await context.params).listId));
}
