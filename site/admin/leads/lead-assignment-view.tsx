/**
 * The assignment's pieces of the lead pages: the inbox's "Assigned" filter, the overdue badge,
 * a wait written for people, and the lead page's assignee control (a plain form: reassign to a
 * staff member who takes leads, or to nobody).
 */
import type { LeadAssignment } from '@/site/server/leads/assignment-store';
import { isOverdue } from '@/site/server/leads/overdue-leads';
import { CsrfField } from '../admin-frame';
import styles from '../admin.module.css';

export function AssignedFilterField({ value }: { value: string }) {
  return (
    <label>
      Assigned
      <select name="assigned" defaultValue={value}>
        <option value="">Anyone</option>
        <option value="mine">Mine</option>
        <option value="unassigned">Unassigned</option>
      </select>
    </label>
  );
}

export function OverdueBadge() {
  return <span className={`${styles.status} ${styles.failed}`}>overdue</span>;
}

/** A wait as people say it: `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`. */
export function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/**
 * The inbox's two cells of a lead's assignment: who has it, and how long it waited for a person's
 * first action (or an overdue badge while it waits too long). A lead stored before assignments
 * existed shows neither.
 */
export function AssignmentCells(props: {
  lead: { receivedAt: number; handledAt: number | null };
  assignment: Pick<LeadAssignment, 'assignee' | 'firstActionAt'> | undefined;
  firstResponseMs: number;
  now: number;
}) {
  const { lead, assignment } = props;
  return (
    <>
      <td>{assignment ? (assignment.assignee ?? 'nobody') : '—'}</td>
      <td>
        {assignment?.firstActionAt != null
          ? formatWait(assignment.firstActionAt - lead.receivedAt)
          : '—'}
        {assignment && isOverdue(lead, props.firstResponseMs, props.now) ? (
          <>
            {' '}
            <OverdueBadge />
          </>
        ) : null}
      </td>
    </>
  );
}

export function AssigneeControl(props: {
  leadId: string;
  csrf: string;
  assignee: string | null;
  /** Staff who take leads, by e-mail address. */
  takers: readonly string[];
}) {
  const { assignee, takers } = props;
  const choices = assignee && !takers.includes(assignee) ? [assignee, ...takers] : takers;
  return (
    <form
      method="post"
      action={`/admin/leads/${encodeURIComponent(props.leadId)}/assign`}
      aria-label="Assign this lead"
    >
      <CsrfField token={props.csrf} />
      <label>
        Assigned to
        <select name="assignee" defaultValue={assignee ?? ''}>
          <option value="">Nobody</option>
          {choices.map((email) => (
            <option key={email} value={email}>
              {takers.includes(email) ? email : `${email} (takes no leads now)`}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="submit" className={styles.secondary}>
        Reassign
      </button>
    </form>
  );
}
