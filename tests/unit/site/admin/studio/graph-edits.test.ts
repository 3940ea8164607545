/**
 * What the studio's graph computes without a screen: the words on each edge (option labels, not
 * the values HubSpot receives), the edge drawn from a step as an edit of the flow text (a rule or
 * the "otherwise", loading with no error of the engine's check, every other step's bytes kept),
 * the targets an edge may go to (never back: a loop), and the view's fit, zoom and reveal.
 */
import { describe, expect, it } from 'vitest';
import { isErrorDiagnostic, type ResolvedFlow } from '@/engine/client';
import {
  connectOptions,
  connectSteps,
  connectTargets,
  cutOff,
} from '@/site/admin/studio/graph-connect';
import { edgeLabels } from '@/site/admin/studio/graph-edge-labels';
import { fitView, revealBox, zoomAt } from '@/site/admin/studio/graph-view';
import { flowGraphLayout } from '@/site/admin/flows/flow-graph-layout';
import { readFlow } from '@/site/admin/studio/visual-text';
import { checkClient, client } from './support/client-flow';

/** The flow the text loads as; fails the test on any error of the engine's check. */
function loads(text: string): ResolvedFlow {
  const { flow, diagnostics } = checkClient(text);
  expect(diagnostics.filter(isErrorDiagnostic).map((d) => `${d.pointer}: ${d.message}`)).toEqual(
    [],
  );
  return flow!;
}

const flow = loads(client);
const stepOf = (text: string, id: string) => readFlow(text)!.steps.find((s) => s.id === id)!;

describe('the words on the edges', () => {
  it('names the options of a rule on the step’s own answer, otherwise, and next', () => {
    expect(Object.fromEntries(edgeLabels(flow))).toEqual({
      'phase#0': 'Start-up',
      'phase#1': 'otherwise',
      'revenue#0': 'next',
      'capital#0': 'No Capital',
      'capital#1': 'otherwise',
      'industry#0': 'next',
      'service#0': 'next',
      'contact#0': 'next',
      'ready#0': 'Yes, go to checkout',
      'ready#1': 'otherwise',
    });
  });

  it('reads "is one of", "is not", another step’s answer, AND, and what only the JSON shows', () => {
    const ready = flow.steps.find((s) => s.id === 'ready')!;
    const when = (branches: ResolvedFlow['steps'][number]['next']['branches']) => ({
      ...flow,
      steps: flow.steps.map((s) => (s === ready ? { ...s, next: { ...s.next, branches } } : s)),
    });
    const labels = edgeLabels(
      when([
        {
          when: { answer: 'ready', oneOf: ['Yes Go to Checkout', 'No, Book Consultation First'] },
          to: 'checkout',
        },
        { when: { not: { answer: 'ready', equals: 'Yes Go to Checkout' } }, to: 'checkout' },
        {
          when: {
            all: [
              { answer: 'phase', equals: 'Start-up' },
              { answer: 'ready', equals: 'Yes Go to Checkout' },
            ],
          },
          to: 'checkout',
        },
        { when: { answer: 'email', isEmpty: true }, to: 'checkout' },
      ]),
    );
    expect([0, 1, 2, 3].map((i) => labels.get(`ready#${i}`))).toEqual([
      'Yes, go to checkout / No, book a consultation first',
      'not Yes, go to checkout',
      'phase is Start-up and Yes, go to checkout',
      'email empty',
    ]);
  });
});

