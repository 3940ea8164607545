/**
 * The studio actions' side of draft revisions: the base a form names (`baseVersion`, required;
 * `baseRevision`, 0 when absent: the editor started from the published text), and the 409 that
 * answers a stale one with the flow's text now (draft-conflict.ts describes it).
 */
import type { DraftBase, DraftOp, FlowHead } from '@/site/server/flows/draft-revision';
import { errorResponse, jsonResponse } from '@/site/server/http/api-response';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { conflictMessage, type DraftConflict } from './draft-conflict';
import { BASE_REVISION_FIELD, BASE_VERSION_FIELD } from './studio-form';

const count = (value: string | null) =>
  value !== null && /^\d{1,9}$/.test(value) ? Number(value) : undefined;

/** The base the form names, or the 400 that says it is missing or not a number. */
export function baseOf(form: URLSearchParams): DraftBase | Response {
  const version = count(form.get(BASE_VERSION_FIELD));
  const revision = count(form.get(BASE_REVISION_FIELD) ?? '0');
  if (version === undefined)
    return errorResponse(400, [
      {
        field: BASE_VERSION_FIELD,
        message: 'The version your text started from is missing: reload the page',
      },
    ]);
  if (revision === undefined)
    return errorResponse(400, [
      { field: BASE_REVISION_FIELD, message: 'The draft revision is not a number' },
    ]);
  return { version, revision };
}

/**
 * 409 `{errors: [{field, message}], conflict}`: `conflict` is the flow's text now (`FlowHead`)
 * with `base`, the text the editor started from, when that was a published version, and `live`,
 * the newest version, when the draft in `source` started from one the editor has not seen.
 */
export async function conflictResponse(
  flowId: string,
  head: FlowHead,
  base: DraftBase,
  op: DraftOp,
): Promise<Response> {
  const catalogue = siteRuntime().catalogue;
  const baseText =
    base.revision === 0 && base.version > 0
      ? await catalogue.versionSource(flowId, base.version)
      : undefined;
  // A draft begun on a version the editor has not seen: the editor learns that version too.
  const live =
    head.kind === 'draft' && head.version > 0 && head.version !== base.version
      ? await catalogue.versionSource(flowId, head.version)
      : undefined;
  const conflict: DraftConflict = {
    ...head,
    ...(baseText !== undefined && { base: baseText }),
    ...(live !== undefined && { live: { version: head.version, source: live } }),
  };
  const field = head.kind === 'published' ? BASE_VERSION_FIELD : BASE_REVISION_FIELD;
  return jsonResponse(409, {
    errors: [{ field, message: conflictMessage(head, op) }],
    conflict,
  });
}
