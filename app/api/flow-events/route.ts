import { postFlowEvents } from '@/site/server/funnel/flow-events-endpoint';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// A wrapper, not a re-export: Next passes the route context as a second argument.
export function POST(request: Request): Promise<Response> {
  return postFlowEvents(request, siteRuntime().funnel);
}
