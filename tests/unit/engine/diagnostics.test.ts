import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, loadFlows } from '@/engine';
import { FLOWS_DIR, VARS } from './load-repo-flows';

// Each case is one typical mistake a marketer makes in a copy of the repository's flows.
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** The repository's flows with `file` edited; the diagnostics about that file. */
function withEdit(file: string, edit: (text: string) => string) {
  const dir = mkdtempSync(join(tmpdir(), 'flows-'));
  temp.push(dir);
  cpSync(FLOWS_DIR, dir, { recursive: true });
  const path = join(dir, file);
  const text = edit(readFileSync(path, 'utf8'));
  writeFileSync(path, text);
  const { flows, diagnostics } = loadFlows(dir, VARS);
  return { text, flows, diagnostics: diagnostics.filter((d) => d.file === file) };
}

/** Line and column (from 1) of the first occurrence of `needle`. */
function lineColumn(text: string, needle: string) {
  const offset = text.indexOf(needle);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

describe('JSON syntax errors', () => {
  it('a trailing comma is named as such, at its line and column', () => {
    const { text, diagnostics } = withEdit('client.json', (t) =>
      t.replace('"otherwise": "revenue"', '"otherwise": "revenue",'),
    );
    expect(diagnostics).toHaveLength(1);
    const comma = lineColumn(text, '"otherwise": "revenue",');
    expect(diagnostics[0]).toMatchObject({
      line: comma.line,
      column: comma.column + '"otherwise": "revenue"'.length,
      message: 'JSON syntax error: a comma with nothing after it, before "}"',
    });
    expect(diagnostics[0]!.hint).toMatch(/^Remove this comma/);
  });

  it('a missing closing brace says which brace is never closed', () => {
    const { diagnostics } = withEdit('ebook.json', (t) => t.trimEnd().replace(/\}$/, ''));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.message).toBe(
      'JSON syntax error: expected "}": the "{" at line 1, column 1 is never closed',
    );
  });

  it('a missing comma between two properties points at the end of the line that needs it', () => {
    const { text, diagnostics } = withEdit('client.json', (t) =>
      t.replace('"id": "client",', '"id": "client"'),
    );
    const at = lineColumn(text, '"id": "client"');
    expect(diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([
      [
        at.line,
        at.column + '"id": "client"'.length,
        'JSON syntax error: expected a comma after this value',
      ],
    ]);
  });
});

describe('did you mean', () => {
  it('a misspelt step, at the line of the transition, printed as file:line:col with a caret', () => {
    const { text, diagnostics } = withEdit('client.json', (t) =>
      t.replace('"to": "capital"', '"to": "capitl"'),
    );
    expect(diagnostics).toHaveLength(1);
    const d = diagnostics[0]!;
    expect(d.message).toBe('Unknown step or ending "capitl"');
    expect(d.hint).toMatch(/^Did you mean "capital"\? Use one of: /);
    expect(d).toMatchObject(lineColumn(text, '"to": "capitl"'));
    expect(d.where).toBe('step "phase" › next › branch 1 › to');
    const printed = formatDiagnostic(d, 'flows/client.json').split('\n');
    expect(printed[0]).toBe(
      `flows/client.json:${d.line}:${d.column}: Unknown step or ending "capitl" (${d.hint})`,
    );
    expect(printed[2]).toContain('"to": "capitl"');
    expect(printed[3]!.indexOf('^')).toBe(printed[2]!.indexOf('"to"'));
  });

  it('a misspelt option list', () => {
    const { diagnostics } = withEdit('client.json', (t) =>
      t.replace('"options": "industries"', '"options": "industry"'),
    );
    expect(diagnostics.map((d) => d.hint)).toEqual([
      expect.stringMatching(/^Did you mean "industries"\? /),
    ]);
  });

  it('a misspelt kind and a misspelt property', () => {
    const { diagnostics } = withEdit('client.json', (t) =>
      t.replace('"kind": "choice"', '"kind": "choise"').replace('"question":', '"qestion":'),
    );
    const hints = diagnostics.map((d) => [d.message, d.hint]);
    expect(hints).toContainEqual([
      'Unknown kind "choise"',
      'Did you mean "choice"? Use one of: choice, fields, contact, uploads',
    ]);
  });

  it('a misspelt answer in a submission', () => {
    const { diagnostics } = withEdit('client.json', (t) =>
      t.replace('"answer": "industry"\n', '"answer": "industy"\n'),
    );
    expect(diagnostics.map((d) => [d.message, d.hint.split('?')[0]])).toEqual([
      ['Unknown answer "industy"', 'Did you mean "industry"'],
    ]);
  });
});

describe('one cause, one diagnostic', () => {
  it('a transition pointed back makes one cycle diagnostic that lists what it strands', () => {
    const { diagnostics } = withEdit('client.json', (t) =>
      t.replace('"next": "contact"', '"next": "phase"'),
    );
    expect(diagnostics.map((d) => d.message)).toEqual([
      'Transition back to "phase" makes a cycle (phase → capital → industry → service → phase)',
    ]);
    expect(diagnostics[0]!.hint).toContain('"contact", "ready"');
  });

  it('a step pasted twice is one diagnostic', () => {
    const { diagnostics } = withEdit('client.json', (t) => {
      const flow = JSON.parse(t) as { steps: { id: string }[] };
      flow.steps.push(flow.steps.find((s) => s.id === 'service')!);
      return JSON.stringify(flow, null, 2);
    });
    expect(diagnostics.map((d) => d.message)).toEqual([
      'Duplicate id "service" (first at /steps/4/id)',
    ]);
  });

  it('an ending switched to submitting is one diagnostic at the ending, never suggesting a lead without e-mail', () => {
    const { text, diagnostics } = withEdit('client.json', (t) =>
      t.replace('"submits": false', '"submits": true'),
    );
    expect(diagnostics).toHaveLength(1);
    const d = diagnostics[0]!;
    expect(d.pointer).toBe('/endings/0/submits');
    expect(d).toMatchObject(lineColumn(text, '"submits": true'));
    expect(d.message).toMatch(
      /^Ending "noCapital" submits, but the path phase → capital → noCapital never asks "industry", "service", /,
    );
    expect(d.hint).not.toContain('whenNotAsked');
    expect(d.hint).toContain('"email"');
  });
});
