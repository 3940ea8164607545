/**
 * `npm run bench:admin`: the staff's inbox over 10,000 leads. Seeds them (four questionnaires,
 * every status, names, e-mails, phones, 60 days) into a fresh SQLite file and a private
 * PostgreSQL cluster (tests/integration/support; `-- --no-postgres` skips it), then times the
 * queries one /admin/leads page runs (a page of 50 and the total) for typical filters, median of
 * 15 runs each, beside a baseline measured in the same run: counting every lead (one scan of the
 * table). Budget: 200 ms of server time per page, on either database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openMigrated, type SiteDatabase } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import type { LeadFilter, NewLead } from '@/site/server/leads/lead-types';
import { startPostgres } from '../tests/integration/support/postgres-cluster';

const LEADS = 10_000;
const RUNS = 15;
const BUDGET_MS = 200;
const DAY = 86_400_000;
const flows = ['client', 'grants', 'careers', 'newsletter'];
const names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov'];

function seedLead(i: number, now: number): NewLead {
  const name = `${names[i % names.length]} ${i}`;
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`;
  const at = now - (i % 60) * DAY - i;
  return {
    id: `L${String(i).padStart(6, '0')}`,
    flowId: flows[i % flows.length]!,
    flowVersion: 2,
    answers: { full_name: name, email, phone: `202555${String(i).padStart(4, '0')}` },
    pageUri: 'https://firm.example/',
    pageName: 'home',
    submittedAt: at,
    receivedAt: at,
    submissions: [
      {
        formKey: 'question',
        body: {
          submittedAt: at,
          fields: [{ objectTypeId: '0-1', name: 'email', value: email }],
          context: {},
        },
      },
    ],
    files: [],
  };
}

async function seed(site: SiteDatabase, store: OutboxStore) {
  const now = Date.now();
  for (let i = 0; i < LEADS; i++) await store.insertLead(seedLead(i, now));
  // Every status: a quarter each.
  const statuses = ['delivered', 'held', 'failed'] as const;
  for (const [k, status] of statuses.entries()) {
    await sql`UPDATE lead_deliveries SET status = ${status}
      WHERE id % 4 = ${k + 1}`.execute(site.db);
  }
  return now;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function time(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

async function measure(label: string, site: SiteDatabase): Promise<boolean> {
  const store = new OutboxStore(() => Promise.resolve(site));
  const seedStart = performance.now();
  const now = await seed(site, store);
  console.log(
    `${label}: ${LEADS} leads seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const baseline = await time(() => sql`SELECT COUNT(*) FROM leads`.execute(site.db));
  const filters: [string, LeadFilter][] = [
    ['no filter (first page)', {}],
    ['status held', { status: 'held' }],
    ['flow client, last 7 days', { flowId: 'client', from: now - 7 * DAY }],
    ['search "grace"', { query: 'grace' }],
    ['held + client + search', { status: 'held', flowId: 'client', query: 'hopper' }],
  ];
  let ok = true;
  console.log(`  baseline (count every lead): ${baseline.toFixed(2)} ms`);
  for (const [name, filter] of filters) {
    const page = () => store.searchLeads(filter, { limit: 50, offset: 0 });
    const { total } = await page();
    const ms = await time(page);
    ok &&= ms < BUDGET_MS;
    console.log(
      `  ${name.padEnd(28)} ${ms.toFixed(2).padStart(8)} ms  ×${(ms / baseline).toFixed(1)} baseline  (${total} match)  ${ms < BUDGET_MS ? 'ok' : `OVER ${BUDGET_MS} ms`}`,
    );
  }
  return ok;
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-admin-'));
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
let ok = true;
try {
  const sqlite = await openMigrated({ file: path.join(dir, 'site.sqlite') }, siteMigrations);
  ok &&= await measure('SQLite', sqlite);
  await sqlite.close();
  if (!process.argv.includes('--no-postgres')) {
    const cluster = await startPostgres();
    try {
      const postgres = await openMigrated(
        { url: await cluster.createDatabase('bench_admin'), file: '' },
        siteMigrations,
      );
      ok &&= await measure('PostgreSQL', postgres);
      await postgres.close();
    } finally {
      cluster.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
