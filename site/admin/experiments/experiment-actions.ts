/**
 * The staff's actions on A/B tests, each a POST of a server-rendered form checked by
 * checkStaffPost, recorded in the audit log, then answered with a redirect (303) to the page that
 * asked. Create checks that the flow is placed on the page (flow-placements.ts), as a page slot
 * of the one flow renderer (not a booking), and that each variant's flow, the placed one or
 * another, is a published questionnaire with that version (check-variant-flows.ts).
 *
 * A refusal names the field at fault and why: the page shows it (`?problem=`, `?field=`), and a
 * caller that asks for JSON (`accept: application/json`) gets it as a 4xx
 * `{"errors": [{"field", "message"}]}` (400 for the form, 404 for a missing version, 409 for a
 * test already running or no longer running).
 *
 * Promote ends the test with a winner that every new visit gets: the public list serves it to
 * all (Do Not Track too); a version of the placed flow until that flow's next publish, a variant
 * of another flow until the test is stopped (or a new test starts on the placement). It publishes nothing: no version is
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
import { checkVariantFlows } from '@/site/server/experiments/check-variant-flows';
import { errorResponse } from '@/site/server/http/api-response';
import { siteDatabase, siteRuntime } from '@/site/server/runtime/site-runtime';
import { queryParam } from '../query-param';
import { readExperimentForm, type FormProblem } from './experiment-form';

export const experimentsPath = '/admin/experiments';
export const experimentPath = (id: number) => `${experimentsPath}/${id}`;

const changes = (staff: ChangeContext['staff']): ChangeContext => ({
  store: siteRuntime().experiments.store,
  database: siteDatabase,
  staff,
});

const idOf = (given: string) => (/^[1-9][0-9]{0,9}$/.test(given) ? Number(given) : undefined);

/** The refusal, as the page that asked shows it, or as JSON to a caller that asked for that. */
function refuse(request: Request, path: string, status: number, problem: FormProblem): Response {
  if (/\bapplication\/json\b/.test(request.headers.get('accept') ?? '')) {
    return errorResponse(status, [problem]);
  }
  const query = new URLSearchParams({ problem: problem.message, field: problem.field });
  return seeOther(`${path}?${query.toString()}`);
}

export async function createExperimentPost(request: Request): Promise<Response> {
  const checked = await checkStaffPost(request);
  if (!checked.ok) return checked.response;
  const read = readExperimentForm(checked.form);
  if (!read.ok) {
    return refuse(request, experimentsPath, 400, { field: read.field, message: read.message });
  }
  const { form } = read;
  const { experiments, flows } = siteRuntime();
  const registry = await flows.fresh(0);
  const placed = (await flowPlacements(getContentSource(), registry.flows)).some(
    (p) => p.flowId === form.flowId && p.path === form.pagePath && p.host === 'flow',
  );
  if (!placed) {
    return refuse(request, experimentsPath, 400, {
      field: 'flow',
      message: `The page ${form.pagePath} has no questionnaire ${form.flowId}`,
    });
  }
  const problem = await checkVariantFlows(
    form.flowId,
    form.variants,
    (flowId) => registry.get(flowId),
    (flowId, version) => experiments.flowAt(flowId, version),
  );
  if (problem) {
    const status = problem.field.startsWith('version-') ? 404 : 400;
    return refuse(request, experimentsPath, status, problem);
  }
  const created = await startExperiment(form, changes(checked.staff));
  if (!created.ok) {
    return refuse(request, experimentsPath, 409, { field: 'page', message: created.message });
  }
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
  if (!stopped.ok) {
    return refuse(request, experimentPath(test.id), 409, {
      field: 'status',
      message: stopped.message,
    });
  }
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
  if (!promoted.ok) {
    const chosen = test.variants.some((v) => v.key === winner);
    return refuse(request, experimentPath(test.id), chosen ? 409 : 400, {
      field: chosen ? 'status' : 'variant',
      message: promoted.message,
    });
  }
  return seeOther(`${experimentPath(test.id)}?done=promoted`);
}
