import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFlows, type FlowVars } from '@/engine';

// Resolved with node:path rather than `new URL(…, import.meta.url)`: under the jsdom environment
// the global URL is jsdom's, which does not resolve against a file: URL.
export const FLOWS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../flows',
);
export const VARS: FlowVars = { brandName: 'Sample Firm', brandSlug: 'samplefirm' };

/** The repository's flows, loaded once per test file. */
export function repoFlows() {
  return loadFlows(FLOWS_DIR, VARS);
}
