import { exportPost } from '@/site/admin/leads/lead-actions';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return exportPost(request);
}
