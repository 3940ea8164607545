/**
 * /admin/flows/{id}/versions: every published version of a flow (number, time, author, note),
 * what changed between any two (the change summary, then the text's line diff) and a button to
 * publish an old version again. Server-rendered per request, no script: comparing is a GET form,
 * publishing again a POST form with the session's token. A refused republish comes back with its
 * `problem`; when it is a form key that would stop sending `email`, with `confirm=<version>` too,
 * and that version's form asks for the confirmation the action needs.
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
import { sourceDiff } from './source-diff';
import { studioPath, versionsPath } from './studio-actions';
import { CONFIRM_FIELD, DROP_IDENTITY } from './studio-form';
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
  const versions = await store.versions(id);
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
  const lines = sourceDiff(fromSource ?? '', toSource ?? '');
  const csrf = await csrfTokenForPage();
  const published = queryParam(query, 'published');
  const problem = queryParam(query, 'problem');
  const confirming = Number(queryParam(query, CONFIRM_FIELD));

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
                      {v.version === confirming && (
                        <label className={styles.confirm}>
                          <input
                            type="checkbox"
                            name={CONFIRM_FIELD}
                            value={DROP_IDENTITY}
                            required
                          />{' '}
                          I understand HubSpot will no longer be able to identify these contacts
                        </label>
                      )}
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
        {lines.length === 0 ? (
          <p>The two texts are identical.</p>
        ) : (
          <pre className={styles.diff} aria-label={`Differences from version ${from} to ${to}`}>
            {lines.map((line, i) => (
              <span key={i} className={styles[line.kind]}>
                {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                {line.text}
                {'\n'}
              </span>
            ))}
          </pre>
        )}
      </div>
    </AdminFrame>
  );
}
