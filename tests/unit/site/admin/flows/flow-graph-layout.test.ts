/**
 * The funnel view's layout of a flow (site/admin/flows/flow-graph-layout.ts) on every flow of
 * the repository: one edge per transition with its condition, no two boxes overlapping, the start
 * on top and every node below each step leading to it; and a broken flow (a cycle, a step the
 * start does not reach, an unknown target, a step with no way out) laid out all the same, marked.
 */
import { describe, expect, it } from 'vitest';
import { allTransitions, describeCondition, targetsOf, type ResolvedFlow } from '@/engine';
import {
  flowGraphLayout,
  type FlowGraphLayout,
  type GraphNode,
} from '@/site/admin/flows/flow-graph-layout';
import { repoFlows } from '@/tests/unit/engine/load-repo-flows';

const { flows } = repoFlows();

const overlap = (a: GraphNode, b: GraphNode) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function expectNoOverlap(layout: FlowGraphLayout) {
  layout.nodes.forEach((a, i) =>
    layout.nodes.slice(i + 1).forEach((b) => {
      expect(overlap(a, b), `${a.id} and ${b.id} overlap`).toBe(false);
    }),
  );
}

function expectInside(layout: FlowGraphLayout) {
  for (const node of layout.nodes) {
    expect(node.x).toBeGreaterThanOrEqual(0);
    expect(node.y).toBeGreaterThanOrEqual(0);
    expect(node.x + node.width).toBeLessThanOrEqual(layout.width);
    expect(node.y + node.height).toBeLessThanOrEqual(layout.height);
  }
  for (const point of layout.edges.flatMap((e) => e.points)) {
    expect(point.x).toBeGreaterThanOrEqual(0);
    expect(point.x).toBeLessThanOrEqual(layout.width);
  }
}

describe.each(Object.values(flows).map((flow) => [flow.id, flow] as const))(
  'the layout of flow %s',
  (_id, flow) => {
    const layout = flowGraphLayout(flow);
    const node = (id: string) => layout.nodes.find((n) => n.id === id)!;

    it('has one node per step and ending, and one edge per transition, to its target', () => {
      expect(layout.nodes.map((n) => n.id).sort()).toEqual(
        [...flow.steps, ...flow.endings].map((n) => n.id).sort(),
      );
      expect(layout.edges.map((e) => e.id).sort()).toEqual(allTransitions(flow).sort());
      for (const step of flow.steps) {
        targetsOf(step).forEach((to, i) => {
          const edge = layout.edges.find((e) => e.id === `${step.id}#${i}`)!;
          expect(edge).toMatchObject({ from: step.id, to, back: false });
          const branch = step.next.branches[i];
          expect(edge.condition).toBe(branch ? describeCondition(branch.when) : 'otherwise');
        });
      }
    });

    it('places no two nodes on each other, all inside the drawing', () => {
      expectNoOverlap(layout);
      expectInside(layout);
    });

    it('puts the start alone in the first layer, at the top', () => {
      expect(node(flow.start)).toMatchObject({ layer: 0, start: true });
      expect(layout.nodes.filter((n) => n.layer === 0).map((n) => n.id)).toEqual([flow.start]);
      expect(Math.min(...layout.nodes.map((n) => n.y))).toBe(node(flow.start).y);
    });

    it('puts every node, endings included, below each step leading to it', () => {
      for (const edge of layout.edges) {
        const [from, to] = [node(edge.from), node(edge.to)];
        expect(to.layer, edge.id).toBeGreaterThan(from.layer);
        expect(to.y, edge.id).toBeGreaterThanOrEqual(from.y + from.height);
        // The drawn line leaves the source's bottom and enters the target's top.
        expect(edge.points[0]!.y).toBe(from.y + from.height);
        expect(edge.points.at(-1)!.y).toBe(to.y);
      }
      for (const ending of flow.endings) {
        expect(layout.edges.some((e) => e.to === ending.id)).toBe(true);
      }
    });

    it('marks nothing unreachable and no dead end: the engine loads none', () => {
      expect(
        layout.nodes.filter((n) => n.unreachable || n.deadEnd || n.kind === 'missing'),
      ).toEqual([]);
    });
  },
);

