/**
 * The staff's actions on leads, each a POST of a server-rendered form: checked against cross-site
 * requests and for a staff session (checkStaffPost), recorded in the audit log, then answered
 * with a redirect back to the page that asked (303), or with the CSV. The App Router routes under
 * app/admin/leads only hand the request over.
 */
import { checkStaffPost, seeOther } from '@/site/server/admin/admin-post';
import { recordAudit } from '@/site/server/admin/audit-log';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { leadsToCsv } from '@/site/server/leads/leads-csv';
import { filterQuery, parseLeadFilter } from './lead-filter';
import { recordLeadAction } from './lead-first-action';

export async function retryLeadPost(request: Request, leadId: string): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const { store } = siteRuntime().leads;
  if (!(await store.getLead(leadId))) return new Response('Not Found\n', { status: 404 });
  const requeued = await store.requeue({ leadId });
  const attempted = await siteRuntime().worker.deliverNow([leadId], requeued);
  await recordAudit({
    staff: checked.staff,
    action: 'retried delivery',
    leadId,
    detail: `${attempted} attempt(s)`,
  });
  return seeOther(`/admin/leads/${encodeURIComponent(leadId)}?done=retried`);
}

export async function markHandledPost(request: Request, leadId: string): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  if (!(await siteRuntime().leads.store.markHandled(leadId, checked.staff.email))) {
    return new Response('Not Found\n', { status: 404 });
  }
  await recordLeadAction({ staff: checked.staff, action: 'marked as handled', leadId });
  return seeOther(`/admin/leads/${encodeURIComponent(leadId)}?done=handled`);
}

/** Takes "handled" back: the lead is open again (and can be overdue again in the inbox). */
export async function undoHandledPost(request: Request, leadId: string): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const { store } = siteRuntime().leads;
  if (!(await store.getLead(leadId))) return new Response('Not Found\n', { status: 404 });
  if (await siteRuntime().assignments.undoHandled(leadId)) {
    await recordLeadAction({ staff: checked.staff, action: 'undid handled', leadId });
  }
  return seeOther(`/admin/leads/${encodeURIComponent(leadId)}?done=unhandled`);
}

/** Gives the lead to a staff member who takes leads (or to nobody: an empty `assignee`). */
export async function assignLeadPost(request: Request, leadId: string): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const { assignments } = siteRuntime();
  const wanted = checked.form.get('assignee');
  const assignee = typeof wanted === 'string' && wanted !== '' ? wanted.toLowerCase() : null;
  // The current assignee may stay even after they stopped taking leads; a new one must take them.
  const current = (await assignments.assignmentOf(leadId))?.assignee ?? null;
  if (
    assignee !== null &&
    assignee !== current &&
    !(await assignments.takers()).includes(assignee)
  ) {
    return new Response(`${assignee} does not take leads\n`, { status: 400 });
  }
  const changed = await assignments.reassign(leadId, assignee, checked.staff.email);
  if (!changed) return new Response('Not Found\n', { status: 404 });
  if (changed.before !== assignee) {
    await recordLeadAction({
      staff: checked.staff,
      action: 'reassigned',
      leadId,
      detail: `${changed.before ?? 'nobody'} → ${assignee ?? 'nobody'}`,
    });
  }
  return seeOther(`/admin/leads/${encodeURIComponent(leadId)}?done=assigned`);
}

export async function retryHeldPost(request: Request): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const { store } = siteRuntime().leads;
  const requeued = await store.requeue({ allHeld: true });
  const attempted = await siteRuntime().worker.deliverNow(undefined, requeued);
  await recordAudit({
    staff: checked.staff,
    action: 'retried every held lead',
    detail: `${requeued} delivery(ies) re-queued, ${attempted} attempted`,
  });
  return seeOther('/admin/leads?status=held');
}

export async function exportPost(request: Request): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const { filter, values, problems } = parseLeadFilter(
    checked.form,
    (await siteRuntime().flows.fresh(0)).ids(),
  );
  if (problems.length > 0) return new Response(`${problems.join('\n')}\n`, { status: 400 });
  const { leads, flows, assignments } = siteRuntime();
  const csv = await leadsToCsv({ store: leads.store, flows, assignments }, filter);
  await recordAudit({
    staff: checked.staff,
    action: 'exported leads as CSV',
    detail: filterQuery(values) || 'every lead',
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="leads-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
