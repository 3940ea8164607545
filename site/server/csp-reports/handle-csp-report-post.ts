/**
 * `POST /api/csp-reports`: where browsers report what the pages' Content-Security-Policy blocked
 * (or, with CSP_REPORT_ONLY, would have blocked). Each violation becomes one JSON line on stderr,
 * where the server's other logs go: `{"event":"csp-violation","time","documentURL","blockedURL",
 * "effectiveDirective","disposition","sourceFile"?,"lineNumber"?,…,"ua"?}`. So a widget that
 * loads from a host the policy does not list shows up in the logs instead of failing unseen.
 * Answers 204; a bad report is a 4xx with `{errors: [{field, message}]}`, never a 5xx.
 */
import { errorResponse } from '@/site/server/http/api-response';
import {
  fromAnotherSite,
  overRateLimit,
  readPostBody,
  type BodyRules,
} from '@/site/server/http/post-checks';
import type { RateDecision } from '@/site/server/http/rate-limit';
import { parseCspReports } from './parse-csp-reports';

/**
 * A page with a blocked widget reports each blocked request (`report-uri` posts them one by one),
 * so a visitor browsing a few pages sends tens; the limit keeps a script posting in a loop from
 * filling the logs.
 */
export const CSP_REPORTS_PER_MINUTE = 60;

/**
 * `report-uri` sends application/csp-report, `report-to` application/reports+json (a batch);
 * a report is about 1 KiB.
 */
const bodyRules: BodyRules = {
  types: new Set(['application/csp-report', 'application/reports+json', 'application/json']),
  typeMessage: 'Send application/csp-report or application/reports+json',
  maxBytes: 16 * 1024,
};

export async function handleCspReportPost(
  request: Request,
  rateLimit: (clientKey: string) => Promise<RateDecision>,
): Promise<Response> {
  // Browsers send a page's reports as that page (same-origin): only a forged report is cross-site.
  const crossSite = fromAnotherSite(request, 'Reports are taken only from pages of this site');
  if (crossSite) return crossSite;
  const refused = await overRateLimit(request, rateLimit, 'reports');
  if (refused) return refused;
  const body = await readPostBody(request, bodyRules);
  if (!body.ok) return body.response;
  const parsed = parseCspReports(new TextDecoder().decode(body.bytes));
  if (!parsed.ok) return errorResponse(400, [{ field: 'body', message: parsed.message }]);

  const userAgent = request.headers.get('user-agent')?.slice(0, 200);
  // One line per violation, written directly so nothing can split or decorate it.
  const lines = parsed.violations.map(
    (violation) =>
      `${JSON.stringify({ event: 'csp-violation', ...violation, ...(userAgent ? { ua: userAgent } : {}) })}\n`,
  );
  if (lines.length > 0) process.stderr.write(lines.join(''));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
