/**
 * Test cases for testers (`npm run flows -- cases`): every option picked, every covering path a
 * case, each step's negative cases, and the CSV and Gherkin they are handed.
 */
import { describe, expect, it } from 'vitest';
import {
  casesToCsv,
  casesToGherkin,
  casesToJson,
  coveringPaths,
  CSV_COLUMNS,
  flowCases,
  loadFlowFromData,
  type FlowCase,
  type ResolvedFlow,
} from '@/engine';
import { repoFlows, VARS } from './load-repo-flows';
import { parseCsv } from './support/parse-csv';

const { flows } = repoFlows();

/** The steps a case asks, in order (each once). */
const stepsOf = (c: FlowCase) => [...new Set(c.steps.map((a) => a.step))];

describe.each(['client', 'grants', 'careers'])('the cases of flow %s', (id) => {
  const flow = flows[id]!;
  const cases = flowCases(flow);
  const paths = cases.cases.filter((c) => c.kind === 'path');
  const negatives = cases.cases.filter((c) => c.kind === 'negative');

  it('click or tick every option of every choice step in some path case', () => {
    for (const step of flow.steps) {
      if (step.kind !== 'choice') continue;
      for (const option of step.options) {
        const used = paths.some((c) =>
          c.steps.some(
            (a) =>
              a.step === step.id &&
              (a.action === 'click' || a.action === 'check') &&
              a.target === option.label &&
              a.value === option.value,
          ),
        );
        expect(used, `${step.id}: ${option.label}`).toBe(true);
      }
    }
    const total = flow.steps.reduce(
      (n, s) =>
        n +
        (s.kind === 'choice'
          ? s.options.length
          : s.fields.reduce((m, f) => m + (f.options?.length ?? 0), 0)),
      0,
    );
    expect(cases.optionsCovered).toEqual({ covered: total, total, missing: [] });
  });

  it('say per case which options it picks, as its actions pick them', () => {
    for (const c of paths) {
      const picked = c.steps
        .filter((a) => a.action === 'click' || (a.action === 'check' && a.value !== undefined))
        .map((a) => `${a.step}:${a.value}`);
      expect(c.options.map((o) => `${o.step}:${o.value}`)).toEqual(picked);
    }
  });

  it('make each covering path a case, with its ending', () => {
    const covering = coveringPaths(flow);
    expect(paths.filter((c) => c.source === 'covering')).toHaveLength(covering.length);
    covering.forEach((p, i) => {
      const c = paths[i]!;
      expect(c.source).toBe('covering');
      expect(stepsOf(c)).toEqual(p.steps.map((s) => s.step));
      expect(c.ending?.id).toBe(p.ending);
      expect(c.steps.at(-1)?.expect).toBe(c.expect);
      expect(c.submissions ?? []).toEqual(p.submissions);
    });
  });

  it('end every path case on what the visitor meets there', () => {
    for (const c of paths) {
      const ending = flow.endings.find((e) => e.id === c.ending?.id)!;
      if (ending.kind === 'screen') expect(c.expect).toBe(ending.heading);
      if (ending.kind === 'redirect') expect(c.expect).toMatch(/^Taken to \/book-consult\?from=/);
      if (ending.kind === 'checkout') expect(c.expect).toMatch(/^Checkout: \S/);
      expect(c.submissions !== undefined).toBe(ending.submits);
    }
  });

  it('leave each required field empty and give each email and phone a wrong value', () => {
    const negative = (step: string, field: string, check: string) =>
      negatives.find((c) => c.at === step && c.field === field && c.check === check);
    for (const step of flow.steps) {
      if (step.kind === 'choice') continue;
      for (const field of step.fields) {
        if (field.required) {
          const c = negative(step.id, field.name, 'required');
          expect(c?.expect, `${step.id}.${field.name}`).toBe(`${field.label} is required`);
          expect(c?.steps).toContainEqual(expect.objectContaining({ action: 'leave' }));
        }
        if (field.type === 'email') {
          expect(negative(step.id, field.name, 'invalid')?.expect).toBe(
            'This is not a valid email',
          );
        }
        if (field.type === 'phone') {
          expect(negative(step.id, field.name, 'invalid')?.expect).toBe(
            `${field.label} must have exactly 10 digits`,
          );
        }
      }
    }
  });

  it('press Back on every step but the first, returning to the one before', () => {
    for (const step of flow.steps) {
      const back = negatives.find((c) => c.at === step.id && c.check === 'back');
      if (step.id === flow.start) {
        expect(back).toBeUndefined();
        continue;
      }
      const last = back?.steps.at(-1);
      expect(last?.action, step.id).toBe('back');
      const previous = flow.steps.find((s) => s.id === back?.route?.steps.at(-1));
      expect(last?.expect).toBe(previous?.question);
    }
  });

  it('reach each negative case by the shortest path case to its step', () => {
    for (const c of negatives) {
      const route = paths.find((p) => p.id === c.route?.case)!;
      const prefix = c.route!.steps;
      expect(stepsOf(route).slice(0, prefix.length)).toEqual(prefix);
      expect(c.steps.slice(0, -1).filter((a) => prefix.includes(a.step))).toEqual(
        route.steps.filter((a) => prefix.includes(a.step)).map(({ expect: _, ...a }) => a),
      );
      const shortest = Math.min(
        ...paths.map((p) => stepsOf(p).indexOf(c.at!)).filter((i) => i >= 0),
      );
      if (!c.field) expect(prefix).toHaveLength(shortest);
    }
  });

  it('write a Gherkin scenario per case and a CSV row per action that reads back', () => {
    const gherkin = casesToGherkin(cases);
    expect(gherkin.startsWith(`Feature: ${flow.title}\n`)).toBe(true);
    expect(gherkin.match(/^ {2}Scenario: /gm)).toHaveLength(cases.cases.length);
    expect(gherkin.match(/^ {4}Given I open the "[^"]+" questionnaire$/gm)).toHaveLength(
      cases.cases.length,
    );
    const rows = parseCsv(casesToCsv(cases));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + cases.cases.reduce((n, c) => n + c.steps.length, 0));
    expect(JSON.parse(casesToJson(cases))).toEqual(cases);
  });
});

