/**
 * The checks every POST endpoint of the site makes before it reads a body, written once: the
 * per-client rate limit, a request from another site's page, the body's media type, and the body
 * read up to its limit. Each answers the refusal itself (`refuse`: the JSON error envelope by
 * default; the back office's forms answer plain text), or lets the request through.
 */
import type { ApiError } from './api-response';
import { errorResponse } from './api-response';
import { clientIp } from './client-ip';
import { isCrossSite } from './cross-site';
import { bodyMediaType } from './media-type';
import type { RateDecision } from './rate-limit';
import { readBody } from './read-body';

/** Builds a refusal: status, the problem, extra headers (`Retry-After`). */
export type Refuse = (
  status: number,
  error: ApiError,
  headers?: Record<string, string>,
) => Response;

export const refuseJson: Refuse = (status, error, headers) =>
  errorResponse(status, [error], headers);

/**
 * 429 with `Retry-After` when the client (its address, as the production server settles it) is
 * over `limit`; `what` names what is counted ("submissions", "reports").
 */
export async function overRateLimit(
  request: Request,
  limit: (clientKey: string) => Promise<RateDecision>,
  what: string,
  refuse: Refuse = refuseJson,
): Promise<Response | undefined> {
  const rate = await limit(clientIp(request.headers) ?? 'unknown');
  if (rate.ok) return undefined;
  return refuse(
    429,
    { field: 'request', message: `Too many ${what}; try again in ${rate.retryAfterSeconds} s` },
    { 'retry-after': String(rate.retryAfterSeconds) },
  );
}

/** 403 when the request was sent from another site's page (`message` says what is refused). */
export function fromAnotherSite(
  request: Request,
  message: string,
  refuse: Refuse = refuseJson,
): Response | undefined {
  return isCrossSite(request) ? refuse(403, { field: 'origin', message }) : undefined;
}

export interface BodyRules {
  /** The media types taken (lower case, no parameters). */
  types: ReadonlySet<string>;
  /** The 415's message, saying what to send. */
  typeMessage: string;
  /** Whether a charset other than UTF-8 is refused too. */
  utf8Only?: boolean;
  /** The largest body taken, or the largest for each media type. */
  maxBytes: number | ((type: string) => number);
  /** The 413's message, for a person rather than a program (default: the limit in bytes). */
  tooLargeMessage?: string;
}

const utf8 = new Set(['utf-8', 'utf8']);

/**
 * The body, read once its type is one of `types` and while it stays within `maxBytes`: 415 for
 * another type (or charset), 413 past the limit (reading stops there), 400 when it cannot be read.
 */
export async function readPostBody(
  request: Request,
  rules: BodyRules,
  refuse: Refuse = refuseJson,
): Promise<
  { ok: true; bytes: Uint8Array<ArrayBuffer>; type: string } | { ok: false; response: Response }
> {
  const { type, charset } = bodyMediaType(request.headers);
  if (!rules.types.has(type) || (rules.utf8Only && charset !== undefined && !utf8.has(charset))) {
    return {
      ok: false,
      response: refuse(415, { field: 'content-type', message: rules.typeMessage }),
    };
  }
  const maxBytes = typeof rules.maxBytes === 'number' ? rules.maxBytes : rules.maxBytes(type);
  const body = await readBody(request, maxBytes);
  if (body.ok) return { ok: true, bytes: body.bytes, type };
  return {
    ok: false,
    response:
      body.reason === 'too-large'
        ? refuse(413, {
            field: 'body',
            message: rules.tooLargeMessage ?? `The body is larger than ${maxBytes} bytes`,
          })
        : refuse(400, { field: 'body', message: 'The body could not be read' }),
  };
}
