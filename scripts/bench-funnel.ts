/**
 * `npm run bench:funnel`: the funnel page's report over 1,000,000 events of one flow. Seeds them
 * (visits walking the `client` questionnaire at random: steps shown, transitions taken, a step
 * shown again now and then, abandoned on the way; 30 days) into a fresh SQLite file and a private
 * PostgreSQL cluster (tests/integration/support; `-- --no-postgres` skips it), then measures what
 * /admin/flows/client computes (`funnel()`, site/server/funnel/funnel-report.ts) over all time
 * and over the last 7 days: the wall-clock time (median of 3 runs) and the longest the event loop
 * was held still meanwhile (perf_hooks' monitorEventLoopDelay, 1 ms resolution): on SQLite every
 * statement runs synchronously on the server's one thread, so a long statement stalls every
 * request. Both beside a baseline measured in the same run: the report over 1,000 events (another
 * version of the flow in the same database). Also the cost of storing one beacon's batch of 20
 * events into the full table, within a visit's limit of 500 (what `POST /api/flow-events` does),
 * median of 200.
 * `-- --events N` seeds N events instead (a quick look).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openMigrated, type SiteDatabase } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { funnel } from '@/site/server/funnel/funnel-report';
import type { FunnelTables } from '@/site/server/funnel/funnel-schema';
import { FunnelStore } from '@/site/server/funnel/funnel-store';
import { startPostgres } from '@/tests/integration/support/postgres-cluster';
import { seedRandomEvents } from '@/tests/unit/site/server/funnel/random-visits';

const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const EVENTS = Number(argValue('--events') ?? 1_000_000);
const BASELINE_EVENTS = 1_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2025, 10, 30);

const flow = loadFlowRegistry('flows', { brandName: 'Sample Firm', brandSlug: 'samplefirm' }).get(
  'client',
)!;

/** `count` events of `version` over the 30 days before NOW. */
async function seed(site: SiteDatabase, version: number, count: number, seedNo: number) {
  const db = site.db.withTables<FunnelTables>();
  return seedRandomEvents(db, {
    flow,
    version,
    events: count,
    seed: seedNo,
    from: NOW - 30 * DAY,
    days: 30,
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Median wall time of `runs` runs (after one warm-up) and the longest event-loop stall. */
async function measure(runs: number, run: () => Promise<unknown>) {
  await run();
  const samples: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // The monitor samples on a timer of its own: give it a turn of the loop to start.
  await pause(10);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
    await pause(5); // the loop turns between runs: a stall is one run's, not the sum of all
  }
  // Let the monitor's timer fire once more, so a stall at the very end is recorded.
  await pause(10);
  delay.disable();
  return { ms: median(samples), blockMs: delay.max / 1e6 };
}

const f = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;

async function bench(label: string, site: SiteDatabase) {
  const store = new FunnelStore(() => Promise.resolve(site));
  const seedStart = performance.now();
  const big = await seed(site, flow.version, EVENTS, 1);
  await seed(site, flow.version + 1, BASELINE_EVENTS, 2);
  // What autovacuum does on a live PostgreSQL after a load like this one.
  if (site.dialect === 'postgres') await sql`ANALYZE flow_events`.execute(site.db);
  console.log(
    `${label}: ${EVENTS} events (${big.visits} visits) + ${BASELINE_EVENTS} seeded in ` +
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const report = (options: { version: number; since?: number }) => () =>
    funnel(flow, options, store);
  const baseline = await measure(15, report({ version: flow.version + 1 }));
  console.log(
    `  baseline: report over ${BASELINE_EVENTS} events ${f(baseline.ms)}, ` +
      `longest event-loop stall ${f(baseline.blockMs)}`,
  );
  const cases: [string, { version: number; since?: number }][] = [
    ['all time', { version: flow.version }],
    ['last 7 days', { version: flow.version, since: NOW - 7 * DAY }],
  ];
  for (const [name, options] of cases) {
    const result = await funnel(flow, options, store);
    const { ms, blockMs } = await measure(3, report(options));
    console.log(
      `  report over ${EVENTS} events, ${name.padEnd(11)} ${f(ms)} ×${(ms / baseline.ms).toFixed(0)} baseline;` +
        ` longest event-loop stall ${f(blockMs)} ×${(blockMs / Math.max(baseline.blockMs, 1)).toFixed(1)}` +
        `  (${result.visitors} visitors, ${result.completed} completed)`,
    );
  }

  let seq = 1_000_000;
  const insert = await measure(200, () => {
    const visit = `bench-insert-${seq}-000000`;
    const events = Array.from({ length: 20 }, (_, i) => ({
      visit,
      flow: flow.id,
      version: flow.version,
      step: flow.start,
      transition: null,
      seq: seq + i,
      at: NOW,
    }));
    seq += 20;
    return store.insertEvents(events, NOW, { perVisit: 500 });
  });
  console.log(
    `  storing a batch of 20 events into the full table ${f(insert.ms)}, ` +
      `longest event-loop stall ${f(insert.blockMs)}`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-funnel-'));
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
try {
  const sqlite = await openMigrated({ file: path.join(dir, 'site.sqlite') }, siteMigrations);
  await bench('SQLite', sqlite);
  await sqlite.close();
  if (!process.argv.includes('--no-postgres')) {
    const cluster = await startPostgres();
    try {
      const url = await cluster.createDatabase('bench_funnel');
      const postgres = await openMigrated({ url, file: '' }, siteMigrations);
      await bench('PostgreSQL', postgres);
      await postgres.close();
    } finally {
      cluster.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
