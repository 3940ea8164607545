/**
 * The flow engine: questionnaires as JSON, validated, compiled to XState, graph-checked.
 * See engine/README.md for the authoring model and the API. Client components must import
 * from `@/engine/client` (this entry also exports the node:fs loader).
 */
export * from './client';
export {
  loadFlows,
  loadOptionLists,
  readOptionListFiles,
  type LoadFlowsOptions,
} from './load-flows';
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
export {
  resolveFlow,
  substitutePlaceholders,
  contactFields,
  type OptionLists,
} from './resolve-flow';
export { semanticCheck } from './semantic-check';
export {
  flowPaths,
  exploreFlow,
  allTransitions,
  countPaths,
  type FlowPath,
  type FlowExploration,
} from './flow-paths';
export { coveringPaths, transitionCoverage } from './covering-paths';
export { topologicalOrder } from './topological-order';
export { stepCandidates, sampleValue } from './sample-answers';
export { flowToMermaid } from './flow-mermaid';
export { formatDiagnostic } from './format-diagnostic';
export { didYouMean } from './did-you-mean';
