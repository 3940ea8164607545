import type { z } from 'zod';
import { errorResponse, type ApiError } from '@/site/server/http/api-response';
import { readPostBody } from '@/site/server/http/post-checks';
import { findUnstorable } from '@/site/server/http/storable-text';

const jsonType = new Set(['application/json']);

/** Bodies of the account API and the resume links are a few hundred bytes; far larger is refused. */
const MAX_BODY_BYTES = 16 * 1024;

export type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads a JSON body and checks it against a schema. A wrong content type, an oversized or
 * malformed body, text no database stores (storable-text.ts: a NUL, a lone surrogate, in any
 * field or key), or an invalid field each answers 4xx naming the field and the reason.
 * Requiring `application/json` also keeps plain cross-site form posts out.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<BodyResult<z.output<S>>> {
  const body = await readPostBody(request, {
    types: jsonType,
    typeMessage: 'Send the body as JSON (Content-Type: application/json).',
    maxBytes: MAX_BODY_BYTES,
  });
  if (!body.ok) return body;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body.bytes));
  } catch {
    return fail(400, [{ field: 'body', message: 'The body is not valid JSON.' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(400, [{ field: 'body', message: 'The body must be a JSON object.' }]);
  }
  const unstorable = findUnstorable(value);
  if (unstorable) {
    const field = unstorable.path.join('.');
    return fail(400, [{ field, message: `${field} ${unstorable.problem}` }]);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    return fail(
      400,
      parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.') || undefined,
        message: issue.message,
      })),
    );
  }
  return { ok: true, data: parsed.data };
}

function fail(status: number, errors: ApiError[]): { ok: false; response: Response } {
  return { ok: false, response: errorResponse(status, errors) };
}
