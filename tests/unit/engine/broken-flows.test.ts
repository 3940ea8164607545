import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFlows, type Diagnostic } from '@/engine';
import { FLOWS_DIR, VARS } from './load-repo-flows';
import { followUpFlow } from './support/follow-up-flow';

const FIXTURES = fileURLToPath(new URL('../../fixtures/broken-flows', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

// Each hand-written broken flow, with exactly the diagnostics a marketer must see.
const expected: Record<string, [string, string, string][]> = {
  'conditionTooEarly.json': [
    [
      '/steps/0/next/branches/0/when',
      'Condition reads answer "second", which cannot have been given when leaving "first"',
      'Only answers of "first" are known there',
    ],
    [
      '/steps/1/next/branches/0/when',
      '"Maybe" is not an option value of "first"',
      'Use one of: Yes, No',
    ],
  ],
  'cycle.json': [
    [
      '/steps/1/next/branches/0/to',
      'Transition back to "first" makes a cycle (first → second → first)',
      'A flow moves forward: point it to a later step or an ending',
    ],
  ],
  'danglingReference.json': [
    [
      '/steps/0/next/branches/0/to',
      'Unknown step or ending "secnd"',
      'Did you mean "second"? Use one of: first, second, done',
    ],
  ],
  'neverAsked.json': [
    [
      '/submissions/0/fields/0/value/answer',
      'Form "f" sends answer "second", but the path first → done never asks it',
      'Add "whenNotAsked": "" to send an empty value there, or ask it on every path',
    ],
  ],
  'noWayOut.json': [
    [
      '/steps/0/next',
      'Step "first" has no way out for the answer {"first":"Maybe"}',
      'Add an "otherwise", or a branch for that answer',
    ],
  ],
  'schemaMistakes.json': [
    ['/steps/0/kind', 'Unknown kind "slider"', 'Use one of: choice, fields, contact, uploads'],
    ['/steps/1/colour', 'Unknown property "colour"', 'Remove it or check its spelling'],
    [
      '/steps/2/next',
      'Matches none of the allowed forms',
      'Where the flow goes after this step: a step or ending id, or ordered branches (the first whose condition holds wins) and an otherwise.',
    ],
    ['/steps/2/fields/0', 'Missing property "label"', 'Add "label"'],
  ],
  'unknownOptionList.json': [
    ['/steps/0/options', 'Unknown option list "colours"', 'Create flows/options/colours.json'],
  ],
};

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function copyOfFlows(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flows-'));
  temp.push(dir);
  cpSync(FLOWS_DIR, dir, { recursive: true });
  return dir;
}

describe('broken flows', () => {
  const { flows, diagnostics } = loadFlows(FIXTURES, VARS);

  it('none of them loads', () => {
    expect(flows).toEqual({});
  });

  it.each(Object.keys(expected))('%s gives exactly the expected diagnostics', (file) => {
    const mine = diagnostics
      .filter((d) => d.file === file)
      .map((d) => [d.pointer, d.message, d.hint]);
    expect(mine).toEqual(expected[file]);
  });

  it('client.json without its industry step is refused, naming every dangling reference', () => {
    const dir = copyOfFlows();
    const path = join(dir, 'client.json');
    const client = JSON.parse(readFileSync(path, 'utf8')) as { steps: { id: string }[] };
    client.steps = client.steps.filter((s) => s.id !== 'industry');
    writeFileSync(path, JSON.stringify(client));
    const result = loadFlows(dir, VARS);
    expect(result.flows.client).toBeUndefined();
    const onClient = result.diagnostics.filter((d: Diagnostic) => d.file === 'client.json');
    expect(onClient.map((d) => [d.pointer, d.message])).toEqual([
      ['/steps/1/next', 'Unknown step or ending "industry"'],
      ['/steps/2/next/otherwise', 'Unknown step or ending "industry"'],
      ['/submissions/0/fields/3/value/answer', 'Unknown answer "industry"'],
    ]);
    expect(result.diagnostics.every((d) => d.file === 'client.json')).toBe(true);
  });

  it('a file that is not JSON is reported, and the other flows still load', () => {
    const dir = copyOfFlows();
    writeFileSync(join(dir, 'ebook.json'), '{ "id": "ebook", ');
    const result = loadFlows(dir, VARS);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ file: 'ebook.json', pointer: '' });
    expect(result.diagnostics[0]).toMatchObject({
      line: 1,
      column: 18,
      message: 'JSON syntax error: expected "}": the "{" at line 1, column 1 is never closed',
    });
    expect(result.flows.client).toBeDefined();
  });
});

// Each case starts the real command (tsx): slow on a busy machine, hence the longer timeout.
describe('npm run flows', { timeout: 90_000 }, () => {
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const cli = (...args: string[]) =>
    run(tsx, ['scripts/flows.ts', ...args], { cwd: ROOT }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('check passes on the repository and fails on the broken flows, each at file:line:col', async () => {
    const ok = await cli('check');
    expect(ok.code).toBe(0);
    const bad = await cli('check', '--dir', FIXTURES);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      [
        'tests/fixtures/broken-flows/danglingReference.json:20:13: Unknown step or ending "secnd" (Did you mean "second"? Use one of: first, second, done)',
        '  in step "first" › next › branch 1 › to (/steps/0/next/branches/0/to)',
        '  20 |             "to": "secnd"',
        '     |             ^',
      ].join('\n'),
    );
  });

  it('paths client --all --json lists the five paths with their submissions', async () => {
    const { code, stdout } = await cli('paths', 'client', '--all', '--json');
    expect(code).toBe(0);
    const paths = JSON.parse(stdout) as {
      ending: string;
      steps: { step: string }[];
      submissions: { formKey: string; fields: { name: string; value: string }[] }[];
    }[];
    expect(paths.map((p) => p.ending).sort()).toEqual(
      ['bookConsult', 'bookConsult', 'checkout', 'checkout', 'noCapital'].sort(),
    );
    const checkout = paths.find((p) => p.ending === 'checkout')!;
    expect(checkout.submissions[0]!.formKey).toBe('question');
    expect(checkout.submissions[0]!.fields).toHaveLength(10);
  });

  it('paths names the hidden values a flow captures and which form sends them', async () => {
    const { code, stdout } = await cli('paths', 'newsletter');
    expect(code).toBe(0);
    expect(stdout).toContain('captured without asking: utm_source (?utm_source), utm_medium');
    expect(stdout).toContain(
      '  subscribe sends, when the visit brings them: utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid\n',
    );
  });

  it('paths lists a covering set by default, and --all says how many paths it left out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flows-'));
    temp.push(dir);
    writeFileSync(join(dir, 'followUps30.json'), JSON.stringify(followUpFlow(30)));
    const covering = await cli('paths', 'followUps30', '--dir', dir);
    expect(covering.code).toBe(0);
    expect(covering.stdout).toContain(
      '2 paths taking 91/91 transitions (--all lists every path)\n',
    );
    const capped = await cli('paths', 'followUps30', '--dir', dir, '--all', '--max', '3');
    expect(capped.code).toBe(0);
    expect(capped.stdout.split('\n').filter((l) => /^\d+\. /.test(l))).toHaveLength(3);
    expect(capped.stdout).toContain(
      `first 3 paths listed; at most ${2 ** 30 - 3} more left out (raise --max)`,
    );
  });

  it('graph prints a Mermaid state diagram', async () => {
    const { code, stdout } = await cli('graph', 'careers');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^stateDiagram-v2\n/);
    expect(stdout).toContain('interview --> bookInterview : interview = Book Interview');
  });
});
