/**
 * The studio's HubSpot check: the engine's checkHubSpot of the flow that loaded against the
 * HubSpot forms' definitions the page was given, its findings placed at their line in the text
 * and marked as HubSpot's, so the problems list and the editor show them beside the engine's own
 * (warnings: a flow HubSpot would refuse leads of still loads, and is still drawn and previewed).
 * Pure and browser-safe; the server's publish check (publish-refusal.ts) words a finding as the
 * publish dialog does.
 */
import {
  checkHubSpot,
  locateInText,
  type Diagnostic,
  type FlowPath,
  type HubSpotForms,
  type ResolvedFlow,
} from '@/engine/client';
import type { SourcedDiagnostic } from './diagnostic-marks';

/** How the problems list and the editor name the HubSpot check's findings. */
export const HUBSPOT_SOURCE = 'HubSpot';

/**
 * The findings of the HubSpot check on `flow` (the text's file `<flowId>.json`), unplaced: the
 * costly part, kept while only the text's layout changes. `paths`: the covering paths, when the
 * page has them already.
 */
export function hubspotFindings(
  flowId: string,
  flow: ResolvedFlow,
  forms: HubSpotForms,
  paths?: FlowPath[],
): Diagnostic[] {
  return checkHubSpot(flow, forms, { file: `${flowId}.json`, paths });
}

/** The findings placed at their line and column in `text`, each marked as HubSpot's. */
export function placeHubSpotFindings(
  flowId: string,
  text: string,
  findings: readonly Diagnostic[],
): SourcedDiagnostic[] {
  return locateInText(`${flowId}.json`, text, findings).map((d) => ({
    ...d,
    source: HUBSPOT_SOURCE,
  }));
}

/** A finding as the publish dialog and the server's refusal word it: what, then where. */
export function hubspotRefusalWords(d: Diagnostic): string {
  const where = [d.line !== undefined ? `line ${d.line}` : '', d.where ?? d.pointer]
    .filter(Boolean)
    .join(', ');
  return `${d.message} (${where})`;
}
