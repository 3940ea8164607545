import { promoteExperimentPost } from '@/site/admin/experiments/experiment-actions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return promoteExperimentPost(request, (await context.params).id);
}
