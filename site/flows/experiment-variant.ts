/**
 * Chooses this visit's variant of the A/B test on a flow's placement (this page's path and the
 * flow), in the browser, from the small public list of tests (`GET /api/experiments`): the page
 * itself stays static and no server renders anything per visit. Loaded by the flow island of a
 * page's questionnaire as the page arrives.
 *
 * Which variant, in this order:
 * - a promoted test's winner, to everyone (the test is over: nothing is tagged);
 * - Do Not Track or Global Privacy Control: the control, untagged;
 * - saved progress on a variant's version (a reload, or a resume link on another device): that
 *   variant, so a visitor finishes on the version they answered;
 * - the variant kept for this visit, then the one its id hashes to (assign-variant.ts).
 */
import { assignVariant } from './assign-variant';
import { savedProgressVersion } from './progress-key';
import { experimentsPath, type PublicExperiments, type PublicVariant } from './public-experiments';
import { keepVariants, keptVariant } from './variant-tag';
import { trackingDeclined, visitId } from './visit';

export type ChosenVariant = Pick<PublicVariant, 'key' | 'version' | 'start'>;

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
  const control = test?.variants[0];
  if (!test || !control || test.promoted || trackingDeclined()) {
    keepVariants(running);
    return control;
  }
  const saved = savedProgressVersion(flowId);
  const visit = visitId();
  const variant =
    test.variants.find((v) => v.version === saved) ??
    test.variants.find((v) => v.key === keptVariant(test.id)) ??
    (visit === undefined ? control : assignVariant(test.id, visit, test.variants));
  keepVariants(running, {
    experiment: test.id,
    variant: variant.key,
    flow: flowId,
    version: variant.version,
  });
  return variant;
}
