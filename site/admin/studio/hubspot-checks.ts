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
const HUBSPOT_SOURCE = 'HubSpot';

/**
 * The HubSpot check's findings on `flow`, the flow `text` (the file `<flowId>.json`) loaded into,
 * placed at their line and column in `text` and marked as HubSpot's. `paths`: the covering
 * paths, when the caller has them (the costly part; the check finds them otherwise). Checked and
 * placed in one go: any edit of a text that loads gives a new flow, so findings kept across a
 * change of the text's layout alone would never be used.
 */
export function hubspotWarnings(
  flowId: string,
  text: string,
  flow: ResolvedFlow,
  forms: HubSpotForms,
  paths?: FlowPath[],
): SourcedDiagnostic[] {
  const file = `${flowId}.json`;
  const findings = checkHubSpot(flow, forms, { file, paths });
  return locateInText(file, text, findings).map((d) => ({ ...d, source: HUBSPOT_SOURCE }));
}

/** A finding as the publish dialog and the server's refusal word it: what, then where. */
export function hubspotRefusalWords(d: Diagnostic): string {
  const where = [d.line !== undefined ? `line ${d.line}` : '', d.where ?? d.pointer]
    .filter(Boolean)
    .join(', ');
  return `${d.message} (${where})`;
}
