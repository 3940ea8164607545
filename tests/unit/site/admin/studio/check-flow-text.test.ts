/**
 * The studio's check of a flow's text gives what `npm run flows -- check` gives for that file
 * (loadFlows over the folder), with the option lists handed over as data; and a diagnostic's
 * "Did you mean …?" becomes an edit that puts the known name back.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFlows, type Diagnostic } from '@/engine';
import {
  checkFlowText,
  quickFixes,
  quickFixOf,
  type TextEdit,
} from '@/site/admin/studio/check-flow-text';
import { FLOWS_DIR, VARS } from '../../../engine/load-repo-flows';

const read = (file: string) => readFileSync(join(FLOWS_DIR, file), 'utf8');
const optionLists = Object.fromEntries(
  readdirSync(join(FLOWS_DIR, 'options')).map((name) => [
    name.replace(/\.json$/, ''),
    JSON.parse(read(join('options', name))) as unknown,
  ]),
);
const flowIds = readdirSync(FLOWS_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.replace(/\.json$/, ''));

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** What the CLI's loadFlows says of `file` once its text is `text`. */
function cliCheck(file: string, text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'studio-'));
  temp.push(dir);
  cpSync(FLOWS_DIR, dir, { recursive: true });
  writeFileSync(join(dir, file), text);
  const { flows, diagnostics } = loadFlows(dir, VARS);
  return {
    flow: flows[file.replace(/\.json$/, '')],
    diagnostics: diagnostics.filter((d) => d.file === file),
  };
}

const check = (flowId: string, text: string) =>
  checkFlowText({ flowId, text, optionLists, vars: VARS });
const apply = (text: string, edit: TextEdit) =>
  text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
const client = read('client.json');

describe('checkFlowText', () => {
  it.each(flowIds)('%s: the flow loadFlows loads, and no diagnostic', (id) => {
    const result = check(id, read(`${id}.json`));
    expect(result.diagnostics).toEqual([]);
    expect(result.flow).toEqual(loadFlows(FLOWS_DIR, VARS).flows[id]);
  });

  it.each([
    ['a typo in a step id', '"next": "service"', '"next": "servcie"'],
    ['an unknown option list', '"options": "industries"', '"options": "sectors"'],
    ['a trailing comma', '"otherwise": "revenue"', '"otherwise": "revenue",'],
    ['a flow id that is not its file name', '"id": "client"', '"id": "clients"'],
    ['a fixed progress total too low (a warning)', '"total": 5', '"total": 3'],
  ])('%s: the diagnostics loadFlows gives for the file, placed alike', (_, from, to) => {
    const text = client.replace(from, to);
    const studio = check('client', text);
    const cli = cliCheck('client.json', text);
    expect(studio.diagnostics.length).toBeGreaterThan(0);
    expect(studio.diagnostics).toEqual(cli.diagnostics);
    expect(studio.flow).toEqual(cli.flow);
  });

  it('a list the page did not send is an unknown list', () => {
    const { flow, diagnostics } = checkFlowText({
      flowId: 'client',
      text: client,
      optionLists: {},
      vars: VARS,
    });
    expect(flow).toBeUndefined();
    expect(diagnostics.map((d) => d.message)).toContain('Unknown option list "industries"');
  });
});

describe('quickFixOf', () => {
  const fixable = (text: string) => check('client', text).diagnostics.filter((d) => d.fix);

  it.each([
    ['a property name', '"showFirst": 6', '"showFrist": 6'],
    ['a step kind', '"kind": "contact"', '"kind": "contcat"'],
    ['a transition target', '"next": "service"', '"next": "servcie"'],
    ['an answer inside a condition', '"answer": "capital"', '"answer": "capitl"'],
    ['a hidden value', '"hidden": "utm_source"', '"hidden": "utm_sourse"'],
  ])('%s: replaces the misspelt word with the known one, and only it', (_, from, to) => {
    const text = client.replace(from, to);
    const [diagnostic] = fixable(text);
    const edit = quickFixOf(diagnostic!, text)!;
    expect(text.slice(edit.from, edit.to)).toBe(diagnostic!.fix!.replace);
    expect(edit.insert).toBe(diagnostic!.fix!.with);
    expect(apply(text, edit)).toBe(client);
  });

  it('no edit without a fix, or when the text no longer holds the misspelt name there', () => {
    const text = client.replace('"next": "service"', '"next": "servcie"');
    const [diagnostic] = fixable(text);
    expect(quickFixOf({ ...diagnostic!, fix: undefined }, text)).toBeUndefined();
    expect(quickFixOf(diagnostic!, client)).toBeUndefined();
    const elsewhere: Diagnostic = { ...diagnostic!, pointer: '/steps/99/next' };
    expect(quickFixOf(elsewhere, text)).toBeUndefined();
    expect(quickFixOf(diagnostic!, '{"steps": [')).toBeUndefined();
  });

  it('quickFixes: every diagnostic’s fix at once, as quickFixOf finds each', () => {
    const text = client
      .replace('"next": "service"', '"next": "servcie"')
      .replace('"hidden": "utm_source"', '"hidden": "utm_sourse"');
    const { diagnostics } = check('client', text);
    const fixes = quickFixes(text, diagnostics);
    expect(fixes.size).toBe(2);
    for (const d of diagnostics) expect(fixes.get(d)).toEqual(quickFixOf(d, text));
    expect(quickFixes(client, diagnostics).size).toBe(0);
  });
});