describe('the layout of the client questionnaire', () => {
  const layout = flowGraphLayout(flows.client!);
  const edge = (id: string) => layout.edges.find((e) => e.id === id)!;

  it('labels each branch with its condition and the rest "otherwise"', () => {
    expect(edge('phase#0')).toMatchObject({ to: 'capital', condition: 'phase = Start-up' });
    expect(edge('phase#1')).toMatchObject({ to: 'revenue', condition: 'otherwise' });
    expect(edge('capital#0')).toMatchObject({ to: 'noCapital', condition: 'capital = No Capital' });
    expect(edge('revenue#0')).toMatchObject({ to: 'industry', condition: 'otherwise' });
  });

  it('layers by the longest way from the start', () => {
    const layers = Object.fromEntries(layout.nodes.map((n) => [n.id, n.layer]));
    expect(layers).toEqual({
      phase: 0,
      capital: 1,
      revenue: 1,
      noCapital: 2,
      industry: 2,
      service: 3,
      contact: 4,
      ready: 5,
      checkout: 6,
      bookConsult: 6,
    });
  });

  it('routes an edge spanning layers through a point in each layer between', () => {
    // None here spans more than one layer; the broken flow below has one.
    expect(layout.edges.every((e) => e.points.length === 2)).toBe(true);
  });
});

describe('a broken flow', () => {
  const client = flows.client!;
  // The engine refuses such a flow; the layout must still draw it, marking what is wrong.
  const broken: ResolvedFlow = {
    ...client,
    steps: [
      ...client.steps.map((step) =>
        step.id === 'ready'
          ? { ...step, next: { branches: [], otherwise: 'phase' } } // a cycle
          : step.id === 'revenue'
            ? { ...step, next: { branches: step.next.branches, otherwise: 'contact' } } // spans 3 layers
            : step,
      ),
      { ...client.steps[0]!, id: 'orphan', next: { branches: [], otherwise: 'nowhere' } },
      { ...client.steps[0]!, id: 'stuck', next: { branches: [] } },
    ],
  };
  const layout = flowGraphLayout(broken);
  const node = (id: string) => layout.nodes.find((n) => n.id === id)!;
  const edge = (id: string) => layout.edges.find((e) => e.id === id)!;

  it('is laid out without overlap, every transition an edge', () => {
    expectNoOverlap(layout);
    expectInside(layout);
    expect(layout.edges.map((e) => e.id).sort()).toEqual(allTransitions(broken).sort());
  });

  it('draws the cycle as a back edge beside the nodes', () => {
    expect(edge('ready#0')).toMatchObject({ to: 'phase', back: true });
    expect(edge('ready#0').points.every((p) => p.x <= layout.width)).toBe(true);
    expect(layout.edges.filter((e) => e.back).map((e) => e.id)).toEqual(['ready#0']);
  });

  it('marks what the start does not reach, below the rest, and an unknown target', () => {
    const lowest = Math.max(...layout.nodes.filter((n) => !n.unreachable).map((n) => n.layer));
    for (const id of ['orphan', 'stuck', 'nowhere', 'checkout', 'bookConsult']) {
      expect(node(id).unreachable, id).toBe(true);
      expect(node(id).layer, id).toBeGreaterThan(lowest);
    }
    expect(node('nowhere')).toMatchObject({ kind: 'missing' });
    expect(node('nowhere').layer).toBeGreaterThan(node('orphan').layer);
  });

  it('marks a step with no transition as a dead end', () => {
    expect(layout.nodes.filter((n) => n.deadEnd).map((n) => n.id)).toEqual(['stuck']);
  });

  it('routes the long edge through a point in each layer it crosses', () => {
    const long = edge('revenue#0');
    const [from, to] = [node('revenue'), node('contact')];
    expect(to.layer - from.layer).toBe(3);
    // Leaves, passes two layers (in and out of each), enters.
    expect(long.points).toHaveLength(2 + 2 * 2);
    for (const other of layout.nodes) {
      // No box stands on the routing points.
      for (const p of long.points.slice(1, -1)) {
        const inside =
          p.x > other.x &&
          p.x < other.x + other.width &&
          p.y > other.y &&
          p.y < other.y + other.height;
        expect(inside, `${other.id} covers the route`).toBe(false);
      }
    }
  });
});
