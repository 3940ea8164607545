/**
 * A batch of the right shape against the flows the site knows (the registry the lead endpoint
 * reads): the flow exists, its version is not from the future, and, for the current version, the
 * step is one of its steps and the transition one of that step's, in the engine's numbering
 * (branches, then `otherwise`: `targetsOf`). Older versions are no longer known in full, so only
 * their shape is checked (flow-event-batch.ts). Every event is checked; one bad event refuses all.
 */
import { didYouMean, indexFlow, targetsOf, type ResolvedFlow } from '@/engine';
import type { ApiError } from '@/site/server/http/api-response';
import type { FlowEventBatch, WireFlowEvent } from './flow-event-batch';
import type { FunnelEvent } from './funnel-store';
import { maxErrors } from './parse-flow-events';

export interface KnownFlows {
  get(flowId: string): ResolvedFlow | undefined;
  ids(): string[];
}

export type CheckedFlowEvents =
  { ok: true; events: FunnelEvent[] } | { ok: false; errors: ApiError[] };

function transitionsOf(stepId: string, count: number): string {
  if (count === 0) return 'it has none';
  if (count === 1) return `its only transition is ${stepId}#0`;
  return `its transitions are ${stepId}#0 to ${stepId}#${count - 1}`;
}

function checkEvent(event: WireFlowEvent, flows: KnownFlows): ApiError | undefined {
  const flow = flows.get(event.flow);
  if (!flow) {
    return {
      field: 'flow',
      message: `There is no flow "${event.flow}". ${didYouMean(event.flow, flows.ids())}`.trim(),
    };
  }
  if (event.version > flow.version) {
    return {
      field: 'version',
      message: `Flow "${flow.id}" is at version ${flow.version}; there is no version ${event.version}`,
    };
  }
  const [stepOfTransition, index] = event.transition?.split('#') ?? [];
  if (stepOfTransition !== undefined && stepOfTransition !== event.step) {
    return {
      field: 'transition',
      message: `Transition "${event.transition}" does not leave step "${event.step}": it must start with "${event.step}#"`,
    };
  }
  if (event.version < flow.version) return undefined;

  const { steps, endings } = indexFlow(flow);
  const step = steps.get(event.step);
  if (!step) {
    const why = endings.has(event.step)
      ? `"${event.step}" is an ending, reached by a transition, not a step shown`
      : `Flow "${flow.id}" has no step "${event.step}". ${didYouMean(event.step, steps.keys())}`;
    return { field: 'step', message: why.trim() };
  }
  const count = targetsOf(step).length;
  if (index !== undefined && Number(index) >= count) {
    return {
      field: 'transition',
      message: `Step "${step.id}" has no transition #${index}: ${transitionsOf(step.id, count)}`,
    };
  }
  return undefined;
}

export function checkFlowEvents(batch: FlowEventBatch, flows: KnownFlows): CheckedFlowEvents {
  const errors: ApiError[] = [];
  const seen = new Set<string>();
  batch.events.forEach((event, i) => {
    const error = checkEvent(event, flows);
    if (error) errors.push({ field: `events[${i}].${error.field}`, message: error.message });
    // The store keeps one event per visit, flow and seq: a second one would vanish silently.
    const key = `${event.flow}\n${event.seq}`;
    if (seen.has(key)) {
      errors.push({
        field: `events[${i}].seq`,
        message: `seq ${event.seq} of flow "${event.flow}" appears twice in this batch`,
      });
    }
    seen.add(key);
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, maxErrors) };
  return {
    ok: true,
    events: batch.events.map((event) => ({
      visit: batch.visit,
      flow: event.flow,
      version: event.version,
      step: event.step,
      transition: event.transition ?? null,
      seq: event.seq,
      at: event.at,
      // A tag is whole or absent: half of one names no variant.
      ...(event.experiment !== undefined && event.variant !== undefined
        ? { experiment: event.experiment, variant: event.variant }
        : {}),
    })),
  };
}
