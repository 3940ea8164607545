/** `POST /api/client-errors` (re-exported by app/api/client-errors/route.ts), with the runtime's limit. */
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { handleClientErrorPost } from './handle-client-error-post';

export function POST(request: Request): Promise<Response> {
  return handleClientErrorPost(request, siteRuntime().clientErrorsRateLimit);
}
