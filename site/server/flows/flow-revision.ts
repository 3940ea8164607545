/**
 * A flow's revision: which flow, which version, and a digest of what the site serves of it, e.g.
 * `client@12:5f0c2e9a41b7d3c8`. Pages carry it in their HTML (`data-flow-revision`, one per flow
 * they draw) and `/api/flows/{id}` in a header, so the page cache (site/server/runtime/
 * page-cache-handler.mjs) can tell a cached copy of an older, or another database's, version
 * from the live one. The digest tells apart two databases' versions of the same number (a reset,
 * a restore, a switch to PostgreSQL under the same build).
 */
import { createHash } from 'node:crypto';
import type { ResolvedFlow } from '@/engine';

export { REVISION_ATTRIBUTE, REVISION_HEADER } from '@/site/flows/flow-revision-marks.mjs';

const revisions = new WeakMap<ResolvedFlow, string>();

/** The revision of a resolved flow (computed once per flow object). */
export function flowRevision(flow: ResolvedFlow): string {
  let revision = revisions.get(flow);
  if (revision === undefined) {
    const digest = createHash('sha256').update(JSON.stringify(flow)).digest('hex').slice(0, 16);
    revision = `${flow.id}@${flow.version}:${digest}`;
    revisions.set(flow, revision);
  }
  return revision;
}

/** The revision of a flow the catalogue does not have (a 404 of `/api/flows/{id}`). */
export function absentFlowRevision(flowId: string): string {
  return `${flowId}@0`;
}

/** The flow id a revision names. */
export function revisionFlowId(revision: string): string {
  return revision.slice(0, revision.lastIndexOf('@'));
}
