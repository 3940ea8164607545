/**
 * Every change to an A/B test, each written with its audit row: start, stop, promote. The
 * back office's forms (site/admin/experiments/experiment-actions.ts) check the request and call
 * these; the audit row is written only when the change was made, and names the test, its
 * variants and, for a promotion, the winner.
 */
import type { SiteDatabase } from '@/site/server/db/database';
import { recordAudit } from '@/site/server/admin/audit-log';
import type { StaffUser } from '@/site/server/admin/staff-user';
import type { Experiment, ExperimentStore, NewExperiment, Variant } from './experiment-store';

export interface ChangeContext {
  store: ExperimentStore;
  database: () => Promise<SiteDatabase>;
  staff: StaffUser;
  now?: number;
}

export type Change = { ok: true; experiment: Experiment } | { ok: false; message: string };

/** `B v2` for a version of the placed flow, `B clientPrequal v1` for another flow. */
const servedText = (test: Experiment, v: Variant) =>
  v.flow === test.flowId ? `${v.key} v${v.version}` : `${v.key} ${v.flow} v${v.version}`;

const variantsText = (test: Experiment) =>
  test.variants.map((v) => `${servedText(test, v)} ×${v.weight}`).join(', ');

export async function startExperiment(
  test: Omit<NewExperiment, 'createdBy'>,
  context: ChangeContext,
): Promise<Change> {
  const now = context.now ?? Date.now();
  const created = await context.store.create({ ...test, createdBy: context.staff.email }, now);
  if (!created.ok) return created;
  const { experiment } = created;
  await recordAudit(
    {
      staff: context.staff,
      action: 'started A/B test',
      detail: `#${experiment.id} ${experiment.name}: ${experiment.flowId} on ${experiment.pagePath}, ${variantsText(experiment)}`,
    },
    now,
    context.database,
  );
  return created;
}

export async function stopExperiment(test: Experiment, context: ChangeContext): Promise<Change> {
  const now = context.now ?? Date.now();
  if (!(await context.store.stop(test.id, context.staff.email, now))) {
    return { ok: false, message: 'This test is not running' };
  }
  await recordAudit(
    { staff: context.staff, action: 'stopped A/B test', detail: `#${test.id} ${test.name}` },
    now,
    context.database,
  );
  return { ok: true, experiment: (await context.store.get(test.id))! };
}

/** `newestVersion`: the flow's newest version now, which the winner is served over. */
export async function promoteExperiment(
  test: Experiment,
  winnerKey: string,
  newestVersion: number,
  context: ChangeContext,
): Promise<Change> {
  const now = context.now ?? Date.now();
  const winner = test.variants.find((v) => v.key === winnerKey);
  if (!winner) return { ok: false, message: 'Choose the variant to promote' };
  if (
    !(await context.store.promote(test.id, winner.key, newestVersion, context.staff.email, now))
  ) {
    return { ok: false, message: 'This test is not running' };
  }
  await recordAudit(
    {
      staff: context.staff,
      action: 'promoted A/B test variant',
      detail:
        winner.flow === test.flowId
          ? `#${test.id} ${test.name}: ${winner.key} (version ${winner.version}) for every visit`
          : `#${test.id} ${test.name}: ${winner.key} (${winner.flow} version ${winner.version}) for every visit at ${test.pagePath}`,
    },
    now,
    context.database,
  );
  return { ok: true, experiment: (await context.store.get(test.id))! };
}
