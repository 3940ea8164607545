// @vitest-environment jsdom
/**
 * The funnel view's graph and tables (site/admin/flows/) over a real funnel: visits to the client
 * questionnaire scripted into a fresh SQLite database, the report computed by `funnel`, and what
 * a person reads checked: each step's "saw · left", each edge's count and condition, each
 * ending's "reached", the completion rate in the picture's summary, and the same numbers in the
 * tables a screen reader gets. Then an older version's events the flow no longer knows, and a
 * broken flow's marks.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coveringPaths, type ResolvedFlow } from '@/engine';
import { CoveringPathsList } from '@/site/admin/flows/covering-paths-list';
import { FlowGraph } from '@/site/admin/flows/flow-graph';
import { FunnelFilters } from '@/site/admin/flows/funnel-filters';
import { funnelQuery } from '@/site/admin/flows/funnel-query';
import { FunnelTable } from '@/site/admin/flows/funnel-table';
import { funnel, type Funnel } from '@/site/server/funnel/funnel-report';
import {
  repoFlow,
  tempFunnel,
  toReady,
  toRevenue,
  visitEvents,
} from '../../server/funnel/funnel-fixtures';

const client = repoFlow('client');
const visits: Record<string, string[]> = {
  booked1: [...toReady, 'ready#1'],
  booked2: [...toReady, 'ready#1'],
  checkout: [...toReady, 'ready#0'],
  noCapital: ['phase', 'phase#0', 'capital', 'capital#0'],
  leftAtIndustry: [...toRevenue, 'industry'],
  leftAtStart: ['phase'],
  startUpLeftAtIndustry: ['phase', 'phase#0', 'capital', 'capital#1', 'industry'],
};
const received = Date.UTC(2025, 10, 2, 12);

let db: Awaited<ReturnType<typeof tempFunnel>>;
let report: Funnel;
let older: Funnel;

beforeAll(async () => {
  db = await tempFunnel('sqlite');
  for (const [name, script] of Object.entries(visits)) {
    await db.store.insertEvents(visitEvents(`visit-${name}-0123456789`, client, script), received);
  }
  // Version 1 of the flow had a transition phase#5 to a step since removed.
  const v1 = { id: 'client', version: 1 };
  await db.store.insertEvents(
    visitEvents('visit-version-one-0123456789', v1, ['phase', 'phase#5', 'oldStep']),
    received,
  );
  report = await funnel(client, {}, db.store);
  older = await funnel(client, { version: 1 }, db.store);
});
afterAll(() => db?.dispose());
afterEach(cleanup);

/** The drawn box of a node or an edge: the SVG group whose <title> `start` matches. */
function drawn(start: RegExp): string {
  const titles = [...document.querySelectorAll('svg g > title')];
  const title = titles.find((t) => start.test(t.textContent ?? ''));
  if (!title) throw new Error(`nothing drawn for ${String(start)}`);
  // The visible text only: the <title> is the tooltip.
  return [...title.parentElement!.querySelectorAll('text')]
    .map((t) => t.textContent?.trim())
    .join(' | ');
}
const node = (id: string) => drawn(new RegExp(`^(Step|Ending|Unknown target) "${id}":`));
const edge = (id: string) => drawn(new RegExp(`^${id} →`));

/** The steps table as a person reads it: per step, saw, left and each transition's cells. */
function stepsTable() {
  const table = screen.getByRole('table', { name: 'Visitors per step and transition' });
  return [...table.querySelectorAll('tbody')].map((tbody) => {
    const rows = [...tbody.rows];
    const head = rows[0]!.cells;
    return {
      step: head[0]!.querySelector('code')!.textContent,
      note: head[0]!.querySelector('span')!.textContent,
      saw: head[1]!.textContent,
      left: head[2]!.textContent,
      transitions: rows.map((row) => [...row.cells].slice(-4).map((cell) => cell.textContent)),
    };
  });
}

