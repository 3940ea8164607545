import { targetsOf } from './flow-walk';
import { nextPointers, type CheckContext } from './check-context';

/** Unreachable steps, endings no path reaches, and cycles (reported at the looping transition). */
export function checkGraph(ctx: CheckContext, fromStart: Set<string>): void {
  const { raw, flow, report, stepIndex: byId } = ctx;
  raw.steps.forEach((s, i) => {
    if (!fromStart.has(s.id))
      report(
        `/steps/${i}`,
        `Step "${s.id}" is unreachable`,
        'Point a transition to it, or remove it',
      );
  });
  raw.endings.forEach((e, i) => {
    if (!fromStart.has(e.id))
      report(
        `/endings/${i}`,
        `No path reaches ending "${e.id}"`,
        'Point a transition to it, or remove it',
      );
  });
  const state = new Map<string, 'open' | 'done'>();
  // The open steps from the start to the current one: shared, not copied per step, so a long
  // flow costs linear time.
  const trail: string[] = [];
  const dfs = (id: string) => {
    const i = byId.get(id);
    if (i === undefined || state.get(id) === 'done') return;
    state.set(id, 'open');
    trail.push(id);
    const step = flow.steps[i]!;
    const pointers = nextPointers(raw.steps[i]!.next, `/steps/${i}`);
    targetsOf(step).forEach((to, j) => {
      if (to !== id && state.get(to) === 'open') {
        const loop = [...trail.slice(trail.indexOf(to)), to].join(' → ');
        report(
          pointers[j]!,
          `Transition back to "${to}" makes a cycle (${loop})`,
          'A flow moves forward: point it to a later step or an ending',
        );
      } else dfs(to);
    });
    trail.pop();
    state.set(id, 'done');
  };
  dfs(flow.start);
}
