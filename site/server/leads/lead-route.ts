/** Route handler of `POST /api/leads/{flowId}` (re-exported by app/api/leads/[flowId]/route.ts). */
import { handleLeadPost } from './handle-lead-post';
import { leadServices } from './lead-services';

export async function POST(
  request: Request,
  context: { params: Promise<{ flowId: string }> },
): Promise<Response> {
  const { flowId } = await context.params;
  try {
    return await handleLeadPost(request, flowId, leadServices());
  } catch (error) {
    // Only a fault of ours (disk, database) gets here; the visitor's answers are still in the form.
    console.error('[leads] could not store a lead:', error);
    return Response.json(
      { errors: [{ field: 'request', message: 'The form could not be saved; please try again' }] },
      { status: 500 },
    );
  }
}
