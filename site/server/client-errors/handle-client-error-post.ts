/**
 * `POST /api/client-errors`: records an error a visitor's browser showed as one JSON line on
 * stderr (log-report-post.ts: taken from this site's pages only, rate limited, 204 or a 4xx).
 */
import { handleLogReportPost, type LogReportEndpoint } from '@/site/server/http/log-report-post';
import type { RateDecision } from '@/site/server/http/rate-limit';
import { parseClientError } from './parse-client-error';

/**
 * The browser sends each error once per page life, so a visitor stays far below this; the limit
 * keeps a script posting in a loop from filling the logs.
 */
export const CLIENT_ERRORS_PER_MINUTE = 10;

const clientErrors: LogReportEndpoint = {
  event: 'client-error',
  crossSiteMessage: 'Error reports are taken from this site only',
  // A report is a few hundred bytes; 4 KiB leaves room for escaping. Beacons may only carry a
  // CORS-safelisted type in some browsers, hence text/plain too.
  body: {
    types: new Set(['application/json', 'text/plain']),
    typeMessage: 'Send application/json',
    maxBytes: 4 * 1024,
  },
  parse(text) {
    const parsed = parseClientError(text);
    return parsed.ok ? { ok: true, records: [parsed.report] } : parsed;
  },
};

export function handleClientErrorPost(
  request: Request,
  rateLimit: (clientKey: string) => Promise<RateDecision>,
): Promise<Response> {
  return handleLogReportPost(request, rateLimit, clientErrors);
}
