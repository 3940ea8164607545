/**
 * The bytes of a `POST /api/flow-events` body to a batch of the right shape (flow-event-batch.ts),
 * or the reasons it is not one: not UTF-8, not JSON, or each key at fault named as
 * `events[3].transition`. A bad body is the sender's fault, so every outcome here is a value.
 */
import type { ApiError } from '@/site/server/http/api-response';
import { findUnstorable } from '@/site/server/http/storable-text';
import { flowEventBatchSchema, type FlowEventBatch } from './flow-event-batch';

export type ParsedFlowEvents =
  { ok: true; batch: FlowEventBatch } | { ok: false; errors: ApiError[] };

/** A body of 16 KiB holds a few hundred mistakes; the first ones say enough. */
export const maxErrors = 20;

/** `['events', 3, 'step']` → `events[3].step`; the root is `body`. */
export function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const key of path) {
    name += typeof key === 'number' ? `[${key}]` : `${name ? '.' : ''}${String(key)}`;
  }
  return name || 'body';
}

export function parseFlowEvents(bytes: Uint8Array): ParsedFlowEvents {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, errors: [{ field: 'body', message: 'The body is not valid UTF-8' }] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errors: [{ field: 'body', message: 'The body is not valid JSON' }] };
  }
  const unstorable = findUnstorable(value);
  if (unstorable) {
    const field = fieldName(unstorable.path);
    return { ok: false, errors: [{ field, message: `${field} ${unstorable.problem}` }] };
  }
  const parsed = flowEventBatchSchema.safeParse(value);
  if (parsed.success) return { ok: true, batch: parsed.data };
  const errors = parsed.error.issues.flatMap((issue): ApiError[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: fieldName([...issue.path, key.slice(0, 64)]),
          message: `Unknown key "${key.slice(0, 64)}"`,
        }))
      : [{ field: fieldName(issue.path), message: issue.message }],
  );
  return { ok: false, errors: errors.slice(0, maxErrors) };
}
