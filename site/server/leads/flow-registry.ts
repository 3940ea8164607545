/**
 * The flows the endpoint accepts, loaded once from `flows/` by the engine (the same definitions
 * the browser renders), with the brand substituted. A flow with diagnostics is not served.
 */
import path from 'node:path';
import { formatDiagnostic, loadFlows, type LoadFlowsOptions, type ResolvedFlow } from '@/engine';
import type { UploadSpec } from './sniff-upload';

export interface FlowRegistry {
  get(flowId: string): ResolvedFlow | undefined;
  /** Loads the flows now (the server calls it at start, so their warnings are logged then). */
  load(): void;
}

export function createFlowRegistry(
  dir: string,
  vars: { brandName: string; brandSlug: string },
  log: (message: string) => void = console.error,
  options: LoadFlowsOptions = {},
): FlowRegistry {
  let flows: Record<string, ResolvedFlow> | undefined;
  // Once per process: warnings (a form key with no HubSpot form) included.
  const load = (): Record<string, ResolvedFlow> => {
    if (!flows) {
      const loaded = loadFlows(path.resolve(dir), vars, options);
      for (const diagnostic of loaded.diagnostics) {
        log(`flow diagnostic: ${formatDiagnostic(diagnostic).split('\n')[0]}`);
      }
      flows = loaded.flows;
    }
    return flows;
  };
  return {
    get(flowId) {
      const known = load();
      return Object.hasOwn(known, flowId) ? known[flowId] : undefined;
    },
    load: () => void load(),
  };
}

/** The flow's upload fields by answer name, with their accepted types and size limit. */
export function uploadSpecs(flow: ResolvedFlow): Map<string, UploadSpec> {
  const specs = new Map<string, UploadSpec>();
  for (const step of flow.steps) {
    if (step.kind === 'choice') continue;
    for (const field of step.fields) {
      if (field.type === 'file') {
        specs.set(field.name, {
          accept: field.accept,
          maxBytes: field.maxBytes,
          label: field.label,
        });
      }
    }
  }
  return specs;
}
