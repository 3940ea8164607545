/**
 * `/admin/leads`: every lead, newest first, fifty to a page, filtered by status, questionnaire,
 * days received and a name, e-mail or phone; with the actions that act on many leads (retry
 * every held lead, export the current filter as CSV). Server-rendered HTML forms, no script.
 */
import { csrfTokenForPage } from '@/site/server/admin/admin-post';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { deliveryStatuses } from '@/site/server/leads/lead-types';
import { AdminFrame, CsrfField } from '../admin-frame';
import styles from '../admin.module.css';
import { filterQuery, PAGE_SIZE, parseLeadFilter } from './lead-filter';
import { emptyInbox, searchInbox } from './inbox-assignment';
import { AssignedFilterField, AssignmentCells, formatWait } from './lead-assignment-view';
import { StatusBadge, utcTime } from './lead-format';
import { PartialLeadsSection } from './partial-leads-view';
import { env } from '@/site/env';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function LeadsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const staff = await requireStaff(
    `/admin/leads${filterQuery(parseLeadFilter(params, []).values)}`,
  );
  const flows = await siteRuntime().flows.fresh(0);
  const flowIds = flows.ids().sort();
  const { filter, page, values, problems, assigned } = parseLeadFilter(params, flowIds);
  const { assignments: assignmentStore } = siteRuntime();
  const { leads, total, exportTotal, assignments, readAt } =
    problems.length > 0
      ? emptyInbox()
      : await searchInbox({
          store: siteRuntime().leads.store,
          assignments: assignmentStore,
          filter,
          assigned,
          me: staff.email,
          page: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
        });
  // Over every lead received in the range (and questionnaire) shown, not only this page.
  const firstAction =
    problems.length > 0
      ? { medianMs: undefined, count: 0 }
      : await assignmentStore.medianFirstAction(filter);
  const firstResponseMs = env.LEADS_FIRST_RESPONSE_MINUTES * 60_000;
  const csrf = await csrfTokenForPage();
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <AdminFrame staff={staff} current="/admin/leads">
      <h1>Leads</h1>
      <form method="get" action="/admin/leads" className={styles.filters} aria-label="Filter leads">
        <label>
          Status
          <select name="status" defaultValue={values.status}>
            <option value="">Any</option>
            {deliveryStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label>
          Questionnaire
          <select name="flow" defaultValue={values.flow}>
            <option value="">Any</option>
            {flowIds.map((id) => (
              <option key={id} value={id}>
                {flows.get(id)?.title ?? id}
              </option>
            ))}
          </select>
        </label>
        <label>
          From (UTC day)
          <input type="date" name="from" defaultValue={values.from} />
        </label>
        <label>
          To (UTC day)
          <input type="date" name="to" defaultValue={values.to} />
        </label>
        <label>
          Name, e-mail or phone
          <input type="search" name="q" defaultValue={values.q} />
        </label>
        <AssignedFilterField value={values.assigned} />
        <button type="submit" className={styles.button}>
          Filter
        </button>
      </form>
      {problems.length > 0 ? (
        <div className={styles.error} role="alert">
          <p>The filter could not be read:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.actions}>
        <form method="post" action="/admin/leads/export">
          <CsrfField token={csrf} />
          {(Object.entries(values) as [string, string][]).map(([name, value]) =>
            value && name !== 'assigned' ? (
              <input key={name} type="hidden" name={name} value={value} />
            ) : null,
          )}
          <button type="submit" className={styles.secondary}>
            Export these {exportTotal} as CSV
          </button>
        </form>
        <form method="post" action="/admin/leads/retry-held">
          <CsrfField token={csrf} />
          <button type="submit" className={styles.secondary}>
            Retry every held lead now
          </button>
        </form>
      </div>
      <p role="status">
        {total === 0 ? 'No lead matches.' : `Leads ${first}–${last} of ${total}, newest first.`}
      </p>
      <p>
        {firstAction.medianMs === undefined
          ? 'Time to first action: no lead received in this range was acted on yet.'
          : `Median time to first action: ${formatWait(firstAction.medianMs)} (over ${firstAction.count} lead(s) received in this range).`}
      </p>
      {leads.length > 0 ? (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Leads table">
          <table className={styles.table} aria-label="Leads, newest first">
            <thead>
              <tr>
                <th scope="col">Received (UTC)</th>
                <th scope="col">Questionnaire</th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Status</th>
                <th scope="col">Handled</th>
                <th scope="col">Assigned to</th>
                <th scope="col">First action after</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => {
                const { contact } = lead;
                return (
                  <tr key={lead.id}>
                    <td>
                      <a href={`/admin/leads/${encodeURIComponent(lead.id)}`}>
                        {utcTime(lead.receivedAt)}
                      </a>
                    </td>
                    <td>{flows.get(lead.flowId)?.title ?? lead.flowId}</td>
                    <td>{contact.name ?? '—'}</td>
                    <td>{contact.email ?? '—'}</td>
                    <td>
                      <StatusBadge status={lead.status} />
                    </td>
                    <td>{lead.handledBy ? `by ${lead.handledBy}` : 'no'}</td>
                    <AssignmentCells
                      lead={lead}
                      assignment={assignments.get(lead.id)}
                      firstResponseMs={firstResponseMs}
                      now={readAt}
                    />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className={styles.pager} aria-label="Pages of leads">
        {page > 1 ? <a href={`/admin/leads${filterQuery(values, page - 1)}`}>Newer</a> : null}
        {last < total ? <a href={`/admin/leads${filterQuery(values, page + 1)}`}>Older</a> : null}
      </nav>
      {problems.length === 0 ? (
        <PartialLeadsSection
          flowId={values.flow || undefined}
          q={values.q}
          title={(id) => flows.get(id)?.title ?? id}
        />
      ) : null}
    </AdminFrame>
  );
}
