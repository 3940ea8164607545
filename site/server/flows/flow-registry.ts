/**
 * The one way the server side loads flows: a folder of flow files, validated and compiled by
 * the engine with the brand substituted. Pages, `/api/flows/{id}`, the lead endpoint and
 * `npm run flows` all read a registry made here, so every consumer sees the same flows and the
 * same diagnostics. It takes its variables as arguments (no environment read), so the CLI can
 * point it at another folder and tests at a fixture.
 */
import { relative, resolve } from 'node:path';
import {
  formatDiagnostic,
  loadFlows,
  type Diagnostic,
  type FlowVars,
  type LoadFlowsOptions,
  type ResolvedFlow,
} from '@/engine';

export interface FlowRegistry {
  /** The folder the flows were read from, absolute. */
  readonly dir: string;
  /** Every flow that loaded (a flow with only warnings loads; one with a problem does not). */
  readonly flows: Readonly<Record<string, ResolvedFlow>>;
  readonly diagnostics: readonly Diagnostic[];
  get(flowId: string): ResolvedFlow | undefined;
  ids(): string[];
  /**
   * A diagnostic as `path:line:col: message (hint)` with the path as the working directory
   * sees it, so a terminal or an editor opens the spot; the same text in the log and the CLI.
   */
  format(diagnostic: Diagnostic): string;
}

export function loadFlowRegistry(
  dir: string,
  vars: FlowVars,
  options: LoadFlowsOptions = {},
): FlowRegistry {
  const root = resolve(dir);
  const { flows, diagnostics } = loadFlows(root, vars, options);
  return {
    dir: root,
    ...flowLookups(flows),
    diagnostics,
    format: (d) => formatDiagnostic(d, relative(process.cwd(), resolve(root, d.file))),
  };
}

/** A registry's flows with its lookups over them: `get` (own ids only) and `ids`. */
export function flowLookups(
  flows: Readonly<Record<string, ResolvedFlow>>,
): Pick<FlowRegistry, 'flows' | 'get' | 'ids'> {
  return {
    flows,
    get: (flowId) => (Object.hasOwn(flows, flowId) ? flows[flowId] : undefined),
    ids: () => Object.keys(flows),
  };
}
