import { addHubSpotFieldsPost } from '@/site/admin/studio/hubspot-actions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return addHubSpotFieldsPost(request, (await context.params).id);
}
