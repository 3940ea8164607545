/**
 * The inbox's leads with who they are assigned to, and the "Mine" / "Unassigned" filter. The
 * outbox's search knows nothing of assignments, so with that filter every lead matching the rest
 * of the filter is read and the page is cut here: an inbox holds thousands of leads, not millions.
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
  if (!options.assigned) {
    const { leads, total } = await store.searchLeads(filter, page);
    const assignments = await assignmentsOf(
      options.assignments,
      leads.map((lead) => lead.id),
    );
    return { leads, total, exportTotal: total, assignments, readAt: Date.now() };
  }
  const every = (await store.searchLeads(filter)).leads;
  const assignments = await assignmentsOf(
    options.assignments,
    every.map((lead) => lead.id),
  );
  const me = options.me.toLowerCase();
  const kept = every.filter((lead) => {
    const assignee = assignments.get(lead.id)?.assignee ?? null;
    return options.assigned === 'mine' ? assignee === me : assignee === null;
  });
  return {
    leads: kept.slice(page.offset, page.offset + page.limit),
    total: kept.length,
    exportTotal: every.length,
    assignments,
    readAt: Date.now(),
  };
}
