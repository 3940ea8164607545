/**
 * /admin/experiments: every A/B test, newest first, with its state, and the form that starts one
 * on a placement (a page and the flow placed on it), serving two to four published versions of
 * the flow with weights (staff only).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { csrfTokenForPage } from '@/site/server/admin/admin-post';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { AdminFrame, CsrfField } from '../admin-frame';
import styles from '../admin.module.css';
import { queryParam } from '../query-param';
import { experimentPath, experimentsPath } from './experiment-actions';
import { VARIANT_KEYS } from './experiment-form';
import { statusText } from './experiment-words';

export const metadata: Metadata = {
  title: 'A/B tests',
  robots: { index: false, follow: false },
};

export default async function ExperimentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await requireStaff(experimentsPath);
  const { experiments, flows } = siteRuntime();
  const tests = await experiments.store.list();
  const registry = await flows.fresh(0);
  const flowIds = registry.ids().sort();
  const query = await searchParams;
  const problem = queryParam(query, 'problem');
  const csrf = await csrfTokenForPage();
  return (
    <AdminFrame staff={staff} current={experimentsPath}>
      <h1>A/B tests</h1>
      <p>
        A test serves published versions of a questionnaire to the visits of one page, each visit
        keeping its variant through reloads and resumes. Visitors with Do Not Track or Global
        Privacy Control get the control (variant A) and are not counted.
      </p>
      {tests.length === 0 ? (
        <p>No test yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Test</th>
                <th scope="col">Placement</th>
                <th scope="col">Variants</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {tests.map((test) => (
                <tr key={test.id}>
                  <td>
                    <Link href={experimentPath(test.id)}>{test.name}</Link>
                  </td>
                  <td>
                    <code>{test.flowId}</code> on <code>{test.pagePath}</code>
                  </td>
                  <td>
                    {test.variants
                      .map((v) => `${v.key}: version ${v.version} ×${v.weight}`)
                      .join(', ')}
                  </td>
                  <td>{statusText(test)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>New test</h2>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <form
        method="post"
        action={`${experimentsPath}/new`}
        className={styles.filters}
        aria-label="New test"
      >
        <CsrfField token={csrf} />
        <label>
          Name
          <input name="name" required maxLength={120} />
        </label>
        <label>
          Page
          <input name="page" required defaultValue="/" maxLength={200} />
        </label>
        {/* Labelled apart: a label around a select would take its options into its name. */}
        <label htmlFor="experiment-flow">Questionnaire</label>
        <select id="experiment-flow" name="flow" defaultValue={flowIds[0]}>
          {flowIds.map((id) => (
            <option key={id} value={id}>
              {id} (newest: version {registry.get(id)!.version})
            </option>
          ))}
        </select>
        {VARIANT_KEYS.map((key, i) => (
          <fieldset key={key}>
            <legend>
              Variant {key}
              {i === 0 ? ' (control)' : ''}
            </legend>
            <label>
              Variant {key} version
              <input name={`version-${key}`} inputMode="numeric" required={i < 2} size={4} />
            </label>
            <label>
              Variant {key} weight
              <input name={`weight-${key}`} inputMode="numeric" defaultValue="1" size={3} />
            </label>
          </fieldset>
        ))}
        <label>
          Value to average (a computed value such as score, or an answer or hidden value key;
          optional)
          <input name="metric" maxLength={64} />
        </label>
        <button type="submit">Start the test</button>
      </form>
    </AdminFrame>
  );
}
