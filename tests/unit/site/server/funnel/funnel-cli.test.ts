/**
 * `npm run leads -- funnel <flowId>`: the real CLI in a child process, reading a SQLite file
 * (`LEADS_DB`) that holds the events of a few visits to the `client` flow.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { FunnelStore } from '@/site/server/funnel/funnel-store';
import { repoFlow, visitEvents } from './funnel-fixtures';
import { runScript } from '@/tests/integration/support/run-script';

const client = repoFlow('client');
const dir = mkdtempSync(path.join(tmpdir(), 'funnel-cli-'));
const file = path.join(dir, 'site.sqlite');

const cli = (...args: string[]) =>
  runScript('scripts/leads.ts', ['funnel', ...args], { LEADS_DB: file });

beforeAll(async () => {
  const site = await openMigrated({ file }, siteMigrations);
  const store = new FunnelStore(() => Promise.resolve(site));
  const visit = (id: string, script: string[], receivedAt: number) =>
    store.insertEvents(visitEvents(`cli-visit-${id}-0123456789`, client, script), receivedAt);
  const day1 = Date.UTC(2025, 10, 1, 9);
  const day2 = Date.UTC(2025, 10, 2, 9);
  await visit('a', ['phase', 'phase#0', 'capital', 'capital#0'], day2);
  await visit('b', ['phase', 'phase#1', 'revenue'], day2);
  await visit('c', ['phase', 'phase#1', 'revenue', 'revenue#0', 'industry'], day2);
  await visit('d', ['phase'], day1);
  await site.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run leads -- funnel', { timeout: 90_000 }, () => {
  it('prints the table, reads a period, prints JSON, and refuses an unknown flow or a bad date', async () => {
    const [table, since, json, unknown, badDate] = await Promise.all([
      cli('client'),
      cli('client', '--since', '2025-11-02'),
      cli('client', '--json', '--version', String(client.version)),
      cli('clinet'),
      cli('client', '--since', '2025-02-30'),
    ]);

    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toBe(
      `Flow client, version ${client.version}, all time: 4 visitor(s), 1 completed, completion rate 25.0 % (of 4 who saw the start)`,
    );
    expect(lines).toContain('phase     saw 4, left 1');
    expect(lines).toContain('revenue   saw 2, left 1');
    expect(lines).toContain('industry  saw 1, left 1');
    expect(lines.some((line) => /^ {2}phase#1 → revenue +took 2$/.test(line))).toBe(true);
    expect(lines.some((line) => /^ {2}capital#0 → noCapital +took 1$/.test(line))).toBe(true);
    expect(lines).toContain('  noCapital    reached 1');

    expect(since.code, since.stderr).toBe(0);
    expect(since.stdout).toMatch(
      /^Flow client, version \d+, since 2025-11-02: 3 visitor\(s\), 1 completed, completion rate 33\.3 %/,
    );

    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      flowId: 'client',
      version: client.version,
      visitors: 4,
      completed: 1,
      completionRate: 0.25,
    });

    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('There is no flow "clinet". Did you mean "client"?');
    expect(badDate).toMatchObject({ code: 2, stdout: '' });
    expect(badDate.stderr).toContain(
      '--since must be a date as YYYY-MM-DD (or an ISO time), not "2025-02-30"',
    );
  });
});
