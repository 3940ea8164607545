import { refreshHubSpotPost } from '@/site/admin/studio/hubspot-actions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  return refreshHubSpotPost(request);
}
