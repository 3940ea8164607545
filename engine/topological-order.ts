import { indexFlow, targetsOf } from './flow-walk';
import type { ResolvedFlow } from './types';

/**
 * The steps and endings reachable from the start, each after every node that leads to it, with
 * their predecessors. The graph checks call it once cycles and dangling references are ruled
 * out (a valid flow is a DAG); on a cycle it returns the nodes in depth-first finishing order
 * reversed, which is still a complete list. Linear in steps and transitions.
 */
export function topologicalOrder(flow: ResolvedFlow): {
  order: string[];
  predecessors: Map<string, string[]>;
} {
  const { steps } = indexFlow(flow);
  const finished: string[] = [];
  const seen = new Set<string>();
  const predecessors = new Map<string, string[]>();
  // Iterative depth-first search: a 1,000-step quiz must not exhaust the call stack.
  const stack: { id: string; targets: string[]; next: number }[] = [];
  const enter = (id: string) => {
    seen.add(id);
    const step = steps.get(id);
    stack.push({ id, targets: step ? targetsOf(step) : [], next: 0 });
  };
  enter(flow.start);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.targets.length) {
      const to = top.targets[top.next++]!;
      const preds = predecessors.get(to);
      if (preds) {
        if (!preds.includes(top.id)) preds.push(top.id);
      } else predecessors.set(to, [top.id]);
      if (!seen.has(to)) enter(to);
    } else {
      finished.push(top.id);
      stack.pop();
    }
  }
  return { order: finished.reverse(), predecessors };
}
