/**
 * The body of `POST /api/client-errors`: what an error boundary saw, checked field by field. The
 * browser already scrubbed the message, but anyone can post here, so the server scrubs again.
 */
import { z } from 'zod';
import { scrubPersonalData } from '@/site/shell/errors/scrub-personal-data';
import { maxMessageLength } from '@/site/shell/errors/report-client-error';
import type { ApiError } from '@/site/server/http/api-response';
import { findUnstorable } from '@/site/server/http/storable-text';

// A path of this site as `location.pathname` gives it: no scheme, host, query or fragment.
const sitePath = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

const clientErrorSchema = z.object({
  // Next's digest of a server error (a hash, or a code such as `NEXT_HTTP_ERROR_FALLBACK;404`).
  digest: z
    .string()
    .regex(/^[\w;:.-]{1,100}$/, 'digest must be 1 to 100 letters, digits or ;:._-')
    .optional(),
  message: z
    .string()
    .min(1, 'message must not be empty')
    .max(maxMessageLength, `message must be at most ${maxMessageLength} characters`),
  path: z
    .string()
    .max(300, 'path must be at most 300 characters')
    .regex(sitePath, 'path must be a path of this site, such as /contact-us'),
  time: z.iso.datetime({ offset: true, error: 'time must be an ISO 8601 date and time' }),
});

export type ClientError = z.output<typeof clientErrorSchema>;

export type ParsedClientError =
  { ok: true; report: ClientError } | { ok: false; errors: ApiError[] };

export function parseClientError(text: string): ParsedClientError {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errors: [{ field: 'body', message: 'The body is not valid JSON' }] };
  }
  const unstorable = findUnstorable(value);
  if (unstorable) {
    const field = unstorable.path.join('.') || 'body';
    return { ok: false, errors: [{ field, message: `${field} ${unstorable.problem}` }] };
  }
  const parsed = clientErrorSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.') || 'body',
        message: issue.path.length > 0 ? issue.message : 'The body must be a JSON object',
      })),
    };
  }
  const report = parsed.data;
  return {
    ok: true,
    report: {
      ...report,
      message: scrubPersonalData(report.message),
      path: scrubPersonalData(report.path),
    },
  };
}
