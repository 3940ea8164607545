/**
 * /admin/flows/{id}/versions: every published version of a flow (number, time, author, note),
 * what changed between any two (the change summary, then the text's line diff) and a button to
 * publish an old version again. Server-rendered per request, no script: comparing is a GET form,
 * publishing again a POST form with the session's token. A refused republish comes back with its
 * `problem`; when it is a form key that would stop sending `email`, or fields HubSpot would
 * refuse, with `confirm=<version>` and the confirmations needed too, and that version's form asks
 * for them. Each form names the newest
 * version and the draft the page showed, so a publish by someone else since is not undone unseen.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { csrfTokenForPage } from '@/site/server/admin/admin-post';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { formatUtcMinute } from '@/site/format/format-date';
import { queryParam } from '../query-param';
import { AdminFrame, CsrfField } from '../admin-frame';
import { changeSummary } from './change-summary';
import { ChangeSummaryView } from './change-summary-view';
import { SourceDiffView } from './source-diff-view';
import { studioPath, versionsPath } from './studio-actions';
import {
  BASE_REVISION_FIELD,
  BASE_VERSION_FIELD,
  CONFIRM_FIELD,
  CONFIRM_LABELS,
  DROP_IDENTITY,
  NEED_FIELD,
} from './studio-form';
import styles from './studio-pages.module.css';

export const metadata: Metadata = {
  title: 'Flow versions',
  robots: { index: false, follow: false },
};

function VersionSelect(props: {
  label: string;
  name: string;
  value: number;
  versions: readonly { version: number }[];
}) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value}>
        {props.versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version}
          </option>
        ))}
      </select>
    </label>
  );
}

export default async function FlowVersionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const staff = await requireStaff(versionsPath(id));
  const store = siteRuntime().catalogue;
  const [versions, draft] = await Promise.all([store.versions(id), store.draftOf(id)]);
  if (versions.length === 0) notFound();
  const query = await searchParams;
  const newest = versions[0]!.version;
  const pick = (name: string, fallback: number) => {
    const n = Number(queryParam(query, name));
    return versions.some((v) => v.version === n) ? n : fallback;
  };
  const to = pick('to', newest);
  const from = pick('from', versions.find((v) => v.version < to)?.version ?? to);
  const [fromSource, toSource] = await Promise.all([
    store.versionSource(id, from),
    store.versionSource(id, to),
  ]);
  await store.reloadOptionLists();
  const fromFlow = store.check(id, fromSource ?? '').flow;
  const toFlow = store.check(id, toSource ?? '').flow;
  const csrf = await csrfTokenForPage();
  const published = queryParam(query, 'published');
  const problem = queryParam(query, 'problem');
  const confirming = Number(queryParam(query, CONFIRM_FIELD));
  // The confirmations asked for, one box each (a link without `need` asks for the identity one).
  const asked = [query[NEED_FIELD] ?? []].flat();
  const needs = Object.keys(CONFIRM_LABELS).filter((need) => asked.includes(need));
  if (needs.length === 0) needs.push(DROP_IDENTITY);

  return (
    <AdminFrame staff={staff} current="/admin/flows">
      <div className={styles.page}>
        <p>
          <Link href="/admin/flows">Questionnaires</Link> ›{' '}
          <Link href={studioPath(id)}>Edit {id}</Link>
        </p>
        <h1>Versions of {id}</h1>
        {published && (
          <p role="status" className={styles.done}>
            Version {published} is published: visitors get it within a few seconds.
          </p>
        )}
        {problem && (
          <p role="alert" className={styles.problem}>
            Not published: {problem}
          </p>
        )}
        {draft && (
          <p>
            {draft.author} saved a draft at {formatUtcMinute(draft.savedAt)}: publishing a version
            again discards it.
          </p>
        )}
        <table className={styles.versions}>
          <caption>Published versions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Published (UTC)</th>
              <th scope="col">By</th>
              <th scope="col">Note</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <th scope="row">
                  {v.version}
                  {v.version === newest ? ' (live)' : ''}
                </th>
                <td>{formatUtcMinute(v.publishedAt)}</td>
                <td>{v.author}</td>
                <td>{v.note}</td>
                <td>
                  {v.version !== newest && (
                    <form method="post" action={`/admin/flows/${encodeURIComponent(id)}/republish`}>
                      <CsrfField token={csrf} />
                      <input type="hidden" name="version" value={v.version} />
                      {/* What the page showed: refused if a version or a draft came since. */}
                      <input type="hidden" name={BASE_VERSION_FIELD} value={newest} />
                      <input
                        type="hidden"
                        name={BASE_REVISION_FIELD}
                        value={draft?.revision ?? 0}
                      />
                      {v.version === confirming &&
                        needs.map((need) => (
                          <label key={need} className={styles.confirm}>
                            <input type="checkbox" name={CONFIRM_FIELD} value={need} required />{' '}
                            {CONFIRM_LABELS[need]}
                          </label>
                        ))}
                      <button type="submit">Publish version {v.version} again</button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2>Compare</h2>
        <form method="get" className={styles.compare}>
          <VersionSelect label="From version" name="from" value={from} versions={versions} />
          <VersionSelect label="To version" name="to" value={to} versions={versions} />
          <button type="submit">Compare</button>
        </form>
        <h3>
          What changes from version {from} to version {to}
        </h3>
        {fromFlow && toFlow ? (
          <ChangeSummaryView summary={changeSummary(fromFlow, toFlow)} />
        ) : (
          <p>One of the two versions no longer loads; the text differences follow.</p>
        )}
        <h3>Text differences</h3>
        <SourceDiffView
          before={fromSource ?? ''}
          after={toSource ?? ''}
          label={`Differences from version ${from} to ${to}`}
          empty="The two texts are identical."
        />
      </div>
    </AdminFrame>
  );
}
