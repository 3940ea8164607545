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
export { resolveFlow, substitutePlaceholders, contactFields } from './resolve-flow';
export { semanticCheck } from './semantic-check';
export { stepsReadByConditions } from './resolve-computed';
export { buildPartialSubmission } from './partial-submission';
export { allTransitions, countPaths } from './flow-paths';
export { transitionCoverage } from './covering-paths';
export { flowToMermaid } from './flow-mermaid';
// Test cases for testers (`npm run flows -- cases`): tooling only, like the paths above.
export {
  flowCases,
  type FlowCase,
  type FlowCases,
  type CaseAction,
  type CaseActionKind,
  type NegativeCheck,
  type OptionUse,
} from './flow-cases';
export {
  formatCases,
  casesToCsv,
  casesToGherkin,
  casesToJson,
  casesToText,
  CASE_FORMATS,
  CSV_COLUMNS,
  type CaseFormat,
} from './format-cases';