describe('the funnel graph', () => {
  it('is one image whose name sums the funnel up, completion rate with one decimal', () => {
    render(<FlowGraph flow={client} funnel={report} />);
    const graph = screen.getByRole('img');
    expect(graph.tagName).toBe('svg');
    // A picture the server renders: nothing in it takes focus or a click (the studio's does).
    expect(graph.querySelector('[tabindex], [role]')).toBeNull();
    expect(graph.getAttribute('aria-label')).toBe(
      `Funnel of Client questionnaire (home page), version ${client.version}, drawn as a graph of 7 steps and ` +
        '3 endings: 7 visitors, 7 saw the first step, 4 reached an ending (completion rate ' +
        '57.1 %). The table that follows gives every number.',
    );
  });

  it('shows on each step how many saw it and left there, on each ending how many reached it', () => {
    render(<FlowGraph flow={client} funnel={report} />);
    expect(node('phase')).toBe('phase | What phase is your business in? | saw 7 · left 1');
    // A question longer than the box is clipped there, whole in the text.
    expect(node('revenue')).toBe(
      'revenue | What was your company gross revenue last year? | saw 4 · left 0',
    );
    expect(node('capital')).toMatch(/\| saw 2 · left 0$/);
    expect(node('industry')).toBe('industry | What is your industry? | saw 5 · left 2');
    expect(node('service')).toMatch(/\| saw 3 · left 0$/);
    expect(node('ready')).toMatch(/\| saw 3 · left 0$/);
    expect(node('noCapital')).toBe('Ending | noCapital | screen | reached 1');
    expect(node('checkout')).toBe('Ending | checkout | checkout, submits | reached 1');
    expect(node('bookConsult')).toMatch(
      /^Ending \| bookConsult \| redirect \/book-consult.* \| reached 2$/,
    );
  });

  it('draws on each node words that read as a run of its name (label in name)', () => {
    render(<FlowGraph flow={client} funnel={report} />);
    // As axe compares them: lower case, without punctuation, spaces collapsed.
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s]/gu, '')
        .replace(/\s+/g, ' ')
        .trim();
    const nodes = [...document.querySelectorAll('svg g > title')].filter((t) =>
      /^(Step|Ending) "/.test(t.textContent ?? ''),
    );
    expect(nodes).toHaveLength(10);
    for (const title of nodes) {
      // The text the node's lines make together, as the browser reads it (no separator of its own).
      const drawnWords = [...title.parentElement!.childNodes]
        .filter((child) => child !== title)
        .map((child) => child.textContent)
        .join('');
      expect(words(title.textContent ?? '')).toContain(words(drawnWords));
    }
  });

  it('labels each edge with how many took it, and a branch with its condition', () => {
    render(<FlowGraph flow={client} funnel={report} />);
    expect(edge('phase#0')).toBe('phase = Start-up | took 2');
    expect(edge('phase#1')).toBe('otherwise | took 4');
    expect(edge('capital#0')).toBe('capital = No Capital | took 1');
    expect(edge('capital#1')).toBe('otherwise | took 1');
    // A step with one way on: the count alone.
    expect(edge('revenue#0')).toBe('took 4');
    expect(edge('industry#0')).toBe('took 3');
    expect(edge('ready#0')).toBe('ready = Yes Go to Checkout | took 1');
    expect(edge('ready#1')).toBe('otherwise | took 2');
  });

  it('marks a node the start does not reach and a step with no way out', async () => {
    const broken: ResolvedFlow = {
      ...client,
      steps: [
        ...client.steps,
        { ...client.steps[0]!, id: 'orphan', next: { branches: [], otherwise: 'checkout' } },
        { ...client.steps[0]!, id: 'stuck', next: { branches: [] } },
      ],
    };
    render(<FlowGraph flow={broken} funnel={await funnel(broken, {}, db.store)} />);
    expect(node('orphan')).toMatch(/^orphan \| What phase is your business in\? \| unreachable \|/);
    expect(node('stuck')).toMatch(/^stuck \| What phase is your business in\? \| unreachable \|/);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain(
      'Marked: 2 unreachable nodes, 1 step with no way out.',
    );
  });
});

