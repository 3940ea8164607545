/**
 * `POST /api/csp-reports`: where browsers report what the pages' Content-Security-Policy blocked
 * (or, with CSP_REPORT_ONLY, would have blocked). Each violation becomes one JSON line on stderr
 * (log-report-post.ts: taken from this site's pages only, rate limited, 204 or a 4xx):
 * `{"event":"csp-violation","time","documentURL","blockedURL","effectiveDirective",
 * "disposition","sourceFile"?,"lineNumber"?,…,"ua"?}`. So a widget that loads from a host the
 * policy does not list shows up in the logs instead of failing unseen.
 */
import { handleLogReportPost, type LogReportEndpoint } from '@/site/server/http/log-report-post';
import type { RateDecision } from '@/site/server/http/rate-limit';
import { parseCspReports } from './parse-csp-reports';

/**
 * A page with a blocked widget reports each blocked request (`report-uri` posts them one by one),
 * so a visitor browsing a few pages sends tens; the limit keeps a script posting in a loop from
 * filling the logs.
 */
export const CSP_REPORTS_PER_MINUTE = 60;

const cspReports: LogReportEndpoint = {
  event: 'csp-violation',
  // Browsers send a page's reports as that page (same-origin): only a forged report is cross-site.
  crossSiteMessage: 'Reports are taken only from pages of this site',
  // `report-uri` sends application/csp-report, `report-to` application/reports+json (a batch);
  // a report is about 1 KiB.
  body: {
    types: new Set(['application/csp-report', 'application/reports+json', 'application/json']),
    typeMessage: 'Send application/csp-report or application/reports+json',
    maxBytes: 16 * 1024,
  },
  parse(text) {
    const parsed = parseCspReports(text);
    return parsed.ok
      ? { ok: true, records: parsed.violations }
      : { ok: false, errors: [{ field: 'body', message: parsed.message }] };
  },
};

export function handleCspReportPost(
  request: Request,
  rateLimit: (clientKey: string) => Promise<RateDecision>,
): Promise<Response> {
  return handleLogReportPost(request, rateLimit, cspReports);
}
