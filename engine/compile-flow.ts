import { assign, fromPromise, setup } from 'xstate';
import { evaluateCondition } from './conditions';
import { answerKeysOf, indexFlow } from './flow-walk';
import type { Answers, Condition, ResolvedFlow } from './types';

/** The machine's context: answers so far, the steps behind the visitor, the last error. */
export interface FlowContext {
  answers: Answers;
  history: string[];
  error: string | null;
}

/** ANSWER completes the current step with its answers; BACK returns to the previous step. */
export type FlowEvent = { type: 'ANSWER'; values: Answers } | { type: 'BACK' };

/** What the `submitFlow` actor receives when a submitting ending is reached. */
export interface SubmitInput {
  flowId: string;
  answers: Answers;
  ending: string;
}

export interface CompileOptions {
  /**
   * true: no `invoke` (submitting endings are entered directly), so xstate's graph utilities
   * can walk the machine without running actors.
   */
  graph?: boolean;
}

/** State name of "sending the submissions on the way from `step` to `ending`". */
export function submittingState(step: string, ending: string): string {
  return `${SUBMITTING}${step}:${ending}`;
}

const SUBMITTING = 'submit:';

/**
 * The step and ending a submitting state is between (see submittingState); undefined for a
 * step or an ending. Step and ending ids are identifiers (no `:`), so the split is exact.
 *
 * @example parseSubmittingState('submit:contact:thanks') // { step: 'contact', ending: 'thanks' }
 */
export function parseSubmittingState(state: string): { step: string; ending: string } | undefined {
  if (!state.startsWith(SUBMITTING)) return undefined;
  const [step = '', ending = ''] = state.slice(SUBMITTING.length).split(':');
  return { step, ending };
}

type TransitionConfig = {
  target: string;
  guard?:
    | { type: 'condition'; params: { condition: Condition } }
    | { type: 'cameFrom'; params: { step: string } };
  actions: ({ type: 'record'; params: { step: string } } | { type: 'back' })[];
};

/**
 * Compiles a resolved flow to an XState v5 machine. Guards and actions are referenced by name
 * through `setup` (conditions travel as guard params: data, never code); answers live in
 * context; endings are final states. Reaching an ending that submits first passes through a
 * state that invokes the `submitFlow` actor, which the site provides with
 * `machine.provide({ actors: { submitFlow: fromPromise(...) } })`; on failure the visitor is back
 * on the step with `context.error` set.
 *
 * @example
 * const actor = createActor(compileFlow(flow)).start();
 * actor.send({ type: 'ANSWER', values: { phase: 'Start-up' } });
 * actor.getSnapshot().value; // 'capital'
 */
export function compileFlow(flow: ResolvedFlow, options: CompileOptions = {}) {
  const { endings } = indexFlow(flow);
  const keysOf = new Map(flow.steps.map((s) => [s.id, answerKeysOf(s)]));

  const flowSetup = setup({
    types: { context: {} as FlowContext, events: {} as FlowEvent },
    guards: {
      condition: ({ context, event }, params: { condition: Condition }) =>
        evaluateCondition(
          params.condition,
          event.type === 'ANSWER' ? { ...context.answers, ...event.values } : context.answers,
        ),
      cameFrom: ({ context }, params: { step: string }) => context.history.at(-1) === params.step,
    },
    actions: {
      // Keeps the answers of the steps behind the visitor plus this step's: answers left over
      // from a branch abandoned with BACK are dropped, so context never holds a stale answer.
      record: assign(({ context, event }, params: { step: string }) => {
        if (event.type !== 'ANSWER') return {};
        const keep = new Set([...context.history, params.step].flatMap((s) => keysOf.get(s) ?? []));
        const own = new Set(keysOf.get(params.step) ?? []);
        const answers: Answers = {};
        for (const [k, v] of Object.entries(context.answers)) {
          if (keep.has(k) && !own.has(k)) answers[k] = v;
        }
        for (const [k, v] of Object.entries(event.values)) if (own.has(k)) answers[k] = v;
        return { answers, history: [...context.history, params.step], error: null };
      }),
      back: assign(({ context }) => ({ history: context.history.slice(0, -1), error: null })),
      fail: assign(({ event }) => {
        const error = (event as unknown as { error?: unknown }).error;
        return { error: error instanceof Error ? error.message : 'The answers could not be sent' };
      }),
    },
    actors: {
      // Default: nothing to send to. The site provides the real sender.
      submitFlow: fromPromise<unknown, SubmitInput>(() => Promise.resolve(undefined)),
    },
  });

  const predecessors = new Map<string, string[]>();
  for (const s of flow.steps) {
    for (const to of [
      ...s.next.branches.map((b) => b.to),
      ...(s.next.otherwise ? [s.next.otherwise] : []),
    ]) {
      if (!predecessors.has(to)) predecessors.set(to, []);
      if (!predecessors.get(to)!.includes(s.id)) predecessors.get(to)!.push(s.id);
    }
  }

  const states: Record<string, object> = {};
  const targetFor = (step: string, to: string) =>
    !options.graph && endings.get(to)?.submits ? submittingState(step, to) : to;

  for (const step of flow.steps) {
    const record = { type: 'record' as const, params: { step: step.id } };
    const answer: TransitionConfig[] = step.next.branches.map((b) => ({
      target: targetFor(step.id, b.to),
      guard: { type: 'condition', params: { condition: b.when } },
      actions: [record],
    }));
    if (step.next.otherwise !== undefined) {
      answer.push({ target: targetFor(step.id, step.next.otherwise), actions: [record] });
    }
    const back: TransitionConfig[] = (predecessors.get(step.id) ?? []).map((p) => ({
      target: p,
      guard: { type: 'cameFrom', params: { step: p } },
      actions: [{ type: 'back' }],
    }));
    states[step.id] = { on: { ANSWER: answer, ...(back.length > 0 ? { BACK: back } : {}) } };
    if (options.graph) continue;
    for (const to of new Set(answer.map((t) => t.target))) {
      const ending = parseSubmittingState(to)?.ending;
      if (ending === undefined) continue;
      states[to] = {
        invoke: {
          src: 'submitFlow',
          input: ({ context }: { context: FlowContext }): SubmitInput => ({
            flowId: flow.id,
            answers: context.answers,
            ending,
          }),
          onDone: { target: ending },
          onError: { target: step.id, actions: ['back', 'fail'] },
        },
      };
    }
  }
  for (const ending of flow.endings) states[ending.id] = { type: 'final' };

  return flowSetup.createMachine({
    id: flow.id,
    initial: flow.start,
    context: { answers: {}, history: [], error: null },
    // Built from data, so its literal shape is unknown to the type checker.
    states: states as never,
  });
}

/** The machine without `invoke`, for xstate's graph utilities (getShortestPaths, …). */
export function compileGraphFlow(flow: ResolvedFlow) {
  return compileFlow(flow, { graph: true });
}

export type FlowMachine = ReturnType<typeof compileFlow>;
