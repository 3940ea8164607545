/**
 * /admin/experiments: every A/B test, newest first, with its state, and the form that starts one
 * on a placement (a page and the flow placed on it), serving two to four variants with weights,
 * each a published version of the placed flow or of another questionnaire (staff only). Bookings
 * are listed but cannot be chosen, with the reason beside them.
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
import { servedText, statusText } from './experiment-words';

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
  const bookings = flowIds.filter((id) => registry.get(id)!.booking);
  const query = await searchParams;
  const problem = queryParam(query, 'problem');
  const problemField = queryParam(query, 'field');
  // The field at fault is marked and points at the reason.
  const invalid = (name: string) =>
    problem && name === problemField
      ? { 'aria-invalid': true as const, 'aria-describedby': 'experiment-problem' }
      : {};
  const csrf = await csrfTokenForPage();
  return (
    <AdminFrame staff={staff} current={experimentsPath}>
      <h1>A/B tests</h1>
      <p>
        A test serves published versions of a questionnaire, or two questionnaires, to the visits of
        one page, each visit keeping its variant through reloads and resumes. Visitors with Do Not
        Track or Global Privacy Control get the control (variant A) and are not counted.
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
                      .map((v) => `${v.key}: ${servedText(test, v)} ×${v.weight}`)
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
        <p role="alert" id="experiment-problem" className={styles.problem}>
          {problemField ? `${fieldName(problemField)}: ` : ''}
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
          <input name="name" required maxLength={120} {...invalid('name')} />
        </label>
        <label>
          Page
          <input name="page" required defaultValue="/" maxLength={200} {...invalid('page')} />
        </label>
        {/* Labelled apart: a label around a select would take its options into its name. */}
        <label htmlFor="experiment-flow">Questionnaire</label>
        <select id="experiment-flow" name="flow" defaultValue={flowIds[0]} {...invalid('flow')}>
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
            <label htmlFor={`experiment-flow-${key}`}>Variant {key} flow</label>
            <select
              id={`experiment-flow-${key}`}
              name={`flow-${key}`}
              defaultValue=""
              {...invalid(`flow-${key}`)}
            >
              <option value="">the questionnaire placed on the page</option>
              {flowIds.map((id) => (
                <option key={id} value={id} disabled={bookings.includes(id)}>
                  {id} (newest: version {registry.get(id)!.version})
                  {bookings.includes(id) ? ' – a booking, cannot be served here' : ''}
                </option>
              ))}
            </select>
            <label>
              Variant {key} version
              <input
                name={`version-${key}`}
                inputMode="numeric"
                required={i < 2}
                size={4}
                {...invalid(`version-${key}`)}
              />
            </label>
            <label>
              Variant {key} weight
              <input
                name={`weight-${key}`}
                inputMode="numeric"
                defaultValue="1"
                size={3}
                {...invalid(`weight-${key}`)}
              />
            </label>
          </fieldset>
        ))}
        <label>
          Value to average (a computed value such as score, or an answer or hidden value key;
          optional)
          <input name="metric" maxLength={64} {...invalid('metric')} />
        </label>
        <p>
          A variant serves the questionnaire placed on the page unless another is chosen: any
          published questionnaire can run in its place.
          {bookings.length > 0
            ? ` Bookings (${bookings.join(', ')}) cannot: a booking is a contact form that opens the scheduler or its fallback flow, which a questionnaire’s place on a page does not host.`
            : ''}
        </p>
        <button type="submit">Start the test</button>
      </form>
    </AdminFrame>
  );
}

/** A form field's name in the staff's words (`version-B` → "Variant B version"). */
function fieldName(field: string): string {
  const variant = /^(flow|version|weight)-([A-D])$/.exec(field);
  if (variant) return `Variant ${variant[2]} ${variant[1]}`;
  const names: Record<string, string> = {
    name: 'Name',
    page: 'Page',
    flow: 'Questionnaire',
    metric: 'Value to average',
  };
  return names[field] ?? field;
}
