/**
 * A "Did you mean …?" hint comes with its fix as data (`diagnostic.fix`), so an editor can offer
 * to replace the misspelt name: for every kind of name the checks guess (property, kind, step,
 * option list, answer, hidden value), and never when the guess is withheld.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlowFromText, loadOptionLists } from '@/engine';
import { FLOWS_DIR, VARS } from './load-repo-flows';

const client = readFileSync(join(FLOWS_DIR, 'client.json'), 'utf8');
const { optionLists } = loadOptionLists(FLOWS_DIR);

/** client.json with the `nth` occurrence (from 0) of `from` replaced by `to`. */
function misspelt(from: string, to: string, nth = 0): string {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = client.indexOf(from, at + 1);
  if (at === -1) throw new Error(`no ${from} in client.json`);
  return client.slice(0, at) + to + client.slice(at + from.length);
}

const fixes = (text: string) =>
  loadFlowFromText({ file: 'client.json', text, optionLists, vars: VARS }).diagnostics.flatMap(
    (d) => (d.fix ? [{ pointer: d.pointer, hint: d.hint, fix: d.fix }] : []),
  );

describe('name fixes', () => {
  it.each([
    [
      'a property',
      '"showFirst": 6',
      '"showFrist": 6',
      0,
      'showFrist',
      'showFirst',
      '/steps/3/showFrist',
    ],
    [
      'a step kind',
      '"kind": "contact"',
      '"kind": "contcat"',
      0,
      'contcat',
      'contact',
      '/steps/5/kind',
    ],
    ['the start step', '"start": "phase"', '"start": "phsae"', 0, 'phsae', 'phase', '/start'],
    [
      'a transition target',
      '"next": "service"',
      '"next": "servcie"',
      0,
      'servcie',
      'service',
      '/steps/3/next',
    ],
    [
      'an option list',
      '"options": "industries"',
      '"options": "industrys"',
      0,
      'industrys',
      'industries',
      '/steps/3/options',
    ],
    [
      'an answer a condition reads',
      '"answer": "capital"',
      '"answer": "capitl"',
      0,
      'capitl',
      'capital',
      '/steps/2/next/branches/0/when',
    ],
    [
      'a checkout service answer',
      '"answer": "service"',
      '"answer": "servce"',
      0,
      'servce',
      'service',
      '/endings/1/service/answer',
    ],
    [
      'a hidden value',
      '"hidden": "utm_source"',
      '"hidden": "utm_sourse"',
      0,
      'utm_sourse',
      'utm_source',
    ],
  ])('%s', (_, from, to, nth, replace, by, pointer?: string) => {
    const found = fixes(misspelt(from, to, nth));
    expect(found).toHaveLength(1);
    expect(found[0]!.fix).toEqual({ replace, with: by });
    expect(found[0]!.hint).toContain(`Did you mean "${by}"?`);
    if (pointer) expect(found[0]!.pointer).toBe(pointer);
  });

  it('none when no known name is within reach, and none for a flow without mistakes', () => {
    const far = loadFlowFromText({
      file: 'client.json',
      text: misspelt('"next": "service"', '"next": "elsewhere"'),
      optionLists,
      vars: VARS,
    });
    expect(far.diagnostics.map((d) => d.message)).toContain('Unknown step or ending "elsewhere"');
    expect(far.diagnostics.filter((d) => d.fix)).toEqual([]);
    expect(fixes(client)).toEqual([]);
  });
});
