import { indexFlow, targetsOf } from './flow-walk';
import { topologicalOrder } from './topological-order';
import type { ResolvedFlow } from './types';

/**
 * Which steps every path from the start passes before reaching a node: the answers surely
 * collected there are those of its dominators. Computed once per flow as the immediate-dominator
 * tree (each node's dominators are the intersection over its incoming transitions, walked up the
 * tree in topological order), so asking costs the depth of the tree, never a list of paths.
 * Needs an acyclic flow whose references resolve (the graph checks run first).
 */
export function dominators(flow: ResolvedFlow): { dominates: (a: string, b: string) => boolean } {
  const { order, predecessors } = topologicalOrder(flow);
  const rank = new Map(order.map((id, i) => [id, i]));
  const idom = new Map<string, string>([[flow.start, flow.start]]);
  const meet = (a: string, b: string): string => {
    while (a !== b) {
      while (rank.get(a)! > rank.get(b)!) a = idom.get(a)!;
      while (rank.get(b)! > rank.get(a)!) b = idom.get(b)!;
    }
    return a;
  };
  for (const id of order.slice(1)) {
    const preds = (predecessors.get(id) ?? []).filter((p) => idom.has(p));
    if (preds.length > 0) idom.set(id, preds.slice(1).reduce(meet, preds[0]!));
  }
  return {
    dominates(a, b) {
      if (!idom.has(b)) return false;
      for (let x = b; ; x = idom.get(x)!) {
        if (x === a) return true;
        if (x === flow.start) return false;
      }
    },
  };
}

/**
 * A shortest path of steps from the start to `to` that never passes `avoid` (breadth-first), or
 * undefined when every path passes it. The example a diagnostic shows.
 */
export function pathAvoiding(flow: ResolvedFlow, to: string, avoid: string): string[] | undefined {
  const { steps } = indexFlow(flow);
  const parent = new Map<string, string | null>([[flow.start, null]]);
  const queue = flow.start === avoid ? [] : [flow.start];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    if (id === to) {
      const path: string[] = [];
      for (let x = parent.get(id); x != null; x = parent.get(x)) path.unshift(x);
      return path;
    }
    const step = steps.get(id);
    for (const next of step ? targetsOf(step) : []) {
      if (next === avoid || parent.has(next)) continue;
      parent.set(next, id);
      queue.push(next);
    }
  }
  return undefined;
}
