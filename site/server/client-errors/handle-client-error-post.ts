/**
 * `POST /api/client-errors`: records an error a
 * visitor's browser showed as one JSON line on stderr, where the server's other logs go. Answers
 * 204; a bad report is a 4xx with `{errors: [{field, message}]}`, never a 5xx. Only this site's
 * pages report here: a post from another site's page is refused (403) before it is counted or
 * read, so no other site can write into the logs through its visitors' browsers.
 */
import { errorResponse } from '@/site/server/http/api-response';
import {
  fromAnotherSite,
  overRateLimit,
  readPostBody,
  type BodyRules,
} from '@/site/server/http/post-checks';
import type { RateDecision } from '@/site/server/http/rate-limit';
import { parseClientError } from './parse-client-error';

/**
 * The browser sends each error once per page life, so a visitor stays far below this; the limit
 * keeps a script posting in a loop from filling the logs.
 */
export const CLIENT_ERRORS_PER_MINUTE = 10;

/** A report is a few hundred bytes; 4 KiB leaves room for escaping. Beacons may only carry a
 * CORS-safelisted type in some browsers, hence text/plain too. */
const bodyRules: BodyRules = {
  types: new Set(['application/json', 'text/plain']),
  typeMessage: 'Send application/json',
  maxBytes: 4 * 1024,
};

export async function handleClientErrorPost(
  request: Request,
  rateLimit: (clientKey: string) => Promise<RateDecision>,
): Promise<Response> {
  const refused =
    fromAnotherSite(request, 'Error reports are taken from this site only') ??
    (await overRateLimit(request, rateLimit, 'reports'));
  if (refused) return refused;
  const body = await readPostBody(request, bodyRules);
  if (!body.ok) return body.response;
  const parsed = parseClientError(new TextDecoder().decode(body.bytes));
  if (!parsed.ok) return errorResponse(400, parsed.errors);

  const userAgent = request.headers.get('user-agent')?.slice(0, 200);
  // One line per report, written directly so nothing can split or decorate it.
  process.stderr.write(
    `${JSON.stringify({ event: 'client-error', ...parsed.report, ...(userAgent ? { ua: userAgent } : {}) })}\n`,
  );
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
