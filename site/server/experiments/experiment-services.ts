/**
 * What the A/B tests work with: the store, the public list the browser chooses a variant from
 * (`GET /api/experiments`), and each test's report. The runtime builds them once per process.
 *
 * The public list is kept in memory for `PUBLIC_MAX_AGE_MS` (one query a second at most, the same
 * bound as a flow lookup): a test created, stopped or promoted on any instance reaches every
 * instance's visitors within about a second, and no visit renders anything on the server.
 */
import type { ResolvedFlow } from '@/engine';
import type { SiteDatabase } from '@/site/server/db/database';
import { LOOKUP_MAX_AGE_MS, type SiteFlows } from '@/site/server/flows/site-flows';
import type { PublicExperiment, PublicExperiments } from '@/site/flows/public-experiments';
import { experimentReport, type VariantReport } from './experiment-report';
import { ExperimentStore, type Experiment } from './experiment-store';

export const PUBLIC_MAX_AGE_MS = 1000;

export interface ExperimentServices {
  store: ExperimentStore;
  /** The running tests and the promoted winners still served, as the browser reads them. */
  publicList(): Promise<PublicExperiments>;
  report(test: Experiment): Promise<VariantReport[]>;
  /** The flow's newest published version now (0: none). */
  newestVersion(flowId: string): Promise<number>;
  /** One published version of a flow, resolved. */
  flowAt(flowId: string, version: number): Promise<ResolvedFlow | undefined>;
}

/**
 * The tests as the browser reads them. A promoted test serves its winner alone: a version of the
 * placed flow only while that flow's newest version is the one it was promoted over (a later
 * publish is what visitors get from then on, as without a test); a variant of another flow until
 * the test is stopped, since no publish of the placed flow says anything about the other one.
 */
export async function publicExperiments(
  tests: readonly Experiment[],
  newest: (flowId: string) => number,
  startOf: (flowId: string, version: number) => Promise<string | undefined>,
): Promise<PublicExperiments> {
  const experiments: PublicExperiment[] = [];
  for (const test of tests) {
    const promoted = test.status === 'promoted';
    const served = promoted ? test.variants.filter((v) => v.key === test.winner) : test.variants;
    const ofPlacedFlow = served.every((v) => v.flow === test.flowId);
    if (promoted && ofPlacedFlow && test.promotedOver !== newest(test.flowId)) continue;
    const variants = [];
    for (const variant of served) {
      const start = await startOf(variant.flow, variant.version);
      if (start !== undefined) variants.push({ ...variant, start });
    }
    // A test whose version no longer loads is left out: visits get the page's own version.
    if (variants.length !== served.length || variants.length === 0) continue;
    experiments.push({ id: test.id, path: test.pagePath, flow: test.flowId, promoted, variants });
  }
  return { experiments };
}

export function createExperimentServices(
  database: () => Promise<SiteDatabase>,
  flows: SiteFlows,
  now: () => number = Date.now,
): ExperimentServices {
  const store = new ExperimentStore(database);
  const flowAt = (flowId: string, version: number) => flows.flow(flowId, version);
  let kept: { at: number; list: Promise<PublicExperiments> } | undefined;
  const read = async () => {
    const registry = await flows.fresh(LOOKUP_MAX_AGE_MS);
    return publicExperiments(
      await store.live(),
      (flowId) => registry.get(flowId)?.version ?? 0,
      async (flowId, version) => (await flowAt(flowId, version))?.start,
    );
  };
  return {
    store,
    publicList() {
      if (!kept || now() - kept.at >= PUBLIC_MAX_AGE_MS) {
        const list = read();
        kept = { at: now(), list };
        // A failed read is not kept: the next request tries again.
        list.catch(() => {
          if (kept?.list === list) kept = undefined;
        });
      }
      return kept.list;
    },
    report: (test) => experimentReport(test, database, flowAt),
    newestVersion: async (flowId) =>
      (await flows.fresh(LOOKUP_MAX_AGE_MS)).get(flowId)?.version ?? 0,
    flowAt,
  };
}
