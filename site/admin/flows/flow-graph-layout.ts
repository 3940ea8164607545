/**
 * A flow drawn in layers for the back office's funnel view and flow studio (a Sugiyama-style
 * layout; browser-safe, as the studio lays the flow out again as the marketer types): each step
 * and ending sits one layer below the lowest of its predecessors (the longest path from the
 * start, in the engine's topological order), an edge spanning several layers passes through a
 * routing point in each layer between, and a few barycentre sweeps order each layer to keep
 * edges from crossing. Pure geometry: the SVG component decides what each box says.
 *
 * A flow the engine loads is a DAG whose every node the start reaches (it refuses anything
 * else), but the layout does not depend on it: an edge against the order (a cycle) is drawn as a
 * back edge beside the nodes, nodes the start does not reach sit in a band below the rest, and a
 * target no step or ending defines gets a box of its own, all flagged for the drawing to mark.
 */
import {
  describeCondition,
  indexFlow,
  targetsOf,
  topologicalOrder,
  type ResolvedFlow,
} from '@/engine/client';

export const NODE_WIDTH = 216;
export const NODE_HEIGHT = 72;
/** The width a routing point takes in its layer. */
const POINT_WIDTH = 16;
const COLUMN_GAP = 40;
/** Room between layers for the edges and their labels. */
const LAYER_GAP = 88;
const PADDING = 16;
/** How far right of the nodes a back edge runs. */
const BACK_OFFSET = 28;
const SWEEPS = 4;

export interface Point {
  x: number;
  y: number;
}

export interface GraphNode {
  id: string;
  /** `missing`: a transition's target that no step or ending defines. */
  kind: 'step' | 'ending' | 'missing';
  /** 0 for the start. */
  layer: number;
  /** Top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  start: boolean;
  /** The start does not reach it. */
  unreachable: boolean;
  /** A step with no transition: a visitor there cannot go on. */
  deadEnd: boolean;
}

export interface GraphEdge extends FlowTransition {
  /** Goes against the layering (a cycle, or up out of the unreachable band). */
  back: boolean;
  /** From the source's bottom (a back edge: its right side) to the target's top (right side). */
  points: Point[];
  /**
   * Where the edge's label is centred: on its first segment, the edges leaving one step at
   * staggered heights (the first port highest) so their labels do not cover each other.
   */
  label: Point;
}

export interface FlowGraphLayout {
  nodes: GraphNode[];
  edges: GraphEdge[];
  layers: number;
  width: number;
  height: number;
}

/** A transition of the flow: `step#index`, its source and target, its condition in words. */
export interface FlowTransition {
  id: string;
  from: string;
  to: string;
  /** The branch's condition (the engine's describeCondition), or `otherwise`. */
  condition: string;
}

/** Every transition of the flow, in the flow's order. */
export function flowTransitions(flow: ResolvedFlow): FlowTransition[] {
  return flow.steps.flatMap((step) =>
    targetsOf(step).map((to, i) => {
      const branch = step.next.branches[i];
      return {
        id: `${step.id}#${i}`,
        from: step.id,
        to,
        condition: branch ? describeCondition(branch.when) : 'otherwise',
      };
    }),
  );
}

/** What sits in a layer: a node, or the routing point of an edge passing through. */
interface Slot {
  key: string;
  width: number;
  x: number;
}

