/**
 * An A/B test's report, per variant: the visits it served (distinct visit ids of the funnel
 * events tagged with it), how many reached an ending (the completion rate), the leads tagged
 * with it, the mean of the test's chosen lead value, and the probability that it has the
 * highest completion rate (probability-best.ts: Beta(1, 1) prior, seeded Monte Carlo).
 *
 * Only events and leads of the variant's own flow and version count: a tag on another flow or
 * version (a stale tab, a hand-made request) names no variant of this test. Which transitions
 * reach an ending is the variant's flow version's to say, read from the catalogue; a variant may
 * serve another flow than the placed one, so each variant is read with its own.
 *
 * The chosen value: a computed value of the variant's flow (worked out from the lead's answers
 * with that flow's version), else a numeric answer or hidden value of the lead, by key. A lead
 * without a number there is left out of the mean, and counted apart. When the value is computed
 * by some variants' flows and not by another's, that variant has no mean (`metricMissing`): its
 * flow does not compute it, which is not a mean of 0.
 */
import { sql } from 'kysely';
import { computeValues, indexFlow, targetsOf, type ResolvedFlow } from '@/engine';
import type { SiteDatabase } from '@/site/server/db/database';
import type { ExperimentTables } from './experiment-schema';
import type { Experiment, Variant } from './experiment-store';
import { probabilityBest } from './probability-best';

export interface VariantReport extends Variant {
  visits: number;
  completed: number;
  /** completed / visits; null before any visit. */
  completionRate: number | null;
  leads: number;
  /** The mean of the chosen value over the leads that have a number there; null: none. */
  metricMean: number | null;
  /** Leads with a number for the chosen value. */
  metricLeads: number;
  /** The chosen value is computed by another variant's flow and not by this one's. */
  metricMissing: boolean;
  probabilityBest: number;
}

/** Each transition of `flow` that reaches an ending (`step#i`, the engine's numbering). */
export function endingTransitions(flow: ResolvedFlow): string[] {
  const { endings } = indexFlow(flow);
  return flow.steps.flatMap((step) =>
    targetsOf(step).flatMap((to, i) => (endings.has(to) ? [`${step.id}#${i}`] : [])),
  );
}

/**
 * A lead's chosen value as a number: the flow's computed value of that name (a readiness score),
 * worked out from the lead's answers and hidden values with the version it answered; else its
 * answer by that key, else its hidden value.
 */
export function metricOf(
  flow: ResolvedFlow | undefined,
  answers: unknown,
  hidden: unknown,
  key: string,
): number | undefined {
  const bag = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  if (flow?.computed?.[key]) {
    const computed = computeValues(flow, bag(answers), bag(hidden) as Record<string, string>)[key];
    return typeof computed === 'number' && Number.isFinite(computed) ? computed : undefined;
  }
  const pick = (from: unknown) => bag(from)[key];
  const value = pick(answers) ?? pick(hidden);
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value.replace(/[$,\s]/g, ''));
  return Number.isFinite(number) ? number : undefined;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export async function experimentReport(
  test: Experiment,
  database: () => Promise<SiteDatabase>,
  flowAt: (flowId: string, version: number) => Promise<ResolvedFlow | undefined>,
): Promise<VariantReport[]> {
  const db = (await database()).db.withTables<ExperimentTables>();
  const flows = await Promise.all(test.variants.map((v) => flowAt(v.flow, v.version)));
  const key = test.metricKey;
  const computedSomewhere = key !== null && flows.some((flow) => flow?.computed?.[key]);
  const counted = await Promise.all(
    test.variants.map(async (variant, i) => {
      const flow = flows[i];
      const metricMissing = computedSomewhere && flow !== undefined && !flow.computed?.[key];
      const toEnding = flow ? endingTransitions(flow) : [];
      const completes =
        toEnding.length > 0 ? sql`transition IN (${sql.join(toEnding)})` : sql`1 = 0`;
      const totals = await sql<{ visits: number; completed: number }>`
        SELECT COUNT(DISTINCT visit_id) AS visits,
          COUNT(DISTINCT CASE WHEN ${completes} THEN visit_id END) AS completed
        FROM flow_events
        WHERE experiment_id = ${test.id} AND variant = ${variant.key}
          AND flow_id = ${variant.flow} AND flow_version = ${variant.version}`.execute(db);
      const leads = await db
        .selectFrom('leads')
        .select(['answers', 'hidden'])
        .where('experiment_id', '=', test.id)
        .where('experiment_variant', '=', variant.key)
        .where('flow_id', '=', variant.flow)
        .where('flow_version', '=', variant.version)
        .execute();
      const values =
        key !== null && !metricMissing
          ? leads.flatMap((lead) => {
              const value = metricOf(flow, parse(lead.answers), parse(lead.hidden), key);
              return value === undefined ? [] : [value];
            })
          : [];
      const visits = Number(totals.rows[0]?.visits ?? 0);
      const completed = Number(totals.rows[0]?.completed ?? 0);
      return {
        ...variant,
        visits,
        completed,
        completionRate: visits === 0 ? null : completed / visits,
        leads: leads.length,
        metricMean: values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length,
        metricLeads: values.length,
        metricMissing,
      };
    }),
  );
  const best = probabilityBest(counted);
  return counted.map((variant, i) => ({ ...variant, probabilityBest: best[i]! }));
}
