// @vitest-environment jsdom
/**
 * The studio's graph (site/admin/studio/studio-graph.tsx) as a marketer meets it: every step and
 * ending a button reached with Tab and named by its id and question, selecting it by click or
 * Enter gives its JSON pointer in the flow file (its index among the file's own steps or
 * endings), branches labelled with their conditions, a broken flow's marks in words, the
 * funnel's numbers when given, and nothing axe objects to.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedFlow } from '@/engine';
import type { Funnel } from '@/site/server/funnel/funnel-report';
import { StudioGraph } from '@/site/admin/studio/studio-graph';
import { FLOWS_DIR, repoFlows } from '@/tests/unit/engine/load-repo-flows';
import { axeViolations } from './axe-violations';

const client = repoFlows().flows.client!;
/** The flow file as written: the pointers index its arrays. */
const file = JSON.parse(readFileSync(path.join(FLOWS_DIR, 'client.json'), 'utf8')) as {
  steps: { id: string }[];
  endings: { id: string }[];
};

afterEach(cleanup);

/** The drawing (the canvas and the toolbar around it are groups too). */
const drawing = () => screen.getByRole('group', { name: /drawn as a graph/ });

describe('the studio graph', () => {
  it('names each step and ending as a button, in a group summing the flow up', () => {
    render(<StudioGraph flow={client} onSelect={() => {}} />);
    const graph = drawing();
    expect(graph.getAttribute('aria-label')).toBe(
      'Client questionnaire (home page), drawn as a graph of 7 steps and 3 endings.',
    );
    const names = within(graph)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toHaveLength(client.steps.length + client.endings.length);
    expect(names).toContain('Step "phase": What phase is your business in? (one of 6 options)');
    expect(names).toContain(
      'Step "contact": What is your full name, email, and phone number? (contact: full_name, email, phone)',
    );
    expect(names).toContain('Ending "checkout": checkout, submits');
  });

  it('selects a step or an ending by its place in the flow file, by click or Enter', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<StudioGraph flow={client} onSelect={onSelect} />);
    // After the zoom buttons and the canvas, Tab reaches the start (the nodes follow the flow's
    // order); Enter selects it.
    for (const name of ['Zoom out', 'Zoom in', 'Fit', 'Graph canvas']) {
      await user.tab();
      expect(document.activeElement).toBe(
        screen.getByRole(/canvas/.test(name) ? 'group' : 'button', { name }),
      );
    }
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Step "phase":/);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('/steps/0');
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Step "revenue":/);
    await user.click(screen.getByRole('button', { name: /^Step "capital":/ }));
    expect(onSelect).toHaveBeenLastCalledWith(
      `/steps/${file.steps.findIndex((s) => s.id === 'capital')}`,
    );
    screen.getByRole('button', { name: /^Ending "bookConsult":/ }).focus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(
      `/endings/${file.endings.findIndex((e) => e.id === 'bookConsult')}`,
    );
    expect(onSelect).toHaveBeenCalledTimes(3);
  });

  it('labels each edge with the option labels that send visitors along it, or otherwise / next', () => {
    render(<StudioGraph flow={client} onSelect={() => {}} />);
    expect(screen.getByText('Start-up')).toBeTruthy();
    expect(screen.getByText('No Capital')).toBeTruthy();
    // The option's label, not the value HubSpot receives ("Yes Go to Checkout").
    expect(screen.getByText('Yes, go to checkout')).toBeTruthy();
    expect(screen.queryByText(/Yes Go to Checkout$/)).toBeNull();
    expect(screen.getAllByText('otherwise')).toHaveLength(3);
    // revenue, industry, service and contact go on whatever the answer.
    expect(screen.getAllByText('next')).toHaveLength(4);
    expect(screen.queryByText(/^took/)).toBeNull();
  });

  it('marks in words what the start does not reach, a step with no way out, an unknown target', async () => {
    const broken: ResolvedFlow = {
      ...client,
      steps: [
        ...client.steps,
        { ...client.steps[0]!, id: 'orphan', next: { branches: [], otherwise: 'nowhere' } },
        { ...client.steps[0]!, id: 'stuck', next: { branches: [] } },
      ],
    };
    const onSelect = vi.fn();
    render(<StudioGraph flow={broken} onSelect={onSelect} />);
    expect(drawing().getAttribute('aria-label')).toContain(
      'Marked: 2 unreachable nodes, 1 step with no way out, 1 unknown target.',
    );
    const orphan = screen.getByRole('button', { name: /^Step "orphan":/ });
    expect(orphan.getAttribute('aria-label')).toMatch(/\(unreachable; one of 6 options\)$/);
    expect(within(orphan).getByText('unreachable')).toBeTruthy();
    const nowhere = screen.getByRole('button', { name: /^Unknown target "nowhere":/ });
    expect(within(nowhere).getByText('unknown')).toBeTruthy();
    // An unknown target is written in the step naming it.
    await userEvent.setup().click(nowhere);
    expect(onSelect).toHaveBeenCalledWith(`/steps/${broken.steps.length - 2}`);
  });

  it('draws the funnel numbers when given, as the funnel page does', () => {
    const funnel: Funnel = {
      flowId: 'client',
      version: client.version,
      visitors: 7,
      started: 7,
      completed: 4,
      completionRate: 4 / 7,
      steps: client.steps.map((s) => ({
        id: s.id,
        inFlow: true,
        saw: s.id === 'phase' ? 7 : 3,
        left: s.id === 'phase' ? 1 : 0,
        transitions: [],
      })),
      endings: client.endings.map((e) => ({ id: e.id, reached: e.id === 'checkout' ? 1 : 0 })),
      dropped: { visit: 0, client: 0 },
    };
    funnel.steps[0]!.transitions = [
      { id: 'phase#0', to: 'capital', took: 2 },
      { id: 'phase#1', to: 'revenue', took: 4 },
    ];
    render(<StudioGraph flow={client} onSelect={() => {}} funnel={funnel} />);
    expect(drawing().getAttribute('aria-label')).toMatch(
      /^Funnel of Client questionnaire \(home page\), version \d+, drawn as a graph of 7 steps and 3 endings: 7 visitors, 7 saw the first step, 4 reached an ending \(completion rate 57\.1 %\)\.$/,
    );
    const phase = screen.getByRole('button', { name: /^Step "phase":/ });
    expect(phase.getAttribute('aria-label')).toBe(
      'Step "phase": What phase is your business in? (saw 7 · left 1)',
    );
    expect(within(phase).getByText('saw 7 · left 1')).toBeTruthy();
    expect(screen.getByText('took 2')).toBeTruthy();
    expect(screen.getByText('took 4')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Ending "checkout": checkout, submits (reached 1)' }),
    ).toBeTruthy();
  });

  it('gives axe nothing to report', async () => {
    const { container } = render(<StudioGraph flow={client} onSelect={() => {}} />);
    expect(await axeViolations(container)).toEqual([]);
  });
});
