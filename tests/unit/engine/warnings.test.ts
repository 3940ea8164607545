import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFlows } from '@/engine';
import { unconfiguredForm } from '@/site/server/leads/form-key';
import { FLOWS_DIR, VARS } from './load-repo-flows';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

type RawFlow = {
  steps: Record<string, unknown>[];
  submissions: { formKey: string }[];
};

/** A copy of the repository's flows with client.json edited as data. */
function copyWithClient(edit: (flow: RawFlow) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'flows-'));
  temp.push(dir);
  cpSync(FLOWS_DIR, dir, { recursive: true });
  const path = join(dir, 'client.json');
  const flow = JSON.parse(readFileSync(path, 'utf8')) as RawFlow;
  edit(flow);
  writeFileSync(path, JSON.stringify(flow, null, 2));
  return dir;
}

// A marketer adds a question after "industry": paths now have six numbered steps, the fixed
// total still says five, so visitors would read "6 / 5".
const addEmployeesStep = (flow: RawFlow) => {
  const industry = flow.steps.find((s) => s.id === 'industry')!;
  industry.next = 'employees';
  flow.steps.push({
    id: 'employees',
    kind: 'choice',
    question: 'How many employees?',
    options: ['1-10', '11 or more'],
    next: 'service',
  });
};

describe('warnings', () => {
  it('a fixed progress total lower than a path’s numbered steps warns, and the flow still loads', () => {
    const { flows, diagnostics } = loadFlows(copyWithClient(addEmployeesStep), VARS);
    expect(flows.client).toBeDefined();
    expect(diagnostics.map((d) => [d.severity, d.pointer, d.message])).toEqual([
      [
        'warning',
        '/progress/total',
        'Progress total 5 is lower than the 6 numbered steps of the path phase → capital → industry → employees → service → contact → ready → checkout',
      ],
    ]);
    expect(diagnostics[0]!.hint).toBe(
      'Visitors on it would see "6 / 5": raise "total" to 6, or use {"mode": "branch"}',
    );
  });

  it('a form key with no HUBSPOT_FORM_<KEY> warns when the environment is checked', () => {
    const dir = copyWithClient((flow) => {
      flow.submissions[0]!.formKey = 'waitlist';
    });
    // No form configured at all: every flow warns; client.json's warning names the new key.
    const { flows, diagnostics } = loadFlows(dir, VARS, { unconfiguredForm: unconfiguredForm({}) });
    expect(flows.client).toBeDefined();
    const onClient = diagnostics.filter((d) => d.file === 'client.json');
    expect(onClient.map((d) => [d.severity, d.pointer, d.message, d.hint])).toEqual([
      [
        'warning',
        '/submissions/0/formKey',
        'Form key "waitlist" has no HubSpot form: its leads are stored and held, never delivered',
        "Set HUBSPOT_FORM_WAITLIST to the HubSpot form's id",
      ],
    ]);
  });

  it('check prints warnings and exits 0; --strict exits 1', { timeout: 90_000 }, async () => {
    const dir = copyWithClient(addEmployeesStep);
    const tsx = join(ROOT, 'node_modules/.bin/tsx');
    const cli = (...args: string[]) =>
      run(tsx, ['scripts/flows.ts', 'check', '--dir', dir, ...args], { cwd: ROOT }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const relaxed = await cli();
    expect(relaxed.code).toBe(0);
    expect(relaxed.stderr).toMatch(/client\.json:\d+:\d+: warning: Progress total 5 is lower/);
    expect((await cli('--strict')).code).toBe(1);
  });
});
