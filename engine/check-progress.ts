import { indexFlow, targetsOf } from './flow-walk';
import { topologicalOrder } from './topological-order';
import type { Diagnostic, ResolvedFlow } from './types';

/**
 * A fixed progress total lower than the numbered steps of some path would show visitors
 * "6 / 5". The longest path in numbered steps comes from one pass over the graph in reverse
 * topological order (a valid flow is acyclic), never from listing paths. A warning: the flow
 * still works, its counter is wrong.
 */
export function checkProgress(flow: ResolvedFlow, file: string): Diagnostic[] {
  const total = flow.progress.mode === 'fixed' ? flow.progress.total : undefined;
  if (total === undefined) return [];
  const { steps } = indexFlow(flow);
  const longest = new Map<string, { count: number; next?: string }>();
  for (const id of topologicalOrder(flow).order.reverse()) {
    const step = steps.get(id);
    if (!step) {
      longest.set(id, { count: 0 });
      continue;
    }
    let best: { count: number; next?: string } = { count: 0 };
    for (const to of targetsOf(step)) {
      const after = longest.get(to)?.count ?? 0;
      if (after > best.count || best.next === undefined) best = { count: after, next: to };
    }
    longest.set(id, { count: best.count + (step.numbered ? 1 : 0), next: best.next });
  }
  const most = longest.get(flow.start)?.count ?? 0;
  if (most <= total) return [];
  const path: string[] = [];
  for (let id: string | undefined = flow.start; id !== undefined; id = longest.get(id)?.next)
    path.push(id);
  return [
    {
      file,
      pointer: '/progress/total',
      severity: 'warning',
      message: `Progress total ${total} is lower than the ${most} numbered steps of the path ${path.join(' → ')}`,
      hint: `Visitors on it would see "${most} / ${total}": raise "total" to ${most}, or use {"mode": "branch"}`,
      code: 'progress.total-too-low',
      args: { total: String(total), most: String(most), path },
    },
  ];
}
