/**
 * A/B tests over the site database (SQLite or PostgreSQL, one Kysely store for both).
 *
 * Guarantees:
 * - `create` stores a test only when no other test runs on its placement: the partial unique
 *   index decides, so two staff creating one at once on any instances get one test and a refusal.
 * - `stop` and `promote` change a running test only (one conditional UPDATE each): a test
 *   stopped or promoted twice at once changes once, and the second caller is told nothing changed.
 * - Variants are immutable once stored: a report always reads the flows, versions and weights
 *   served.
 * - Stored variants name their flow (`{key, flow, version, weight}`); a row written before tests
 *   could serve two flows has none, which reads as the placed flow.
 */
import type { Selectable } from 'kysely';
import { isUniqueViolation, onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import type { ExperimentStatus, ExperimentTable, ExperimentTables } from './experiment-schema';

export interface Variant {
  /** Its name in the back office and on events and leads (`A`, `B`, …). */
  key: string;
  /**
   * The flow it serves: the placed flow (a version of it), or another published questionnaire
   * served at the same placement.
   */
  flow: string;
  /** The published version of `flow` it serves. */
  version: number;
  /** Its share of visits: weight / the weights' sum. */
  weight: number;
}

export interface Experiment {
  id: number;
  name: string;
  pagePath: string;
  flowId: string;
  /** The control first. */
  variants: Variant[];
  metricKey: string | null;
  status: ExperimentStatus;
  winner: string | null;
  /** The flow's newest version when the winner was promoted: it is served until a newer one. */
  promotedOver: number | null;
  createdAt: number;
  createdBy: string;
  endedAt: number | null;
  endedBy: string | null;
}

/** A variant as staff give it: no flow means the placed flow. */
export type NewVariant = Omit<Variant, 'flow'> & { flow?: string };

export interface NewExperiment {
  name: string;
  pagePath: string;
  flowId: string;
  variants: NewVariant[];
  metricKey?: string;
  createdBy: string;
}

export type CreateResult = { ok: true; experiment: Experiment } | { ok: false; message: string };

/** Each variant with its flow named: one without (a row of before) serves the placed flow. */
function withFlows(variants: readonly NewVariant[], placed: string): Variant[] {
  return variants.map(({ key, flow, version, weight }) => ({
    key,
    flow: flow ?? placed,
    version,
    weight,
  }));
}

function toExperiment(row: Selectable<ExperimentTable>): Experiment {
  return {
    id: Number(row.id),
    name: row.name,
    pagePath: row.page_path,
    flowId: row.flow_id,
    variants: withFlows(JSON.parse(row.variants) as NewVariant[], row.flow_id),
    metricKey: row.metric_key,
    status: row.status,
    winner: row.winner,
    promotedOver: row.promoted_over === null ? null : Number(row.promoted_over),
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    endedBy: row.ended_by,
  };
}

export class ExperimentStore {
  constructor(private readonly database: () => Promise<SiteDatabase>) {}

  private readonly db = onceUntilFailure(async () =>
    (await this.database()).db.withTables<ExperimentTables>(),
  );

  async create(test: NewExperiment, now: number = Date.now()): Promise<CreateResult> {
    const db = await this.db();
    try {
      const row = await db
        .insertInto('experiments')
        .values({
          name: test.name,
          page_path: test.pagePath,
          flow_id: test.flowId,
          variants: JSON.stringify(withFlows(test.variants, test.flowId)),
          metric_key: test.metricKey ?? null,
          status: 'running',
          winner: null,
          promoted_over: null,
          created_at: now,
          created_by: test.createdBy,
          ended_at: null,
          ended_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ok: true, experiment: toExperiment(row) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return {
        ok: false,
        message: `A test already runs on ${test.flowId} at ${test.pagePath}: stop it first`,
      };
    }
  }

  async get(id: number): Promise<Experiment | undefined> {
    const db = await this.db();
    const row = await db
      .selectFrom('experiments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toExperiment(row);
  }

  /** Every test, newest first. */
  async list(): Promise<Experiment[]> {
    const db = await this.db();
    const rows = await db.selectFrom('experiments').selectAll().orderBy('id', 'desc').execute();
    return rows.map(toExperiment);
  }

  /** The tests the public list is made of: running, and promoted (whose winner may still serve). */
  async live(): Promise<Experiment[]> {
    const db = await this.db();
    const rows = await db
      .selectFrom('experiments')
      .selectAll()
      .where('status', 'in', ['running', 'promoted'])
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toExperiment);
  }

  /**
   * Ends a running test, or a promotion still served: every visit goes back to the page's own
   * version. A promoted variant of another flow is served until this (or a newer test on the
   * placement), since no publish of the placed flow ends it. False: neither running nor promoted.
   */
  async stop(id: number, by: string, now: number = Date.now()): Promise<boolean> {
    const db = await this.db();
    const result = await db
      .updateTable('experiments')
      .set({ status: 'stopped', ended_at: now, ended_by: by })
      .where('id', '=', id)
      .where('status', 'in', ['running', 'promoted'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Ends a running test with `winner`, served to every new visit: a version of the placed flow
   * while `newestVersion` is still that flow's newest, a variant of another flow until the test is
   * stopped or a newer one starts on the placement. False: not running, or no such variant.
   */
  async promote(
    id: number,
    winner: string,
    newestVersion: number,
    by: string,
    now: number = Date.now(),
  ): Promise<boolean> {
    const test = await this.get(id);
    if (!test?.variants.some((v) => v.key === winner)) return false;
    const db = await this.db();
    const result = await db
      .updateTable('experiments')
      .set({
        status: 'promoted',
        winner,
        promoted_over: newestVersion,
        ended_at: now,
        ended_by: by,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
