/** `POST /api/csp-reports` (re-exported by app/api/csp-reports/route.ts), with the runtime's limit. */
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { handleCspReportPost } from './handle-csp-report-post';

export function POST(request: Request): Promise<Response> {
  return handleCspReportPost(request, siteRuntime().cspReportsRateLimit);
}