describe('the funnel tables', () => {
  it('give per step saw and left, and each transition with its condition, target and count', () => {
    render(<FunnelTable flow={client} funnel={report} />);
    expect(stepsTable()).toEqual([
      {
        step: 'phase',
        note: 'What phase is your business in?',
        saw: '7',
        left: '1',
        transitions: [
          ['phase#0', 'phase = Start-up', 'capital', '2'],
          ['phase#1', 'otherwise', 'revenue', '4'],
        ],
      },
      {
        step: 'revenue',
        note: expect.any(String) as string,
        saw: '4',
        left: '0',
        transitions: [['revenue#0', 'otherwise', 'industry', '4']],
      },
      {
        step: 'capital',
        note: expect.any(String) as string,
        saw: '2',
        left: '0',
        transitions: [
          ['capital#0', 'capital = No Capital', 'noCapital', '1'],
          ['capital#1', 'otherwise', 'industry', '1'],
        ],
      },
      {
        step: 'industry',
        note: 'What is your industry?',
        saw: '5',
        left: '2',
        transitions: [['industry#0', 'otherwise', 'service', '3']],
      },
      {
        step: 'service',
        note: expect.any(String) as string,
        saw: '3',
        left: '0',
        transitions: [['service#0', 'otherwise', 'contact', '3']],
      },
      {
        step: 'contact',
        note: expect.any(String) as string,
        saw: '3',
        left: '0',
        transitions: [['contact#0', 'otherwise', 'ready', '3']],
      },
      {
        step: 'ready',
        note: expect.any(String) as string,
        saw: '3',
        left: '0',
        transitions: [
          ['ready#0', 'ready = Yes Go to Checkout', 'checkout', '1'],
          ['ready#1', 'otherwise', 'bookConsult', '2'],
        ],
      },
    ]);
  });

  it('give each ending and how many reached it', () => {
    render(<FunnelTable flow={client} funnel={report} />);
    const table = screen.getByRole('table', { name: 'Endings reached' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['noCapital', 'screen', '1'],
      ['checkout', 'checkout, submits', '1'],
      ['bookConsult', expect.stringMatching(/^redirect \/book-consult/) as string, '2'],
    ]);
  });

  it('spans each step over its transitions, for a screen reader to tie them together', () => {
    render(<FunnelTable flow={client} funnel={report} />);
    const phase = screen.getByRole('table', { name: 'Visitors per step and transition' });
    const head = within(phase).getByText('phase').closest('th')!;
    expect(head.getAttribute('scope')).toBe('rowgroup');
    expect(head.getAttribute('rowspan')).toBe('2');
  });

  it('list what an older version recorded that the current flow does not have', () => {
    render(<FunnelTable flow={client} funnel={older} />);
    const table = stepsTable();
    expect(table.find((s) => s.step === 'phase')).toMatchObject({
      saw: '1',
      left: '0',
      transitions: expect.arrayContaining([
        ['phase#5', '?', 'unknown to the current flow', '1'],
      ]) as unknown,
    });
    expect(table.find((s) => s.step === 'oldStep')).toMatchObject({
      note: 'not a step of the current flow',
      saw: '1',
      left: '1',
    });
  });

  it('summarise an older version in the graph with what the flow no longer has', () => {
    render(<FlowGraph flow={client} funnel={older} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain(
      'version 1, drawn as a graph of 7 steps and 3 endings: 1 visitor, 1 saw the first step, ' +
        '0 reached an ending (completion rate 0.0 %). Marked: 1 recorded step no longer in the flow.',
    );
  });
});

describe('the covering paths', () => {
  it('list each path with its steps, answers and the HubSpot fields of each form key', () => {
    render(<CoveringPathsList flow={client} />);
    const paths = coveringPaths(client);
    const items = screen.getAllByRole('heading', { level: 3 });
    expect(items.map((h) => h.textContent)).toEqual(
      paths.map((p, i) => `Path ${i + 1}: to ${p.ending}`),
    );
    const submitting = paths.findIndex((p) => p.submissions.length > 0);
    const item = items[submitting]!.closest('li')!;
    for (const submission of paths[submitting]!.submissions) {
      const table = within(item).getByRole('table', {
        name: `Form key ${submission.formKey}: the HubSpot fields this path sends`,
      });
      const names = within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
      expect(names).toEqual(submission.fields.map((f) => f.name));
    }
    // A choice's answer is its value.
    const first = paths[submitting]!.steps[0]!;
    expect(first).toMatchObject({ step: 'phase', answer: expect.any(String) as string });
    expect(within(item).getByText('phase').closest('li')!.textContent).toBe(
      `phase What phase is your business in? → ${first.answer as string}`,
    );
  });
});

describe('the filters', () => {
  it('are a GET form of from, to and a version from 1 to the current one', () => {
    const query = funnelQuery({ from: '2025-11-01', version: '1' }, 2);
    render(<FunnelFilters action="/admin/flows/client" query={query} currentVersion={2} />);
    const form = screen.getByRole('form', { name: 'Funnel filters' });
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/admin/flows/client');
    expect(screen.getByLabelText('From (UTC day)')).toMatchObject({ value: '2025-11-01' });
    expect(screen.getByLabelText('To (UTC day, inclusive)')).toMatchObject({ value: '' });
    const version = screen.getByLabelText('Version');
    expect(
      within(version)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2 (current)', '1']);
    expect(version).toMatchObject({ value: '1' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('show what was not applied, tied to its field', () => {
    const query = funnelQuery({ from: '2025-02-30' }, 2);
    render(<FunnelFilters action="/admin/flows/client" query={query} currentVersion={2} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'From “2025-02-30” is not a date: write it as YYYY-MM-DD, e.g. 2025-11-30.',
    );
    const from = screen.getByLabelText('From (UTC day)');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(from.getAttribute('aria-describedby')!)!.textContent).toContain(
      '2025-02-30',
    );
  });
});
