/**
 * What a new flow starts from in the studio: the smallest flow the engine accepts, one step
 * asking an e-mail address, one ending, one submission sending it to HubSpot under a form key
 * named after the flow. A marketer grows it from there with the checks running.
 */
import { newFlowFromTemplate } from './flow-templates';

/** A flow id as schemas/flow.schema.json allows it. */
export const FLOW_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The minimal starting point of flow-templates.ts (the others are chosen on the flows page). */
export function newFlowTemplate(flowId: string, title: string): string {
  return newFlowFromTemplate('contact', { flowId, title });
}
