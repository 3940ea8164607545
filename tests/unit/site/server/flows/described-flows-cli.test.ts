/**
 * The tester's tools describe what visitors get: `npm run flows -- paths | graph | coverage` and
 * `npm run leads -- funnel`, in a child process over a SQLite file (`LEADS_DB`) where the client
 * flow was published twice after the files seeded it. Each says which version and source it
 * describes; `--version N` reaches any published one; `--files` the flows folder; without a
 * database the files are all there is.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { runScript } from '@/tests/integration/support/run-script';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

const tmp = mkdtempSync(path.join(tmpdir(), 'described-flows-'));
const db = path.join(tmp, 'site.sqlite');
const source = readFileSync(path.join(FLOWS_DIR, 'client.json'), 'utf8');
const fileVersion = (JSON.parse(source) as { version: number }).version;
const live = fileVersion + 2;

const flows = (...args: string[]) => runScript('scripts/flows.ts', args, { LEADS_DB: db });
const leads = (...args: string[]) => runScript('scripts/leads.ts', args, { LEADS_DB: db });

beforeAll(async () => {
  const site = await openMigrated({ file: db }, siteMigrations);
  const catalogue = new FlowCatalogue({
    flowsDir: FLOWS_DIR,
    vars: VARS,
    files: loadFlowRegistry(FLOWS_DIR, VARS),
    database: () => Promise.resolve(site),
  });
  await catalogue.seed();
  for (const title of ['Published once', 'Published twice']) {
    const title0 = (JSON.parse(source) as { title: string }).title;
    const text = source.replace(JSON.stringify(title0), JSON.stringify(title));
    const result = await catalogue.publish('client', text, {
      author: 'ann@example.com',
      note: title,
    });
    expect(result.ok).toBe(true);
  }
  await site.close();
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the tools on the live catalogue', { timeout: 120_000 }, () => {
  it('paths, graph and coverage describe the live version and say so; --version and --files reach others', async () => {
    const [paths, json, graph, old, files, missing, coverage] = await Promise.all([
      flows('paths', 'client'),
      flows('paths', 'client', '--json'),
      flows('graph', 'client'),
      flows('paths', 'client', '--version', String(fileVersion)),
      flows('paths', 'client', '--files'),
      flows('paths', 'client', '--version', '99'),
      flows('coverage'),
    ]);
    const source = `database ${path.relative(process.cwd(), db)}`;
    expect(paths.code, paths.stderr).toBe(0);
    expect(paths.stdout.split('\n')[0]).toBe(`paths of client version ${live} (${source}):`);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toBeInstanceOf(Array);
    expect(json.stderr).toContain(`paths of client version ${live} (${source})`);
    expect(graph.stdout).toMatch(/^stateDiagram-v2/);
    expect(graph.stderr).toContain(`graph of client version ${live} (${source})`);
    expect(old.stdout.split('\n')[0]).toBe(`paths of client version ${fileVersion} (${source}):`);
    expect(files.stdout.split('\n')[0]).toBe(
      `paths of client version ${fileVersion} (files flows/):`,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `Flow "client" has no version 99 in ${source}: its versions are ${fileVersion} to ${live}`,
    );
    // Without a browser run recorded it says how to make one; with one it names the versions.
    if (coverage.code === 0) {
      expect(coverage.stdout).toContain(`of the flows in ${source}`);
      expect(coverage.stdout).toMatch(new RegExp(`client +v${live} `));
    } else {
      expect(coverage.stderr).toContain('No browser run recorded');
    }
  });

  it('the funnel reads any published version and names it; a missing one is refused with the range', async () => {
    const [newest, older, missing] = await Promise.all([
      leads('funnel', 'client'),
      leads('funnel', 'client', '--version', String(fileVersion + 1), '--json'),
      leads('funnel', 'client', '--version', '25'),
    ]);
    const source = `database ${path.relative(process.cwd(), db)}`;
    expect(newest.code, newest.stderr).toBe(0);
    expect(newest.stderr).toContain(`funnel of client version ${live} (${source})`);
    expect(newest.stdout).toContain(`Flow client, version ${live}`);
    expect(older.code, older.stderr).toBe(0);
    expect(JSON.parse(older.stdout)).toMatchObject({ flowId: 'client', version: fileVersion + 1 });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      `--version must be a version of flow "client" in ${source}, ${fileVersion} to ${live}, not "25"`,
    );
  });

  it('without a database, the files are described', async () => {
    const run = await runScript('scripts/flows.ts', ['paths', 'client'], {
      LEADS_DB: path.join(tmp, 'none', 'site.sqlite'),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(
      `paths of client version ${fileVersion} (files flows/):`,
    );
  });
});
