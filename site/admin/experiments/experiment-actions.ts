/**
 * The staff's actions on A/B tests, each a POST of a server-rendered form checked by
 * checkStaffPost, recorded in the audit log, then answered with a redirect (303) to the page that
 * asked. Create checks that each variant's version is published and that the flow is placed on
 * the page (flow-placements.ts), as a page slot of the one flow renderer (not a booking).
 *
 * Promote ends the test with a winner that every new visit gets: the public list serves it to
 * all (Do Not Track too) until the flow's next publish. It publishes nothing: no version is
 * added, no draft in the studio is ended, and an old version is not checked again against
 * today's option lists; staff who want the winner as the page's own version publish it again
 * from the versions page, which also ends the promotion.
 */
import { getContentSource } from '@/site/content/get-content-source';
import { flowPlacements } from '@/site/flows/flow-placements';
import { checkStaffPost, seeOther } from '@/site/server/admin/admin-post';
import {
  promoteExperiment,
  startExperiment,
  stopExperiment,
  type ChangeContext,
} from '@/site/server/experiments/experiment-changes';
import { siteDatabase, siteRuntime } from '@/site/server/runtime/site-runtime';
import { queryParam } from '../query-param';
import { readExperimentForm } from './experiment-form';

export const experimentsPath = '/admin/experiments';
export const experimentPath = (id: number) => `${experimentsPath}/${id}`;

const changes = (staff: ChangeContext['staff']): ChangeContext => ({
  store: siteRuntime().experiments.store,
  database: siteDatabase,
  staff,
});

const idOf = (given: string) => (/^[1-9][0-9]{0,9}$/.test(given) ? Number(given) : undefined);
const back = (path: string, problem: string) =>
  seeOther(`${path}?problem=${encodeURIComponent(problem)}`);

export async function createExperimentPost(request: Request): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const read = readExperimentForm(checked.form);
  if (!read.ok) return back(experimentsPath, read.message);
  const { form } = read;
  const { experiments, flows } = siteRuntime();
  const registry = await flows.fresh(0);
  const placed = (await flowPlacements(getContentSource(), registry.flows)).some(
    (p) => p.flowId === form.flowId && p.path === form.pagePath && p.host === 'flow',
  );
  if (!placed) {
    return back(experimentsPath, `The page ${form.pagePath} has no questionnaire ${form.flowId}`);
  }
  for (const variant of form.variants) {
    if (!(await experiments.flowAt(form.flowId, variant.version))) {
      return back(
        experimentsPath,
        `Variant ${variant.key}: ${form.flowId} has no published version ${variant.version}`,
      );
    }
  }
  const created = await startExperiment(form, changes(checked.staff));
  if (!created.ok) return back(experimentsPath, created.message);
  return seeOther(`${experimentPath(created.experiment.id)}?done=started`);
}

export async function stopExperimentPost(request: Request, given: string): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const id = idOf(given);
  const { store } = siteRuntime().experiments;
  const test = id === undefined ? undefined : await store.get(id);
  if (!test) return new Response('Not Found\n', { status: 404 });
  const stopped = await stopExperiment(test, changes(checked.staff));
  if (!stopped.ok) return back(experimentPath(test.id), stopped.message);
  return seeOther(`${experimentPath(test.id)}?done=stopped`);
}

export async function promoteExperimentPost(request: Request, given: string): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const id = idOf(given);
  const { experiments } = siteRuntime();
  const { store } = experiments;
  const test = id === undefined ? undefined : await store.get(id);
  if (!test) return new Response('Not Found\n', { status: 404 });
  const winner = queryParam(checked.form, 'variant');
  const newest = await experiments.newestVersion(test.flowId);
  const promoted = await promoteExperiment(test, winner, newest, changes(checked.staff));
  if (!promoted.ok) return back(experimentPath(test.id), promoted.message);
  return seeOther(`${experimentPath(test.id)}?done=promoted`);
}
