/**
 * The inbox's leads with who they are assigned to, and the "Mine" / "Unassigned" filter, which
 * the outbox's search applies in the database like the rest of the filter (one page read).
 */
import type { AssignmentStore, LeadAssignment } from '@/site/server/leads/assignment-store';
import type { LeadStore } from '@/site/server/leads/lead-store';
import type { LeadFilter, LeadSummary } from '@/site/server/leads/lead-types';
import type { AssignedFilter } from './lead-filter';

export interface InboxPage {
  leads: LeadSummary[];
  /** Leads matching the whole filter. */
  total: number;
  /** Leads matching the filter without the assignee part (what the CSV export holds). */
  exportTotal: number;
  assignments: Map<string, LeadAssignment>;
  /** When the page was read: what "overdue" is measured against. */
  readAt: number;
}

/** The inbox when its filter could not be read. */
export const emptyInbox = (): InboxPage => ({
  leads: [],
  total: 0,
  exportTotal: 0,
  assignments: new Map(),
  readAt: Date.now(),
});

/** Reads assignments in slices, under every database's limit of bound parameters. */
async function assignmentsOf(assignments: AssignmentStore, ids: string[]) {
  const all = new Map<string, LeadAssignment>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const [id, row] of await assignments.assignmentsOf(ids.slice(i, i + 500)))
      all.set(id, row);
  }
  return all;
}

export async function searchInbox(options: {
  store: LeadStore;
  assignments: AssignmentStore;
  filter: LeadFilter;
  assigned: AssignedFilter | undefined;
  /** The staff member looking (their e-mail address). */
  me: string;
  page: { limit: number; offset: number };
}): Promise<InboxPage> {
  const { store, filter, page } = options;
  const assignedTo =
    options.assigned === undefined ? undefined : options.assigned === 'mine' ? options.me : null;
  const [{ leads, total }, exportTotal] = await Promise.all([
    store.searchLeads({ ...filter, assignedTo }, page),
    // The CSV export holds the leads of the filter without its assignee part: count those too.
    assignedTo === undefined
      ? undefined
      : store.searchLeads(filter, { limit: 1, offset: 0 }).then((found) => found.total),
  ]);
  const assignments = await assignmentsOf(
    options.assignments,
    leads.map((lead) => lead.id),
  );
  return { leads, total, exportTotal: exportTotal ?? total, assignments, readAt: Date.now() };
}
