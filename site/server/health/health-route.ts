/**
 * `GET /healthz`, for a load balancer or an orchestrator: the runtime's health report
 * (health-report.ts), 200 when every part is healthy, 503 naming the parts that are not.
 */
import { siteRuntime } from '@/site/server/runtime/site-runtime';

export async function GET(): Promise<Response> {
  const report = await siteRuntime().health();
  if (report.status !== 'ok') console.error(`[healthz] ${report.problems.join('; ')}`);
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
