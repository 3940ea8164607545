/**
 * A funnel report looked up by id, for the graph and the table of the funnel view: what a step,
 * a transition or an ending counted (0 when the period had no such event).
 */
import type { Funnel, FunnelStep } from '@/site/server/funnel/funnel-report';

export interface FunnelNumbers {
  step(id: string): FunnelStep | undefined;
  saw(stepId: string): number;
  left(stepId: string): number;
  took(transitionId: string): number;
  reached(endingId: string): number;
  /** The most visits any transition had: the scale of the edges' widths. */
  mostTaken: number;
}

export function funnelNumbers(funnel: Funnel): FunnelNumbers {
  const steps = new Map(funnel.steps.map((s) => [s.id, s]));
  const took = new Map(funnel.steps.flatMap((s) => s.transitions.map((t) => [t.id, t.took])));
  const reached = new Map(funnel.endings.map((e) => [e.id, e.reached]));
  return {
    step: (id) => steps.get(id),
    saw: (id) => steps.get(id)?.saw ?? 0,
    left: (id) => steps.get(id)?.left ?? 0,
    took: (id) => took.get(id) ?? 0,
    reached: (id) => reached.get(id) ?? 0,
    mostTaken: Math.max(0, ...took.values()),
  };
}
