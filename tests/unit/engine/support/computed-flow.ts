/**
 * A small scoring flow for the computed-values tests: a start-up is asked its capital, everyone
 * their revenue and industries; `score` adds their points (and 10 for an established business),
 * `band` names its band, an early band ends on a screen, the others reach the contact step and
 * send both to HubSpot. `text` is the file as an editor holds it, so diagnostics get positions.
 */
import { expect } from 'vitest';
import { loadFlowFromText } from '@/engine';
import type { Diagnostic, ResolvedFlow } from '@/engine';

export const VARS = { brandName: 'Firm', brandSlug: 'firm' };

export function computedFlowData() {
  return {
    id: 'scoring',
    version: 1,
    title: 'Scoring',
    start: 'phase',
    steps: [
      {
        id: 'phase',
        kind: 'choice',
        question: 'What phase is your business in?',
        options: ['Start-up', 'Established'],
        next: {
          branches: [{ when: { answer: 'phase', equals: 'Start-up' }, to: 'capital' }],
          otherwise: 'revenue',
        },
      },
      {
        id: 'capital',
        kind: 'choice',
        question: 'How much capital do you have?',
        options: ['No Capital', 'Under 50k', 'Over 50k'],
        next: 'revenue',
      },
      {
        id: 'revenue',
        kind: 'choice',
        question: 'What is your yearly revenue?',
        options: ['under-100k', '100k-1m', 'over-1m'],
        next: 'industries',
      },
      {
        id: 'industries',
        kind: 'choice',
        multiple: true,
        question: 'Which industries are you in?',
        options: ['Retail', 'Tech', 'Health'],
        next: {
          branches: [{ when: { expr: "band == 'early'" }, to: 'early' }],
          otherwise: 'contact',
        },
      },
      { id: 'contact', kind: 'contact', question: 'How can we reach you?', next: 'thanks' },
    ] as Record<string, unknown>[],
    endings: [
      { id: 'early', kind: 'screen', submits: false, heading: 'Not yet' },
      { id: 'thanks', kind: 'screen', submits: true, heading: 'Thanks' },
    ],
    computed: {
      score: {
        expr: "points(capital) + points(revenue) + points(industries) + (if phase == 'Established' then 10 else 0)",
        points: {
          capital: { 'No Capital': 0, 'Under 50k': 10, 'Over 50k': 25 },
          revenue: { 'under-100k': 0, '100k-1m': 15, 'over-1m': 30 },
          industries: { Retail: 5, Tech: 10, Health: 15 },
        },
      },
      band: { expr: 'band(score)', bands: { early: 0, close: 30, ready: 60 } },
    } as Record<string, Record<string, unknown>>,
    submissions: [
      {
        formKey: 'question',
        fields: [
          { name: 'email', objectTypeId: '0-1', value: { answer: 'email' } },
          { name: 'readiness_score', objectTypeId: '0-1', value: { computed: 'score' } },
          { name: 'readiness_band', objectTypeId: '0-1', value: { computed: 'band' } },
        ],
      },
    ],
  };
}

export type ComputedFlowData = ReturnType<typeof computedFlowData>;

/** The flow's text after `change` edits its data: what `flows -- check` would read. */
export function flowText(change: (data: ComputedFlowData) => void = () => {}): string {
  const data = computedFlowData();
  change(data);
  return JSON.stringify(data, null, 2);
}

export function load(text: string): { flow?: ResolvedFlow; diagnostics: Diagnostic[] } {
  return loadFlowFromText({ file: 'scoring.json', text, vars: VARS });
}

/** The loaded flow; throws with the diagnostics when it does not load. */
export function loadFlow(change?: (data: ComputedFlowData) => void): ResolvedFlow {
  const { flow, diagnostics } = load(flowText(change));
  if (!flow) throw new Error(diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return flow;
}

/** The one diagnostic of `code` the changed flow gives (which it then refuses), and its text. */
export function only(code: string, change: (data: ComputedFlowData) => void) {
  const text = flowText(change);
  const { flow, diagnostics } = load(text);
  const found = diagnostics.filter((d) => d.code === code);
  expect(found, JSON.stringify(diagnostics, null, 1)).toHaveLength(1);
  expect(flow).toBeUndefined();
  return { d: found[0]!, text };
}

/** Line and column (from 1) of `token` on the first line holding `line`. */
export function at(text: string, line: string, token: string) {
  const lines = text.split('\n');
  const index = lines.findIndex((l) => l.includes(line));
  expect(index).toBeGreaterThanOrEqual(0);
  return { line: index + 1, column: lines[index]!.indexOf(token) + 1 };
}

/** Where a diagnostic points. */
export const placed = (d: Diagnostic) => ({ line: d.line, column: d.column });
