import { createFlowPost } from '@/site/admin/studio/studio-actions';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return createFlowPost(request);
}