describe('an edge drawn from a step', () => {
  it('adds the rule "if phase is IPO & ICO go to capital", and keeps every other byte', () => {
    const text = connectSteps(client, { from: 'phase', to: 'capital', value: 'IPO & ICO' });
    const phase = loads(text).steps.find((s) => s.id === 'phase')!;
    expect(phase.next).toEqual({
      branches: [
        { when: { answer: 'phase', equals: 'Start-up' }, to: 'capital' },
        { when: { answer: 'phase', equals: 'IPO & ICO' }, to: 'capital' },
      ],
      otherwise: 'revenue',
    });
    const untouched = (t: string) => t.slice(t.indexOf('"id": "revenue"'));
    expect(untouched(text)).toBe(untouched(client));
    expect(edgeLabels(loads(text)).get('phase#1')).toBe('IPO & ICO');
  });

  it('changes the rule already sending that option, rather than adding one it would shadow', () => {
    const text = connectSteps(client, { from: 'capital', to: 'industry', value: 'No Capital' });
    expect(stepOf(text, 'capital').next).toEqual({
      branches: [{ when: { answer: 'capital', equals: 'No Capital' }, to: 'industry' }],
      otherwise: 'industry',
    });
  });

  it('turns a plain next into a rule and its otherwise, or sets where the step goes otherwise', () => {
    // An option of a shared list, as the loaded flow has it.
    const band = connectOptions(flow, 'revenue')[0]!.value;
    const ruled = connectSteps(client, { from: 'revenue', to: 'capital', value: band });
    expect(stepOf(ruled, 'revenue').next).toEqual({
      branches: [{ when: { answer: 'revenue', equals: band }, to: 'capital' }],
      otherwise: 'industry',
    });
    loads(ruled);
    const otherwise = connectSteps(client, { from: 'ready', to: 'checkout' });
    expect(stepOf(otherwise, 'ready').next).toMatchObject({ otherwise: 'checkout' });
    const next = connectSteps(client, { from: 'contact', to: 'ready' });
    expect(stepOf(next, 'contact').next).toBe('ready');
  });

  it('leaves the text as it was for an unknown step or target, a loop on itself, or an option of no choice', () => {
    for (const edge of [
      { from: 'phase', to: 'nowhere', value: 'IPO & ICO' },
      { from: 'nowhere', to: 'capital' },
      { from: 'phase', to: 'phase' },
      { from: 'contact', to: 'ready', value: 'x' },
    ])
      expect(connectSteps(client, edge)).toBe(client);
  });

  it('tells which nodes an "otherwise" would cut off; a rule cuts none', () => {
    expect(cutOff(flow, { from: 'ready', to: 'checkout' })).toEqual(['bookConsult']);
    expect(cutOff(flow, { from: 'phase', to: 'capital' })).toEqual(['revenue']);
    expect(
      cutOff(flow, { from: 'ready', to: 'checkout', value: 'No, Book Consultation First' }),
    ).toEqual([]);
    expect(cutOff(flow, { from: 'capital', to: 'service' })).toEqual([]);
  });

  it('offers the nodes that do not lead back, and the step’s own options', () => {
    expect(connectTargets(flow, 'industry')).toEqual([
      'service',
      'contact',
      'ready',
      'noCapital',
      'checkout',
      'bookConsult',
    ]);
    expect(connectTargets(flow, 'phase')).not.toContain('phase');
    expect(connectTargets(flow, 'checkout')).toEqual([]);
    expect(connectOptions(flow, 'ready').map((o) => o.label)).toEqual([
      'Yes, go to checkout',
      'No, book a consultation first',
    ]);
    expect(connectOptions(flow, 'contact')).toEqual([]);
  });
});

describe('the graph’s view', () => {
  const layout = flowGraphLayout(flow);

  it('fits the client flow whole in a laptop’s canvas, centred, and never enlarges a small one', () => {
    const canvas = { width: 560, height: 500 };
    const view = fitView(layout, canvas);
    expect(view.scale).toBeCloseTo((500 - 16) / layout.height);
    expect(view.y).toBeCloseTo(8);
    expect(view.x + layout.width * view.scale).toBeLessThanOrEqual(canvas.width);
    expect(view.x).toBeCloseTo(canvas.width - view.x - layout.width * view.scale);
    expect(fitView({ width: 100, height: 100 }, canvas)).toEqual({ scale: 1, x: 230, y: 200 });
  });

  it('zooms around a point, which keeps showing the same spot, within bounds', () => {
    const view = zoomAt({ scale: 0.5, x: 10, y: 20 }, 2, { x: 110, y: 70 });
    expect(view).toEqual({ scale: 1, x: -90, y: -30 });
    expect(zoomAt(view, 100, { x: 0, y: 0 }).scale).toBe(2);
    expect(zoomAt(view, 0.001, { x: 0, y: 0 }).scale).toBe(0.2);
  });

  it('moves a node out of sight into view, and leaves one in sight', () => {
    const canvas = { width: 400, height: 300 };
    const view = { scale: 1, x: 0, y: 0 };
    const shown = { x: 20, y: 20, width: 100, height: 50 };
    expect(revealBox(view, shown, canvas)).toBe(view);
    expect(revealBox(view, { ...shown, y: 500 }, canvas)).toEqual({ scale: 1, x: 0, y: -266 });
  });
});