describe('labels with commas and quotes', () => {
  const data = {
    id: 'quoting',
    version: 1,
    title: 'Quoting, "a test"',
    progress: { mode: 'none' },
    start: 'pick',
    steps: [
      {
        id: 'pick',
        kind: 'choice',
        question: 'Which one, "really"?',
        options: [
          { label: 'Yes, "of course"', value: 'yes' },
          { label: 'No\\back', value: 'no' },
        ],
        next: 'contact',
      },
      {
        id: 'contact',
        kind: 'fields',
        question: 'Your e-mail',
        fields: [{ name: 'email', type: 'email', label: 'E-mail, "work"' }],
        submitLabel: 'Send',
        next: 'done',
      },
    ],
    endings: [{ id: 'done', kind: 'screen', submits: false, heading: 'Done, "thanks"' }],
    submissions: [],
  };
  const { flow, diagnostics } = loadFlowFromData({ file: 'quoting.json', data, vars: VARS });
  const cases = flowCases(flow as ResolvedFlow);

  it('load', () => {
    expect(diagnostics).toEqual([]);
  });

  it('round-trip through CSV', () => {
    const rows = parseCsv(casesToCsv(cases));
    const actions = cases.cases.flatMap((c) =>
      c.steps.map((a, i) => [
        c.id,
        c.kind,
        c.title,
        String(i + 1),
        a.step,
        a.question,
        a.action,
        a.target,
        a.value ?? '',
        a.field ?? '',
        a.expect ?? '',
      ]),
    );
    expect(rows.slice(1)).toEqual(actions);
    expect(rows.flat()).toContain('Yes, "of course"');
    expect(rows.flat()).toContain('E-mail, "work"');
  });

  it('escape quotes and backslashes in Gherkin strings', () => {
    const gherkin = casesToGherkin(cases);
    expect(gherkin).toContain('When I choose "Yes, \\"of course\\""');
    expect(gherkin).toContain('When I choose "No\\\\back"');
    expect(gherkin).toContain('And I fill "E-mail, \\"work\\"" with "alex.sample@example.com"');
    expect(gherkin).toContain('And I press "Send"');
    expect(gherkin).toContain('Then I see "Done, \\"thanks\\""');
    expect(gherkin).toContain('Then I see "This is not a valid email"');
  });
});
