import { createExperimentPost } from '@/site/admin/experiments/experiment-actions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  return createExperimentPost(request);
}
