/** One problem in an error body; `field` names the request field at fault, when one is. */
export interface ApiError {
  field?: string;
  message: string;
}

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  // Account answers are personal: no shared cache may keep them.
  'cache-control': 'no-store',
};

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

/** `{"errors": [{field?, message}]}`: the shape the general HTTP client toasts from. */
export function errorResponse(
  status: number,
  errors: ApiError[],
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(status, { errors }, headers);
}
