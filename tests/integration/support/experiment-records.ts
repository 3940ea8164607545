/**
 * What the A/B test integration tests share: a site database of its own for each test (on the
 * dialect given) with the experiment store and a staff change context over it, funnel events as
 * the beacon sends them, and leads tagged with a variant as the lead endpoint parses them. Events
 * and leads go through the endpoints' own parsing and checks, so a tag the endpoints would drop
 * cannot count in a report.
 */
import { afterEach, beforeEach } from 'vitest';
import type { ResolvedFlow } from '@/engine';
import type { StaffUser } from '@/site/server/admin/staff-user';
import type { SiteDatabase } from '@/site/server/db/database';
import { startExperiment, type ChangeContext } from '@/site/server/experiments/experiment-changes';
import { endingTransitions } from '@/site/server/experiments/experiment-report';
import { ExperimentStore, type Experiment } from '@/site/server/experiments/experiment-store';
import { checkFlowEvents } from '@/site/server/funnel/check-flow-events';
import type { FunnelStore } from '@/site/server/funnel/funnel-store';
import { parseFlowEvents } from '@/site/server/funnel/parse-flow-events';
import type { OutboxStore } from '@/site/server/leads/outbox-store';
import { parseJsonBody } from '@/site/server/leads/parse-lead-request';
import { lead } from '@/tests/unit/site/server/leads/outbox-fixtures';
import type { Dialect } from '@/site/server/db/database';
import { testDatabase, type TestDatabase } from './test-databases';

export const staff: StaffUser = { id: 7, email: 'ana@firm.example', role: 'staff' };

type StartForm = Parameters<typeof startExperiment>[0];

/**
 * Registers the hooks that give each test a fresh database; read the fields inside a test. The
 * context's clock stands at 1,000 ms. `started()` starts `form` as staff.
 */
export function experimentSite(dialect: Dialect, form: StartForm) {
  const current = {} as {
    database: TestDatabase;
    site: SiteDatabase;
    store: ExperimentStore;
    context: ChangeContext;
  };
  beforeEach(async () => {
    current.database = await testDatabase(dialect);
    current.site = await current.database.open();
    const site = current.site;
    current.store = new ExperimentStore(() => Promise.resolve(site));
    current.context = {
      store: current.store,
      database: () => Promise.resolve(site),
      staff,
      now: 1_000,
    };
  }, 60_000);
  afterEach(async () => {
    await current.database.dispose();
  });
  return {
    get database() {
      return current.database;
    },
    get site() {
      return current.site;
    },
    get store() {
      return current.store;
    },
    get context() {
      return current.context;
    },
    async started(): Promise<Experiment> {
      const result = await startExperiment(form, current.context);
      if (!result.ok) throw new Error(result.message);
      return result.experiment;
    },
  };
}

/** The flows the funnel endpoint checks events against. */
type FlowLookup = Parameters<typeof checkFlowEvents>[1];

/**
 * One visit's events on `flow` at `version`, tagged with the test and variant: its opening step,
 * and with `done` the flow's first ending transition.
 */
export async function sendFunnelEvents(
  funnel: FunnelStore,
  flows: FlowLookup,
  visit: {
    id: string;
    flow: ResolvedFlow;
    version: number;
    experiment: number;
    variant: string;
    done: boolean;
  },
): Promise<void> {
  const { flow, version } = visit;
  const [ending] = endingTransitions(flow);
  const at = Date.UTC(2025, 0, 1);
  const events = [
    { flow: flow.id, version, step: flow.start, seq: 0, at },
    ...(visit.done
      ? [{ flow: flow.id, version, step: ending!.split('#')[0], transition: ending, seq: 1, at }]
      : []),
  ].map((e) => ({ ...e, experiment: visit.experiment, variant: visit.variant }));
  const body = new TextEncoder().encode(JSON.stringify({ visit: visit.id, events }));
  const parsed = parseFlowEvents(body);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const checked = checkFlowEvents(parsed.batch, flows);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  await funnel.insertEvents(checked.events, Date.now());
}

/** A lead on `flowId` at `version` with `answers` (and an e-mail), tagged with the variant. */
export async function storeTaggedLead(
  outbox: OutboxStore,
  tagged: {
    flowId: string;
    version: number;
    experiment: number;
    variant: string;
    answers: Record<string, string>;
  },
): Promise<void> {
  const parsed = parseJsonBody(
    new TextEncoder().encode(
      JSON.stringify({
        answers: { email: 'v@visitor.example', ...tagged.answers },
        page: { uri: 'https://firm.example/', name: 'home' },
        experiment: { id: tagged.experiment, variant: tagged.variant },
      }),
    ),
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  await outbox.insertLead({
    ...lead('v@visitor.example'),
    flowId: tagged.flowId,
    flowVersion: tagged.version,
    answers: parsed.request.answers,
    experiment: parsed.request.experiment,
  });
}
