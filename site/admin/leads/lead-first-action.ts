/**
 * What a person did to a lead, recorded in the audit log; and the one place that says which of
 * those actions count as the lead's first response (the inbox's "time to first action"): marking
 * it handled and giving it to someone. Retrying a delivery or undoing "handled" is not an answer
 * to the visitor, so it does not count.
 */
import { recordAudit, type NewAuditEntry } from '@/site/server/admin/audit-log';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

export const firstResponseActions: ReadonlySet<string> = new Set([
  'marked as handled',
  'reassigned',
]);

/** Records the action in the audit log and, when it is the lead's first response, its time. */
export async function recordLeadAction(
  entry: NewAuditEntry & { leadId: string },
  now = Date.now(),
): Promise<void> {
  await recordAudit(entry, now);
  if (firstResponseActions.has(entry.action)) {
    await siteRuntime().assignments.noteFirstAction(entry.leadId, now);
  }
}
