/** Pure readers of the message an API body carries (site-spec §8). */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** `"x"` or `{message: "x"}` (both shapes appear in error bodies). */
const messageOf = (value: unknown): string | undefined =>
  text(value) ?? (isRecord(value) ? text(value.message) : undefined);

/**
 * The general client's error text: `errors[0].message`, else `error`, else `message`.
 * Undefined for 401 (an expired session is not an error to shout about) and for bodies
 * that carry none.
 */
export function generalErrorMessage(status: number | undefined, body: unknown): string | undefined {
  if (status === 401 || !isRecord(body)) return undefined;
  const errors = body.errors;
  const first = Array.isArray(errors) ? messageOf(errors[0]) : undefined;
  return first ?? messageOf(body.error) ?? text(body.message);
}

/** A success text: `success`. */
export function successMessage(body: unknown): string | undefined {
  return isRecord(body) ? text(body.success) : undefined;
}
