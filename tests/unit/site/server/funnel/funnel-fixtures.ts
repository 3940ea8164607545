/**
 * Shared by the funnel tests: the repository's flows as the site loads them, a fresh database of
 * either dialect with the site's migrations, and visits written as scripts of what a visitor did
 * (`'phase'`: the step was shown; `'phase#1'`: its transition 1 was taken).
 */
import type { Kysely } from 'kysely';
import type { Dialect, SiteDatabase } from '@/site/server/db/database';
import { loadFlowRegistry, type FlowRegistry } from '@/site/server/flows/flow-registry';
import { createClientEventQuota } from '@/site/server/funnel/client-event-quota';
import { createDropLog } from '@/site/server/funnel/drop-log';
import type { FunnelServices } from '@/site/server/funnel/funnel-services';
import type { FunnelTables } from '@/site/server/funnel/funnel-schema';
import { FunnelStore, type FunnelEvent } from '@/site/server/funnel/funnel-store';
import { createRateLimit } from '@/site/server/http/rate-limit';
import { testDatabase } from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

let registry: FlowRegistry | undefined;

/** `flows/`, loaded once per test file, as the site's registry holds it. */
export function repoRegistry(): FlowRegistry {
  registry ??= loadFlowRegistry(FLOWS_DIR, VARS);
  return registry;
}

export function repoFlow(flowId: string) {
  const flow = repoRegistry().get(flowId);
  if (!flow) throw new Error(`flows/${flowId}.json did not load`);
  return flow;
}

/** A fresh database of the dialect, migrated, with a store over it. */
export async function tempFunnel(dialect: Dialect) {
  const database = await testDatabase(dialect);
  const site: SiteDatabase = await database.open();
  return {
    site,
    store: new FunnelStore(() => Promise.resolve(site)),
    /** Every stored event, in insertion order. */
    rows: () =>
      site.db
        .withTables<FunnelTables>()
        .selectFrom('flow_events')
        .selectAll()
        .orderBy('id')
        .execute(),
    db: (): Kysely<FunnelTables> => site.db.withTables<FunnelTables>(),
    dispose: () => database.dispose(),
  };
}

/**
 * The endpoint's services over a test database, as the runtime builds them: the repository's
 * flows, no request rate limit, and the storage limits given (none unless given), counted where
 * the site would count them (beside `site`: in memory for SQLite, in PostgreSQL's table).
 */
export function endpointServices(
  store: FunnelStore,
  limits: { perVisit?: number; perHour?: number; perDay?: number; site?: SiteDatabase } = {},
  logDrops: FunnelServices['logDrops'] = createDropLog(() => undefined),
): FunnelServices {
  const { site } = limits;
  return {
    store,
    flows: () => Promise.resolve(repoRegistry()),
    rateLimit: createRateLimit(0),
    perVisit: limits.perVisit ?? 0,
    clientQuota: createClientEventQuota(
      { perHour: limits.perHour ?? 0, perDay: limits.perDay ?? 0 },
      site && (() => Promise.resolve(site)),
    ),
    logDrops,
  };
}

/** The events of one visit to one flow version, numbered from `firstSeq`. */
export function visitEvents(
  visit: string,
  flow: { id: string; version: number },
  script: readonly string[],
  firstSeq = 0,
): FunnelEvent[] {
  return script.map((entry, i) => {
    const step = entry.split('#')[0]!;
    return {
      visit,
      flow: flow.id,
      version: flow.version,
      step,
      transition: entry.includes('#') ? entry : null,
      seq: firstSeq + i,
      at: Date.UTC(2025, 10, 24) + i * 1000,
    };
  });
}

/** The same visit as the browser sends it: the wire body of `POST /api/flow-events`. */
export function wireBatch(events: readonly FunnelEvent[]) {
  return {
    visit: events[0]!.visit,
    events: events.map(({ flow, version, step, transition, seq, at }) => ({
      flow,
      version,
      step,
      ...(transition === null ? {} : { transition }),
      seq,
      at,
    })),
  };
}

/** `POST /api/flow-events` from a page of this site, as the beacon sends it. */
export function beaconRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://site.test/api/flow-events', {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://site.test', ...headers },
    body: JSON.stringify(body),
  });
}

/** The client questionnaire's way through the revenue branch (events as a visit reports them). */
export const toRevenue = ['phase', 'phase#1', 'revenue', 'revenue#0'];

/** …on to the ready step, where the visitor books a consultation or buys. */
export const toReady = [
  ...toRevenue,
  'industry',
  'industry#0',
  'service',
  'service#0',
  'contact',
  'contact#0',
  'ready',
];