export function flowGraphLayout(flow: ResolvedFlow): FlowGraphLayout {
  const { steps, endings } = indexFlow(flow);
  const transitions = flowTransitions(flow);

  // The engine's order for what the start reaches; anything else after it, in the flow's order.
  const reached = topologicalOrder(flow).order;
  const reachable = new Set(reached);
  const sequence = [
    ...new Set([
      ...reached,
      ...flow.steps.map((s) => s.id),
      ...flow.endings.map((e) => e.id),
      ...transitions.map((t) => t.to),
    ]),
  ];
  const position = new Map(sequence.map((id, i) => [id, i]));
  const isBack = (t: { from: string; to: string }) => position.get(t.from)! >= position.get(t.to)!;
  const incoming = new Map<string, string[]>();
  for (const t of transitions) {
    if (!isBack(t)) incoming.set(t.to, [...(incoming.get(t.to) ?? []), t.from]);
  }

  // Longest path over the forward edges: every node below each of its predecessors. The nodes
  // the start does not reach begin in a band under the lowest reachable layer.
  const layerOf = new Map<string, number>();
  let lowest = 0;
  for (const id of sequence) {
    const base = reachable.has(id) ? 0 : lowest + 1;
    const layer = Math.max(base, ...(incoming.get(id) ?? []).map((from) => layerOf.get(from)! + 1));
    layerOf.set(id, layer);
    if (reachable.has(id)) lowest = Math.max(lowest, layer);
  }
  const layerCount = 1 + Math.max(0, ...layerOf.values());

  // Each forward edge as a chain of slots, one per layer it crosses.
  const slots = new Map<string, Slot>();
  const layers: string[][] = Array.from({ length: layerCount }, () => []);
  const addSlot = (key: string, layer: number, width: number) => {
    slots.set(key, { key, width, x: 0 });
    layers[layer]!.push(key);
  };
  for (const id of sequence) addSlot(id, layerOf.get(id)!, NODE_WIDTH);
  const chains = new Map<string, string[]>();
  for (const t of transitions) {
    if (isBack(t)) continue;
    const chain = [t.from];
    for (let layer = layerOf.get(t.from)! + 1; layer < layerOf.get(t.to)!; layer++) {
      const key = `${t.id}@${layer}`;
      addSlot(key, layer, POINT_WIDTH);
      chain.push(key);
    }
    chain.push(t.to);
    chains.set(t.id, chain);
  }
  orderLayers(layers, [...chains.values()]);

  // Coordinates: each layer centred under the widest.
  const rowWidth = (row: string[]) =>
    row.reduce((sum, key) => sum + slots.get(key)!.width, 0) + COLUMN_GAP * (row.length - 1);
  const widest = Math.max(...layers.map(rowWidth));
  layers.forEach((row) => {
    let x = PADDING + (widest - rowWidth(row)) / 2;
    for (const key of row) {
      const slot = slots.get(key)!;
      slot.x = x;
      x += slot.width + COLUMN_GAP;
    }
  });
  const top = (layer: number) => PADDING + layer * (NODE_HEIGHT + LAYER_GAP);
  const outDegree = new Map<string, number>();
  for (const t of transitions) outDegree.set(t.from, (outDegree.get(t.from) ?? 0) + 1);

  const nodes: GraphNode[] = sequence.map((id) => ({
    id,
    kind: steps.has(id) ? 'step' : endings.has(id) ? 'ending' : 'missing',
    layer: layerOf.get(id)!,
    x: slots.get(id)!.x,
    y: top(layerOf.get(id)!),
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    start: id === flow.start,
    unreachable: !reachable.has(id),
    deadEnd: steps.has(id) && !outDegree.has(id),
  }));
  const nodeOf = new Map(nodes.map((n) => [n.id, n]));
  const right = PADDING + widest;

  // Ports: a node's edges leave its bottom and enter its top spread out, in the order of the
  // slots they come from or go to, so they do not cross at the node.
  const centre = (key: string) => slots.get(key)!.x + slots.get(key)!.width / 2;
  const ports = (ends: { edge: string; toward: string }[], node: GraphNode) => {
    const sorted = [...ends].sort((a, b) => centre(a.toward) - centre(b.toward));
    return new Map(
      sorted.map((end, i) => [end.edge, node.x + (node.width * (i + 1)) / (sorted.length + 1)]),
    );
  };
  const leaving = new Map<string, Map<string, number>>();
  const entering = new Map<string, Map<string, number>>();
  for (const node of nodes) {
    const out = [...chains].filter(([, c]) => c[0] === node.id);
    const into = [...chains].filter(([, c]) => c[c.length - 1] === node.id);
    leaving.set(
      node.id,
      ports(
        out.map(([edge, c]) => ({ edge, toward: c[1]! })),
        node,
      ),
    );
    entering.set(
      node.id,
      ports(
        into.map(([edge, c]) => ({ edge, toward: c[c.length - 2]! })),
        node,
      ),
    );
  }

  const edges: GraphEdge[] = transitions.map((t) => {
    const from = nodeOf.get(t.from)!;
    const to = nodeOf.get(t.to)!;
    const chain = chains.get(t.id);
    let points: Point[];
    if (chain) {
      points = [{ x: leaving.get(t.from)!.get(t.id)!, y: from.y + from.height }];
      chain.slice(1, -1).forEach((key, i) => {
        const layer = layerOf.get(t.from)! + 1 + i;
        points.push(
          { x: centre(key), y: top(layer) },
          { x: centre(key), y: top(layer) + NODE_HEIGHT },
        );
      });
      points.push({ x: entering.get(t.to)!.get(t.id)!, y: to.y });
    } else {
      // Against the layering: out of the source's right side, up (or across) to the target's.
      const aside = right + BACK_OFFSET;
      points = [
        { x: from.x + from.width, y: from.y + from.height / 2 },
        { x: aside, y: from.y + from.height / 2 },
        { x: aside, y: to.y + to.height / 2 },
        { x: to.x + to.width, y: to.y + to.height / 2 },
      ];
    }
    const [a, b] = [points[0]!, points[1]!];
    const ports = [...leaving.get(t.from)!.values()].sort((p, q) => p - q);
    const share = chain ? (ports.indexOf(a.x) + 1) / (ports.length + 1) : 0.5;
    return { ...t, back: !chain, points, label: alongSegment(a, b, share) };
  });

  const anyBack = edges.some((e) => e.back);
  return {
    nodes,
    edges,
    layers: layerCount,
    width: right + PADDING + (anyBack ? BACK_OFFSET * 2 : 0),
    height: top(layerCount - 1) + NODE_HEIGHT + PADDING,
  };
}

