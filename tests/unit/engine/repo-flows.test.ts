import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  chooseTransition,
  compileFlow,
  compileGraphFlow,
  flowPaths,
  stepCandidates,
  stepsReadByConditions,
  transitionCoverage,
  type Answers,
  type FlowEvent,
  type ResolvedFlow,
} from '@/engine';
import { repoFlows } from './load-repo-flows';

const { flows, diagnostics } = repoFlows();
const ALL = [
  'client',
  'grants',
  'careers',
  'newsletter',
  'ebook',
  'joinEvent',
  'subscribePage',
  'careersApplication',
  'readyToTalk',
  'bookConsult',
  'tellUsMore',
  'contactBanner',
];

/**
 * The representative events of a step: one per transition taken (what flowPaths does), and one
 * per answer of a step an expression reads (each may change a later branch).
 */
function graphEvents(flow: ResolvedFlow, state: string, answers: Answers): FlowEvent[] {
  const step = flow.steps.find((s) => s.id === state);
  if (!step) return [];
  const every = stepsReadByConditions(flow).has(step.id);
  const seen = new Set<string>();
  const events: FlowEvent[] = [];
  for (const values of stepCandidates(step, answers, every)) {
    const t = chooseTransition(step, { ...answers, ...values });
    const group = every ? `${t?.index}:${JSON.stringify(values)}` : `${t?.index}`;
    if (t && !seen.has(group)) {
      seen.add(group);
      events.push({ type: 'ANSWER', values });
    }
  }
  return events;
}

describe('the flows of the repository', () => {
  it('all load without a single diagnostic', () => {
    expect(diagnostics).toEqual([]);
    expect(Object.keys(flows)).toEqual(expect.arrayContaining(ALL));
  });

  // Generated for every flow file, including flows added after these tests were written.
  describe.each(Object.keys(flows))('%s', (id) => {
    const flow = flows[id]!;

    it('compiles to a machine whose every step and ending is reachable', () => {
      const machine = compileGraphFlow(flow);
      const events = (snapshot: { value: unknown; context: { answers: Answers } }) =>
        graphEvents(flow, String(snapshot.value), snapshot.context.answers);
      const reached = new Set(
        getShortestPaths(machine, { events }).map((p) => String(p.state.value)),
      );
      for (const node of [...flow.steps, ...flow.endings]) expect(reached).toContain(node.id);
      expect(compileFlow(flow).id).toBe(id);
    });

    it('every path ends, and xstate finds the same paths', () => {
      const paths = flowPaths(flow);
      const endings = new Set(flow.endings.map((e) => e.id));
      for (const p of paths) expect(endings).toContain(p.ending);
      const machine = compileGraphFlow(flow);
      const finals = getSimplePaths(machine, {
        events: (s) => graphEvents(flow, String(s.value), s.context.answers),
      }).filter((p) => p.state.status === 'done');
      expect(finals.map((p) => String(p.state.value)).sort()).toEqual(
        paths.map((p) => p.ending).sort(),
      );
    });

    it('its paths cover every transition', () => {
      const coverage = transitionCoverage(flow);
      console.log(
        `${id}: ${flowPaths(flow).length} paths, transitions covered ${coverage.covered}/${coverage.total}`,
      );
      expect(coverage.missing).toEqual([]);
    });

    it('each path replays on the runtime machine to its ending, sending what the flow lists', async () => {
      for (const path of flowPaths(flow)) {
        const sent: { ending: string; answers: Answers }[] = [];
        const { fromPromise } = await import('xstate');
        const machine = compileFlow(flow).provide({
          actors: {
            submitFlow: fromPromise(({ input }) => {
              sent.push({ ending: input.ending, answers: input.answers });
              return Promise.resolve(undefined);
            }),
          },
        });
        const actor = createActor(machine).start();
        for (const step of path.steps) {
          expect(actor.getSnapshot().value).toBe(step.step);
          const values =
            typeof step.answer === 'string' || Array.isArray(step.answer)
              ? { [step.step]: step.answer }
              : step.answer;
          actor.send({ type: 'ANSWER', values });
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(actor.getSnapshot().value).toBe(path.ending);
        expect(actor.getSnapshot().status).toBe('done');
        const submits = flow.endings.find((e) => e.id === path.ending)!.submits;
        expect(sent).toEqual(submits ? [{ ending: path.ending, answers: path.answers }] : []);
        expect(path.submissions.length).toBe(submits ? flow.submissions.length : 0);
      }
    });
  });
});
