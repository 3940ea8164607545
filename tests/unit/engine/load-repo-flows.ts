import { fileURLToPath } from 'node:url';
import { loadFlows, type FlowVars } from '@/engine';

export const FLOWS_DIR = fileURLToPath(new URL('../../../flows', import.meta.url));
export const VARS: FlowVars = { brandName: 'Sample Firm', brandSlug: 'samplefirm' };

/** The repository's flows, loaded once per test file. */
export function repoFlows() {
  return loadFlows(FLOWS_DIR, VARS);
}
