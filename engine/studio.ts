/*
 * Browser entry of the engine for the flow studio (the back office's flow editor): everything
 * `./client` exports, plus checking a flow's text or data as `npm run flows -- check` does, and
 * the paths and samples its panels show. Nothing here reads files: the schema check is ajv's
 * generated standalone code (no `new Function` under the pages' CSP). It is heavier than
 * `./client` (the validators, the checks), so only the studio's pages import it (lint-enforced:
 * `site/admin/**`); public pages keep `@/engine/client`.
 */
export * from './client';
export {
  loadFlowFromText,
  loadOptionListFromText,
  type LoadFlowFromTextInput,
} from './load-flow-from-text';
export {
  loadFlowFromData,
  loadOptionListFromData,
  loadOptionListsFromData,
  type LoadFlowInput,
} from './load-flow-from-data';
export type { OptionLists } from './resolve-flow';
export {
  flowPaths,
  exploreFlow,
  pathSubmissions,
  type FlowPath,
  type FlowExploration,
  type PathSubmission,
} from './flow-paths';
export { coveringPaths } from './covering-paths';
export { topologicalOrder } from './topological-order';
export { stepCandidates, sampleValue } from './sample-answers';
export { formatDiagnostic } from './format-diagnostic';
export { nodeAtPointer } from './json-source';
export { didYouMean } from './did-you-mean';
