/**
 * The one pipeline of the endpoints where the site's pages report something for the server's logs
 * (a client error, a CSP violation). A post from another site's page is refused (403) before it
 * is counted or read, so no other site can write into the logs through its visitors' browsers;
 * then the per-client rate limit and the body's rules (post-checks.ts). Each record becomes one
 * JSON line on stderr, where the server's other logs go: `{"event", …record, "ua"?}`. Answers
 * 204; a bad report is a 4xx with `{errors: [{field, message}]}`, never a 5xx.
 */
import { errorResponse, type ApiError } from './api-response';
import { fromAnotherSite, overRateLimit, readPostBody, type BodyRules } from './post-checks';
import type { RateDecision } from './rate-limit';

export interface LogReportEndpoint {
  /** Each line's `event`. */
  event: string;
  /** The 403's message. */
  crossSiteMessage: string;
  body: BodyRules;
  /** The records a body holds, one line each, or what is wrong with it. */
  parse(text: string): { ok: true; records: object[] } | { ok: false; errors: ApiError[] };
}

export async function handleLogReportPost(
  request: Request,
  rateLimit: (clientKey: string) => Promise<RateDecision>,
  endpoint: LogReportEndpoint,
): Promise<Response> {
  const refused =
    fromAnotherSite(request, endpoint.crossSiteMessage) ??
    (await overRateLimit(request, rateLimit, 'reports'));
  if (refused) return refused;
  const body = await readPostBody(request, endpoint.body);
  if (!body.ok) return body.response;
  const parsed = endpoint.parse(new TextDecoder().decode(body.bytes));
  if (!parsed.ok) return errorResponse(400, parsed.errors);

  const userAgent = request.headers.get('user-agent')?.slice(0, 200);
  const ua = userAgent ? { ua: userAgent } : {};
  // One line per record, written at once so nothing can split or decorate them.
  const lines = parsed.records.map(
    (record) => `${JSON.stringify({ event: endpoint.event, ...record, ...ua })}\n`,
  );
  if (lines.length > 0) process.stderr.write(lines.join(''));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
