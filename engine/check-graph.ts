import { targetsOf } from './flow-walk';
import { nextPointers, type About, type CheckContext } from './check-context';

/** Unreachable steps, endings no path reaches, and cycles (reported at the looping transition). */
export function checkGraph(ctx: CheckContext, fromStart: Set<string>): void {
  const { raw, flow, report, stepIndex: byId } = ctx;
  const cycles: { pointer: string; message: string; hint: string; about: About }[] = [];
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
        cycles.push({
          pointer: pointers[j]!,
          message: `Transition back to "${to}" makes a cycle (${loop})`,
          hint: 'A flow moves forward: point it to a later step or an ending',
          about: {
            code: 'next.cycle',
            args: { step: id, to, loop: [...trail.slice(trail.indexOf(to)), to] },
          },
        });
      } else dfs(to);
    });
    trail.pop();
    state.set(id, 'done');
  };
  dfs(flow.start);

  const lost = [
    ...raw.steps.flatMap((s, i) =>
      fromStart.has(s.id)
        ? []
        : [
            {
              pointer: `/steps/${i}`,
              message: `Step "${s.id}" is unreachable`,
              id: s.id,
              code: 'step.unreachable' as const,
            },
          ],
    ),
    ...raw.endings.flatMap((e, i) =>
      fromStart.has(e.id)
        ? []
        : [
            {
              pointer: `/endings/${i}`,
              message: `No path reaches ending "${e.id}"`,
              id: e.id,
              code: 'ending.unreachable' as const,
            },
          ],
    ),
  ];
  // A transition pointed back instead of forward usually strands everything after it: one
  // cause, so the steps it leaves unreachable are listed under the cycle, not one line each.
  const [firstCycle] = cycles;
  if (firstCycle && lost.length > 0) {
    firstCycle.hint += `; it leaves ${lost.map((l) => `"${l.id}"`).join(', ')} unreachable`;
    firstCycle.about.args = { ...firstCycle.about.args, stranded: lost.map((l) => l.id) };
  } else {
    for (const l of lost)
      report(l.pointer, l.message, 'Point a transition to it, or remove it', {
        code: l.code,
        args: { id: l.id },
      });
  }
  for (const c of cycles) report(c.pointer, c.message, c.hint, c.about);
}
