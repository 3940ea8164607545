/**
 * The browser walks the questionnaire path tests generate: every flow placed on a page (see
 * site/flows/flow-placements.ts), walked on its first placement along its covering paths, so a
 * flow placed on a page is walked with no test edited. A flow the booking island hosts is left
 * to booking.spec.ts, which drives the scheduler too.
 */
import { coveringPaths } from '@/engine/covering-paths';
import type { FlowPath } from '@/engine/flow-paths';
import type { ResolvedFlow } from '@/engine/types';
import { walkedPlacements, type FlowPlacement } from '@/site/flows/flow-placements';

export interface BrowserWalk {
  placement: FlowPlacement;
  flow: ResolvedFlow;
  paths: FlowPath[];
}

export function browserWalks(
  flows: Readonly<Record<string, ResolvedFlow>>,
  placements: readonly FlowPlacement[],
): BrowserWalk[] {
  return walkedPlacements(placements).flatMap((placement) => {
    const flow = Object.hasOwn(flows, placement.flowId) ? flows[placement.flowId] : undefined;
    if (!flow || placement.host !== 'flow') return [];
    return [{ placement, flow, paths: coveringPaths(flow) }];
  });
}
