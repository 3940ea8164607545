/**
 * /admin/flows: every flow of the site at its live version, with its funnel, its studio and its
 * versions, the flows begun in the studio and not yet published, and a form to begin a new one
 * (staff only).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { csrfTokenForPage } from '@/site/server/admin/admin-post';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { isOptionListId } from '@/site/server/flows/flow-catalogue';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { queryParam } from '../query-param';
import { AdminFrame, CsrfField } from '../admin-frame';
import { NewFlowStarts } from './new-flow-starts';
import styles from './flow-funnel.module.css';

export const metadata: Metadata = {
  title: 'Flows',
  robots: { index: false, follow: false },
};

const edit = (id: string) => `/admin/flows/${encodeURIComponent(id)}/edit`;

export default async function FlowListPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await requireStaff('/admin/flows');
  const registry = await siteRuntime().flows.fresh(0);
  const store = siteRuntime().catalogue;
  await store.reloadOptionLists();
  const drafts = await store.draftIds();
  const lists = Object.keys(store.optionListData()).sort();
  const flows = registry
    .ids()
    .map((id) => registry.get(id)!)
    .sort((a, b) => a.title.localeCompare(b.title));
  const unpublished = drafts.filter((id) => !registry.get(id) && !isOptionListId(id));
  const query = await searchParams;
  const problem = queryParam(query, 'problem');
  const csrf = await csrfTokenForPage();
  return (
    <AdminFrame staff={staff} current="/admin/flows">
      <div className={styles.page}>
        <h1>Flows</h1>
        <p className={styles.lead}>
          Every questionnaire and form of the site. Open one to see its funnel (how many visitors
          saw each step, took each transition and reached each ending), or edit it in the studio.
        </p>
        <ul className={styles.flowList}>
          {flows.map((flow) => (
            <li key={flow.id}>
              <Link href={`/admin/flows/${encodeURIComponent(flow.id)}`}>{flow.title}</Link>{' '}
              <code>{flow.id}</code>, version {flow.version}
              {drafts.includes(flow.id) ? ', draft in progress' : ''} ·{' '}
              <Link href={edit(flow.id)} aria-label={`Edit ${flow.title}`}>
                Edit
              </Link>{' '}
              ·{' '}
              <Link
                href={`/admin/flows/${encodeURIComponent(flow.id)}/versions`}
                aria-label={`Versions of ${flow.title}`}
              >
                Versions
              </Link>
            </li>
          ))}
        </ul>
        {unpublished.length > 0 && (
          <>
            <h2>Not published yet</h2>
            <ul className={styles.flowList}>
              {unpublished.map((id) => (
                <li key={id}>
                  <Link href={edit(id)}>
                    Edit <code>{id}</code>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
        <h2 id="option-lists">Shared option lists</h2>
        <ul className={styles.flowList}>
          {lists.map((listId) => (
            <li key={listId}>
              <Link href={`/admin/flows/options/${encodeURIComponent(listId)}/edit`}>
                Edit <code>{listId}</code>
              </Link>
            </li>
          ))}
        </ul>
        <h2>New flow</h2>
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <form method="post" action="/admin/flows/new" className={styles.filters}>
          <CsrfField token={csrf} />
          <label>
            Id (letters, digits, _)
            <input
              name="id"
              required
              pattern="[A-Za-z][A-Za-z0-9_]*"
              maxLength={60}
              defaultValue={queryParam(query, 'id')}
            />
          </label>
          <label>
            Title
            <input name="title" required maxLength={120} />
          </label>
          <NewFlowStarts lists={lists} />
          <button type="submit">Start from the template</button>
        </form>
      </div>
    </AdminFrame>
  );
}
