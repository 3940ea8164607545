/**
 * The `X-Partial-Lead: <id>.<key>` header a lead is sent with when it finishes saved progress
 * (the browser's handle on its partial lead). Read by the lead endpoint; a malformed one is
 * ignored, as a lead without saved progress.
 */
import type { PartialKey } from './partial-lead-store';

export const PARTIAL_LEAD_HEADER = 'x-partial-lead';

export function partialFromHeader(headers: Headers): PartialKey | undefined {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,128})$/.exec(
    headers.get(PARTIAL_LEAD_HEADER)?.trim() ?? '',
  );
  return match ? { id: match[1]!, key: match[2]! } : undefined;
}
