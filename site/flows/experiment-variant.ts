/**
 * Chooses this visit's variant of the A/B test on a flow's placement (this page's path and the
 * flow), in the browser, from the small public list of tests (`GET /api/experiments`): the page
 * itself stays static and no server renders anything per visit. Loaded by the flow island of a
 * page's questionnaire as the page arrives.
 *
 * Which variant, in this order:
 * - a promoted test's winner, to everyone (the test is over: nothing is tagged);
 * - Do Not Track or Global Privacy Control: the control, untagged;
 * - saved progress on a variant's flow and version (a reload, or a resume link on another
 *   device): that variant, so a visitor finishes on the flow and version they answered. Progress
 *   is kept by flow id, so a variant of another flow finds it under its own flow's key;
 * - the variant kept for this visit, then the one its id hashes to (assign-variant.ts).
 */
import { assignVariant } from './assign-variant';
import { savedProgressVersion } from './progress-key';
import { experimentsPath, type PublicExperiments, type PublicVariant } from './public-experiments';
import { keepVariants, keptVariant } from './variant-tag';
import { trackingDeclined, visitId } from './visit';

/** `flow`: the placed flow, or another questionnaire served in its place. */
export type ChosenVariant = Pick<PublicVariant, 'key' | 'flow' | 'version' | 'start'>;

// One request per page, whatever the number of questionnaires on it.
let list: Promise<PublicExperiments> | undefined;
function publicList(): Promise<PublicExperiments> {
  list ??= fetch(experimentsPath, { cache: 'no-store' }).then((response) =>
    response.ok ? (response.json() as Promise<PublicExperiments>) : { experiments: [] },
  );
  return list;
}

export async function chooseVariant(flowId: string): Promise<ChosenVariant | undefined> {
  const { experiments } = await publicList();
  const running = experiments.filter((e) => !e.promoted).map((e) => e.id);
  const test = experiments.find((e) => e.flow === flowId && e.path === location.pathname);
  // A list from before tests could serve two flows names no flow: the placed one.
  const variants = (test?.variants ?? []).map((v) => ({ ...v, flow: v.flow ?? flowId }));
  const control = variants[0];
  if (!test || !control || test.promoted || trackingDeclined()) {
    keepVariants(running);
    return control;
  }
  const visit = visitId();
  const variant =
    variants.find((v) => savedProgressVersion(v.flow) === v.version) ??
    variants.find((v) => v.key === keptVariant(test.id)) ??
    (visit === undefined ? control : assignVariant(test.id, visit, variants));
  keepVariants(running, {
    experiment: test.id,
    variant: variant.key,
    flow: variant.flow,
    version: variant.version,
  });
  return variant;
}
