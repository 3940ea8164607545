/**
 * /admin/experiments/{id}: one A/B test's report per variant (visits, completions and rate,
 * leads, the chosen value's mean, the probability of being best, with the prior and the method
 * named), and the forms that stop it or promote a variant (staff only).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { csrfTokenForPage } from '@/site/server/admin/admin-post';
import { requireStaff } from '@/site/server/admin/staff-guard';
import { DEFAULT_DRAWS, PRIOR } from '@/site/server/experiments/probability-best';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { AdminFrame, CsrfField } from '../admin-frame';
import styles from '../admin.module.css';
import { queryParam } from '../query-param';
import { experimentPath, experimentsPath } from './experiment-actions';
import { percent, servedText, statusText } from './experiment-words';

export const metadata: Metadata = {
  title: 'A/B test',
  robots: { index: false, follow: false },
};

const done: Record<string, string> = {
  started: 'The test runs: new visits get a variant from now on.',
  stopped: 'The test is stopped: every visit gets the page’s own version.',
  promoted: 'Promoted: every new visit gets this variant.',
};

export default async function ExperimentPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const staff = await requireStaff(`${experimentsPath}/${id}`);
  const { experiments } = siteRuntime();
  const test = /^[1-9][0-9]{0,9}$/.test(id) ? await experiments.store.get(Number(id)) : undefined;
  if (!test) notFound();
  const report = await experiments.report(test);
  const query = await searchParams;
  const problem = queryParam(query, 'problem');
  const notice = done[queryParam(query, 'done')];
  const csrf = await csrfTokenForPage();
  const path = experimentPath(test.id);
  const winner =
    test.status === 'promoted' ? test.variants.find((v) => v.key === test.winner) : undefined;
  return (
    <AdminFrame staff={staff} current={experimentsPath}>
      <h1>{test.name}</h1>
      {notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <dl className={styles.facts}>
        <dt>Placement</dt>
        <dd>
          <code>{test.flowId}</code> on <code>{test.pagePath}</code>
        </dd>
        <dt>State</dt>
        <dd>
          {statusText(test)}
          {winner && winner.flow !== test.flowId
            ? `: ${winner.flow} runs in place of ${test.flowId} on this page for every new visit until the test is stopped, or a new test starts here`
            : winner
              ? `: served to every new visit until ${test.flowId}’s next publish`
              : ''}
        </dd>
        <dt>Started</dt>
        <dd>
          {new Date(test.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC by{' '}
          {test.createdBy}
        </dd>
      </dl>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label="Variants">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Serves</th>
              <th scope="col">Weight</th>
              <th scope="col">Visits</th>
              <th scope="col">Completed</th>
              <th scope="col">Completion rate</th>
              <th scope="col">Leads</th>
              <th scope="col">Mean of {test.metricKey ?? '(no value chosen)'}</th>
              <th scope="col">Probability of being best</th>
            </tr>
          </thead>
          <tbody>
            {report.map((v) => (
              <tr key={v.key}>
                <th scope="row">
                  {v.key}
                  {v.key === test.variants[0]?.key ? ' (control)' : ''}
                </th>
                <td>{servedText(test, v)}</td>
                <td>{v.weight}</td>
                <td>{v.visits}</td>
                <td>{v.completed}</td>
                <td>{percent(v.completionRate)}</td>
                <td>{v.leads}</td>
                <td>
                  {v.metricMissing
                    ? 'not computed by this flow'
                    : v.metricMean === null
                      ? '–'
                      : `${v.metricMean.toFixed(2)} (${v.metricLeads} lead${v.metricLeads === 1 ? '' : 's'})`}
                </td>
                <td>{percent(v.probabilityBest)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Visits: distinct visits the variant served (Do Not Track and Global Privacy Control visits
        are not counted). Completion rate: visits that reached an ending / visits. Probability of
        being best: each variant’s completion rate has a Beta({PRIOR.alpha}, {PRIOR.beta}) prior
        (uniform), so its posterior is Beta(1 + completed, 1 + visits − completed); the probability
        is estimated by Monte Carlo, {DEFAULT_DRAWS.toLocaleString('en-US')} draws from the
        posteriors with a seeded generator (the same counts always give the same figures).
      </p>
      {test.status === 'running' && (
        <>
          <h2>End the test</h2>
          <form method="post" action={`${path}/promote`} className={styles.filters}>
            <CsrfField token={csrf} />
            <label htmlFor="experiment-winner">Variant to promote</label>
            <select id="experiment-winner" name="variant" defaultValue={test.variants[0]?.key}>
              {test.variants.map((v) => (
                <option key={v.key} value={v.key}>
                  {v.key}: {servedText(test, v)}
                </option>
              ))}
            </select>
            <button type="submit">Promote</button>
          </form>
          <p>
            Promote ends the test and serves the chosen variant to every new visit at{' '}
            <code>{test.pagePath}</code>, Do Not Track visits too, and counts nothing more. A
            version of <code>{test.flowId}</code> is served until that flow’s next publish; publish
            it again from the flow’s versions page to make it the page’s own. A variant of another
            questionnaire runs in place of <code>{test.flowId}</code> on this page until the test is
            changed: stopped here, or replaced by a new test on the placement. Promoting publishes
            nothing.
          </p>
        </>
      )}
      {(test.status === 'running' || test.status === 'promoted') && (
        <form method="post" action={`${path}/stop`}>
          <CsrfField token={csrf} />
          <button type="submit" className={styles.secondary}>
            {test.status === 'running' ? 'Stop the test' : 'Stop serving the promoted variant'}
          </button>
        </form>
      )}
    </AdminFrame>
  );
}
