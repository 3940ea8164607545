/**
 * `POST /api/client-errors` (re-exported by app/api/client-errors/route.ts): records an error a
 * visitor's browser showed as one JSON line on stderr, where the server's other logs go. Answers
 * 204; a bad report is a 4xx with `{errors: [{field, message}]}`, never a 5xx.
 */
import { bodyMediaType } from '@/site/http/media-type';
import { errorResponse } from '@/site/server/auth/api-response';
import { clientIp } from '@/site/server/leads/client-ip';
import { createRateLimit } from '@/site/server/leads/rate-limit';
import { readBody } from '@/site/server/leads/read-body';
import { parseClientError } from './parse-client-error';

/** A report is a few hundred bytes; 4 KiB leaves room for escaping. */
const maxBodyBytes = 4 * 1024;

// The browser sends each error once per page life, so a visitor stays far below this; the limit
// keeps a script posting in a loop from filling the logs.
const reportsPerMinute = 10;
let rateLimit: ReturnType<typeof createRateLimit> | undefined;

// Beacons may only carry a CORS-safelisted type in some browsers, hence text/plain too.
const acceptedTypes = new Set(['application/json', 'text/plain']);

export async function POST(request: Request): Promise<Response> {
  rateLimit ??= createRateLimit(reportsPerMinute);
  const rate = await rateLimit(clientIp(request.headers) ?? 'unknown');
  if (!rate.ok) {
    return errorResponse(
      429,
      [{ field: 'request', message: `Too many reports; try again in ${rate.retryAfterSeconds} s` }],
      { 'retry-after': String(rate.retryAfterSeconds) },
    );
  }

  const mediaType = bodyMediaType(request.headers).type;
  if (!acceptedTypes.has(mediaType)) {
    return errorResponse(415, [{ field: 'content-type', message: 'Send application/json' }]);
  }
  const body = await readBody(request, maxBodyBytes);
  if (!body.ok) {
    return body.reason === 'too-large'
      ? errorResponse(413, [
          { field: 'body', message: `The body is larger than ${maxBodyBytes} bytes` },
        ])
      : errorResponse(400, [{ field: 'body', message: 'The body could not be read' }]);
  }
  const parsed = parseClientError(new TextDecoder().decode(body.bytes));
  if (!parsed.ok) return errorResponse(400, parsed.errors);

  const userAgent = request.headers.get('user-agent')?.slice(0, 200);
  // One line per report, written directly so nothing can split or decorate it.
  process.stderr.write(
    `${JSON.stringify({ event: 'client-error', ...parsed.report, ...(userAgent ? { ua: userAgent } : {}) })}\n`,
  );
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
