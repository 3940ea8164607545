/**
 * The build folder outlives its database: one build served over a database that is reset,
 * restored from a backup, swapped for PostgreSQL, or restored under a running server. Each time
 * the production server serves what that database holds (the files' version on an empty one),
 * in `/api/flows/{id}` and in the pages that host the flow, and takes leads at that version;
 * nothing the build served before is served from a cache.
 */
import { copyFileSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISION_ATTRIBUTE } from '@/site/flows/flow-revision-marks.mjs';
import { startLeadsServer, tempDataDir, until, type LeadsServer } from './support/leads-server';
import { ensureBuild } from './support/leads-build';
import { runScript } from './support/run-script';
import { submittingPaths } from './support/sample-leads';
import { serverDatabase } from './support/test-databases';

const FLOW = 'ebook';
const fileSource = readFileSync(path.join(process.cwd(), 'flows', `${FLOW}.json`), 'utf8');
const fileFlow = JSON.parse(fileSource) as { title: string; version: number };
const PUBLISHED_TITLE = 'The guide, as published in the studio';

/** The flow's version and title as `/api/flows/{id}` serves them. */
async function served(server: LeadsServer): Promise<{ version: number; title: string }> {
  const response = await fetch(`${server.url}/api/flows/${FLOW}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { version: number; title: string };
}

/** The versions of the flow the home page (which hosts it) was drawn with. */
async function pageVersions(server: LeadsServer): Promise<number[]> {
  const html = await (await fetch(`${server.url}/`, { headers: { accept: 'text/html' } })).text();
  const pattern = new RegExp(`${REVISION_ATTRIBUTE}="${FLOW}@(\\d+):`, 'g');
  return [...new Set([...html.matchAll(pattern)].map((m) => Number(m[1])))];
}

async function servesVersion(server: LeadsServer, version: number, title: string) {
  await until(
    async () => (await served(server)).version === version,
    15_000,
    `/api/flows/${FLOW} at version ${version}`,
  );
  expect((await served(server)).title).toBe(title);
  await until(
    async () => (await pageVersions(server)).join() === String(version),
    15_000,
    `the home page drawn with version ${version}`,
  );
}

function leadAt(server: LeadsServer, version: number): Promise<Response> {
  const path = submittingPaths(FLOW)[0]!;
  return fetch(`${server.url}/api/leads/${FLOW}?version=${version}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers: path.answers, page: { uri: `${server.url}/`, name: 'home' } }),
  });
}

async function publish(server: LeadsServer, databaseEnv: Record<string, string>) {
  const file = path.join(tempDataDir(), `${FLOW}.json`);
  writeFileSync(
    file,
    fileSource.replace(JSON.stringify(fileFlow.title), JSON.stringify(PUBLISHED_TITLE)),
  );
  const run = await runScript(
    'scripts/flows.ts',
    ['publish', file, '--author', 'ann@example.com', '--note', 'retitled'],
    databaseEnv,
  );
  expect(run.code, run.stderr).toBe(0);
}

/** The SQLite database's files (the WAL and its index with it). */
const databaseFiles = (file: string) =>
  readdirSync(path.dirname(file)).filter((name) => name.startsWith(path.basename(file)));

describe('one build over a database that is reset, restored and switched', () => {
  let server: LeadsServer;
  const published = fileFlow.version + 1;

  beforeAll(async () => {
    await ensureBuild();
    server = await startLeadsServer({ FLOWS_WATCH_MS: '200' });
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('serves a publish, then the files on a reset database, then the publish again from a backup', async () => {
    const db = server.env.LEADS_DB!;
    await servesVersion(server, fileFlow.version, fileFlow.title);
    await publish(server, { LEADS_DB: db });
    await servesVersion(server, published, PUBLISHED_TITLE);
    expect((await leadAt(server, published)).status).toBe(202);

    // A backup of the database as it is now.
    expect((await server.stop()).code).toBe(0);
    const backup = tempDataDir();
    for (const name of databaseFiles(db))
      copyFileSync(path.join(path.dirname(db), name), path.join(backup, name));

    // Reset: an empty database under the same build, which served the publish.
    for (const name of databaseFiles(db)) rmSync(path.join(path.dirname(db), name));
    await server.restart();
    await servesVersion(server, fileFlow.version, fileFlow.title);
    expect((await leadAt(server, fileFlow.version)).status).toBe(202);
    const gone = await leadAt(server, published);
    expect(gone.status).toBe(404);

    // Restore: the backup back in place.
    await server.stop();
    for (const name of databaseFiles(db)) rmSync(path.join(path.dirname(db), name));
    for (const name of readdirSync(backup))
      copyFileSync(path.join(backup, name), path.join(path.dirname(db), name));
    await server.restart();
    await servesVersion(server, published, PUBLISHED_TITLE);
    expect((await leadAt(server, published)).status).toBe(202);
  }, 180_000);

  it('switched to PostgreSQL, serves and takes leads at what PostgreSQL holds; a restore under the running server is served within seconds', async () => {
    await server.stop();
    const url = (await serverDatabase('postgres'))!;
    await server.restart({ DATABASE_URL: url });
    await servesVersion(server, fileFlow.version, fileFlow.title);
    expect((await leadAt(server, fileFlow.version)).status).toBe(202);

    await publish(server, { DATABASE_URL: url });
    await servesVersion(server, published, PUBLISHED_TITLE);

    // The database restored to before the publish while the server runs.
    const pool = new Pool({ connectionString: url });
    try {
      await pool.query('DELETE FROM flow_versions WHERE flow_id = $1 AND version = $2', [
        FLOW,
        published,
      ]);
    } finally {
      await pool.end();
    }
    await servesVersion(server, fileFlow.version, fileFlow.title);
    expect((await leadAt(server, fileFlow.version)).status).toBe(202);
  }, 180_000);
});
