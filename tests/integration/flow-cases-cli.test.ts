/**
 * `npm run flows -- cases <id> [--format json|csv|gherkin]`: the real CLI in a child process,
 * with no database (LEADS_DB names a file that does not exist), so it describes the files in
 * flows/, which the expected cases are computed from in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, flowCases, type FlowCases } from '@/engine';
import { repoFlows, VARS } from '@/tests/unit/engine/load-repo-flows';
import { parseCsv } from '@/tests/unit/engine/support/parse-csv';
import { runScript } from '@/tests/integration/support/run-script';

const tmp = mkdtempSync(path.join(tmpdir(), 'flow-cases-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  runScript('scripts/flows.ts', ['cases', ...args], {
    LEADS_DB: path.join(tmp, 'none.sqlite'),
    BRAND_NAME: VARS.brandName,
    BRAND_SLUG: VARS.brandSlug,
  });

const { flows } = repoFlows();

// Each run starts tsx and the site's modules: slow on a busy machine, hence the long timeout.
describe('npm run flows -- cases', { timeout: 180_000 }, () => {
  it.each(['client', 'grants', 'careers'])('%s in every format', async (id) => {
    const expected: FlowCases = flowCases(flows[id]!);
    const [text, json, csv, gherkin] = await Promise.all([
      cli(id),
      cli(id, '--format', 'json'),
      cli(id, '--format', 'csv'),
      cli(id, '--format', 'gherkin'),
    ]);
    for (const run of [text, json, csv, gherkin]) expect(run.code, run.stderr).toBe(0);

    expect(JSON.parse(json.stdout)).toEqual(expected);

    const rows = parseCsv(csv.stdout);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const actions = expected.cases.flatMap((c) => c.steps.map((a) => [c.id, a.action, a.target]));
    expect(rows.slice(1).map((r) => [r[0], r[6], r[7]])).toEqual(actions);

    expect(gherkin.stdout.startsWith(`Feature: ${expected.title}\n`)).toBe(true);
    expect(gherkin.stdout.match(/^ {2}Scenario: /gm)).toHaveLength(expected.cases.length);

    const { covered, total } = expected.optionsCovered;
    expect(text.stdout).toContain(`options used ${covered}/${total}`);
    for (const c of expected.cases) expect(text.stdout).toContain(`${c.id.padEnd(4)} ${c.title}`);
  });

  it('refuses an unknown format with exit code 2 and a version the flow does not have', async () => {
    const version = flows.client!.version;
    const [unknown, missing, wrong, same] = await Promise.all([
      cli('client', '--format', 'xml'),
      cli('client', '--format'),
      cli('client', '--version', String(version + 100)),
      cli('client', '--version', String(version), '--format', 'json'),
    ]);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr.trim()).toBe(
      'Unknown format "xml": --format takes text, json, csv, gherkin',
    );
    expect(missing.code).toBe(2);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`no version ${version + 100}`);
    expect(same.code, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toEqual(flowCases(flows.client!));
  });
});
