/**
 * The funnel of one flow version: how many visits saw each step, took each of its transitions
 * and left there, and how many reached each ending. Plain data over the store, for the CLI
 * (`npm run leads -- funnel`) and any page that shows it.
 *
 * A visit "left at S" when it reached no ending and its latest event is at S: S was shown, or a
 * transition to S was taken (S's own "shown" event was lost). The flow's current definition names
 * the transitions' targets; an older version is read through it too, and whatever the current
 * definition does not know (a step since removed, a transition since renumbered) is still listed,
 * with no target, so no visit goes uncounted.
 */
import { indexFlow, targetsOf, type ResolvedFlow } from '@/engine';
import type { DroppedEvents, EventCount, FunnelStore } from './funnel-store';

export interface FunnelTransition {
  /** `step#index`, the engine's numbering. */
  id: string;
  /** The step or ending it leads to; null when the current flow has no such transition. */
  to: string | null;
  /** Distinct visits that took it. */
  took: number;
}

export interface FunnelStep {
  id: string;
  /** False: recorded for this version, but not a step of the flow as it is now. */
  inFlow: boolean;
  /** Distinct visits it was shown to. */
  saw: number;
  /** Visits that reached no ending and whose latest event is here. */
  left: number;
  transitions: FunnelTransition[];
}

export interface Funnel {
  flowId: string;
  version: number;
  /** The period of server time read (ms; `since` inclusive, `until` exclusive), when limited. */
  since?: number;
  until?: number;
  /** Distinct visits with any event. */
  visitors: number;
  /** Distinct visits that saw the start step. */
  started: number;
  /** Distinct visits that reached any ending. */
  completed: number;
  /** `completed / started`; null when no visit saw the start step. */
  completionRate: number | null;
  /** The flow's steps in the flow's order, then any the flow no longer has. */
  steps: FunnelStep[];
  endings: { id: string; reached: number }[];
  /**
   * Events of this version refused over the storage limits (a visit's, a client's share) on the
   * days the period touches: counted per UTC day, so a period that starts or ends within a day
   * counts that whole day's.
   */
  dropped: DroppedEvents;
}

export interface FunnelOptions {
  /** Default: the flow's current version. */
  version?: number;
  since?: number;
  until?: number;
}

/** Each transition of the flow (`step#i`) with its target. */
function transitionTargets(flow: ResolvedFlow): Map<string, string> {
  const targets = new Map<string, string>();
  for (const step of flow.steps) {
    targetsOf(step).forEach((to, i) => targets.set(`${step.id}#${i}`, to));
  }
  return targets;
}

export async function funnel(
  flow: ResolvedFlow,
  options: FunnelOptions,
  store: FunnelStore,
): Promise<Funnel> {
  const version = options.version ?? flow.version;
  const { endings } = indexFlow(flow);
  const targets = transitionTargets(flow);
  const endingOf = new Map([...targets].filter(([, to]) => endings.has(to)));
  const query = { flowId: flow.id, version, since: options.since, until: options.until };
  const counts = await store.counts(query, endingOf);
  const dropped = await store.dropped(query);

  const steps = new Map<string, FunnelStep>();
  const stepOf = (id: string): FunnelStep => {
    let step = steps.get(id);
    if (!step) {
      step = { id, inFlow: false, saw: 0, left: 0, transitions: [] };
      steps.set(id, step);
    }
    return step;
  };
  for (const step of flow.steps) {
    stepOf(step.id).inFlow = true;
    stepOf(step.id).transitions = targetsOf(step).map((to, i) => ({
      id: `${step.id}#${i}`,
      to,
      took: 0,
    }));
  }

  const transitionOf = (count: EventCount & { transition: string }): FunnelTransition => {
    const step = stepOf(count.step);
    let transition = step.transitions.find((t) => t.id === count.transition);
    if (!transition) {
      transition = { id: count.transition, to: null, took: 0 };
      step.transitions.push(transition);
    }
    return transition;
  };
  for (const count of counts.events) {
    if (count.transition === null) stepOf(count.step).saw = count.visits;
    else transitionOf({ ...count, transition: count.transition }).took = count.visits;
  }
  for (const count of counts.lastEvents) {
    const target = count.transition === null ? undefined : targets.get(count.transition);
    // A transition to a step stands for that step; one the flow does not know, for its own step.
    const at = target !== undefined && !endings.has(target) ? target : count.step;
    stepOf(at).left += count.visits;
  }

  const started = steps.get(flow.start)?.saw ?? 0;
  const reached = new Map(counts.endings.map((row) => [row.ending, row.visits]));
  return {
    flowId: flow.id,
    version,
    ...(options.since === undefined ? {} : { since: options.since }),
    ...(options.until === undefined ? {} : { until: options.until }),
    visitors: counts.visitors,
    started,
    completed: counts.completed,
    completionRate: started > 0 ? counts.completed / started : null,
    steps: [...steps.values()],
    endings: flow.endings.map((ending) => ({
      id: ending.id,
      reached: reached.get(ending.id) ?? 0,
    })),
    dropped,
  };
}
