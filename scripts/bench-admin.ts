/**
 * `npm run bench:admin`: the staff's inbox over 10,000 leads. Seeds them (four questionnaires,
 * three statuses, names, e-mails, phones, 60 days) into a fresh SQLite file and a private
 * PostgreSQL cluster (tests/integration/support; `-- --no-postgres` skips it), then times the
 * queries one /admin/leads page runs (a page of 50 and the total) for typical filters, median of
 * 15 runs each, beside a baseline measured in the same run: counting every lead. When a build of
 * the site exists (NEXT_DIST_DIR, default .next), it also serves it on that database
 * (scripts/serve.mjs) and times the whole page as a signed-in staff member gets it over HTTP on
 * loopback (the server's time plus a loopback round trip), beside the site's /healthz.
 * Budget: 200 ms per page, on either database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openMigrated, type SiteDatabase } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { AUTH_COOKIE } from '@/site/server/auth/auth-cookie';
import { createSessionStore } from '@/site/server/auth/session-store';
import type { AuthTables } from '@/site/server/auth/user-store';
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
  // Half delivered, a quarter held, a quarter failed; none pending, so a served site's worker
  // leaves them as they are.
  await sql`UPDATE lead_deliveries SET status = CASE id % 4 WHEN 1 THEN 'held'
    WHEN 2 THEN 'failed' ELSE 'delivered' END`.execute(site.db);
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
  if (existsSync(path.join(process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
    ok &&= await measurePage(site, label === 'SQLite' ? {} : { DATABASE_URL: databaseUrl! });
  }
  return ok;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A staff member with a session on this database, as `npm run users -- grant` would make. */
async function staffCookie(site: SiteDatabase): Promise<string> {
  const db = site.db.withTables<AuthTables>();
  const user = await db
    .insertInto('users')
    .values({
      email: `bench-${Date.now()}@firm.example`,
      password_hash: 'unused',
      // A role goes only to a confirmed address.
      email_verified_at: Date.now(),
      created_at: Date.now(),
      role: 'staff',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSessionStore(db).create(Number(user.id), Date.now());
  return `${AUTH_COOKIE}=${token}`;
}

async function measurePage(site: SiteDatabase, env: Record<string, string>): Promise<boolean> {
  const cookie = await staffCookie(site);
  const port = await freePort();
  const server: ChildProcess = spawn(
    process.execPath,
    ['scripts/serve.mjs', '--port', String(port), '--hostname', '127.0.0.1'],
    { env: { ...process.env, LEADS_DB: sqliteFile, ...env }, stdio: 'ignore' },
  );
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (let waited = 0; ; waited += 200) {
      if (waited > 60_000) throw new Error('the server did not start');
      if (
        await fetch(`${origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const get = (url: string) => async () => {
      const response = await fetch(`${origin}${url}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
      await response.text();
    };
    const baseline = await time(get('/healthz'));
    console.log(
      `  served page (HTTP on loopback), baseline GET /healthz: ${baseline.toFixed(2)} ms`,
    );
    let ok = true;
    for (const url of [
      '/admin/leads',
      '/admin/leads?status=held&flow=client',
      '/admin/leads?q=grace&page=3',
    ]) {
      const ms = await time(get(url));
      ok &&= ms < BUDGET_MS;
      console.log(
        `  GET ${url.padEnd(38)} ${ms.toFixed(2).padStart(8)} ms  ×${(ms / baseline).toFixed(1)} baseline  ${ms < BUDGET_MS ? 'ok' : `OVER ${BUDGET_MS} ms`}`,
      );
    }
    return ok;
  } finally {
    server.kill('SIGTERM');
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-admin-'));
const sqliteFile = path.join(dir, 'site.sqlite');
let databaseUrl: string | undefined;
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
let ok = true;
try {
  const sqlite = await openMigrated({ file: sqliteFile }, siteMigrations);
  ok &&= await measure('SQLite', sqlite);
  await sqlite.close();
  if (!process.argv.includes('--no-postgres')) {
    const cluster = await startPostgres();
    try {
      databaseUrl = await cluster.createDatabase('bench_admin');
      const postgres = await openMigrated({ url: databaseUrl, file: '' }, siteMigrations);
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