/**
 * The point a share of the way along a segment as the drawing draws it: a vertical line, or the
 * cubic curve from `a` to `b` whose control points sit at its middle height (flow-graph.tsx).
 */
function alongSegment(a: Point, b: Point, share: number): Point {
  const mid = (a.y + b.y) / 2;
  const [u, t] = [1 - share, share];
  const curve = (p0: number, p1: number, p2: number, p3: number) =>
    u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
  return { x: curve(a.x, a.x, b.x, b.x), y: curve(a.y, mid, mid, b.y) };
}

/**
 * Orders each layer to reduce crossings: sweeps down (each slot at the mean position of its
 * neighbours in the layer above) and up (below), keeping the order with the fewest crossings.
 */
function orderLayers(layers: string[][], chains: string[][]) {
  const above = new Map<string, string[]>();
  const below = new Map<string, string[]>();
  for (const chain of chains) {
    for (let i = 1; i < chain.length; i++) {
      const [a, b] = [chain[i - 1]!, chain[i]!];
      above.set(b, [...(above.get(b) ?? []), a]);
      below.set(a, [...(below.get(a) ?? []), b]);
    }
  }
  const index = new Map<string, number>();
  const reindex = (row: string[]) => row.forEach((key, i) => index.set(key, i));
  layers.forEach(reindex);

  const crossings = () => {
    let count = 0;
    for (const row of layers) {
      const segments = row.flatMap((a) =>
        (below.get(a) ?? []).map((b) => [index.get(a)!, index.get(b)!]),
      );
      for (let i = 0; i < segments.length; i++)
        for (let j = i + 1; j < segments.length; j++) {
          const [[a1, b1], [a2, b2]] = [segments[i]!, segments[j]!];
          if ((a1! - a2!) * (b1! - b2!) < 0) count++;
        }
    }
    return count;
  };
  const sortBy = (row: string[], neighbours: Map<string, string[]>) => {
    const key = new Map(
      row.map((slot, i) => {
        const near = neighbours.get(slot) ?? [];
        const mean = near.length ? near.reduce((s, n) => s + index.get(n)!, 0) / near.length : i;
        return [slot, mean];
      }),
    );
    row.sort((a, b) => key.get(a)! - key.get(b)!);
    reindex(row);
  };

  let best = layers.map((row) => [...row]);
  let fewest = crossings();
  for (let sweep = 0; sweep < SWEEPS && fewest > 0; sweep++) {
    for (let l = 1; l < layers.length; l++) sortBy(layers[l]!, above);
    for (let l = layers.length - 2; l >= 0; l--) sortBy(layers[l]!, below);
    const count = crossings();
    if (count < fewest) {
      fewest = count;
      best = layers.map((row) => [...row]);
    }
  }
  best.forEach((row, l) => (layers[l] = row));
}
