/*
 * Browser-safe entry of the engine: everything a client component needs, the flow studio's
 * checks included, nothing that reads files. The schema check is ajv's generated standalone
 * code (no `new Function` under the pages' CSP). Client components import from
 * `@/engine/client`; server code and tooling may use `@/engine` (which also exports the
 * loaders). A page bundles only what it imports (engine/package.json: no side effects).
 */
export * from './types';
export { evaluateCondition, describeCondition, isEmptyAnswer } from './conditions';
export {
  computeValues,
  evaluateExpression,
  type ComputedResult,
  type ExpressionScope,
} from './computed-values';
export { parseExpression, expressionNames, type Expr } from './expression';
export { endingTexts, parseEndingText, formatShownNumber } from './ending-text';
export {
  fieldSchema,
  stepSchema,
  choiceSchema,
  visibleFields,
  messages,
  type FieldSchema,
  type StepSchema,
} from './field-schema';
export { EMAIL } from './field-rules';
export {
  currencySymbol,
  formatNumber,
  numberDecimals,
  numberInputMode,
  parseNumber,
} from './number-field';
export { validateAnswers, type ValidateAnswersResult, type ValidAnswers } from './validate-answers';
export {
  buildSubmissions,
  hiddenSent,
  legalConsent,
  transcript,
  computedText,
  LIST_SEPARATOR,
} from './build-submissions';
export {
  compileFlow,
  compileGraphFlow,
  submittingState,
  parseSubmittingState,
  type FlowContext,
  type FlowEvent,
  type FlowMachine,
  type SubmitInput,
  type CompileOptions,
} from './compile-flow';
export { stepProgress, stepLeadIn } from './progress';
export {
  walkAnswers,
  chooseTransition,
  answerKeysOf,
  targetsOf,
  indexFlow,
  type AnswerWalk,
} from './flow-walk';
export { findStep, findEnding, endingHref, uploadFields } from './flow-lookup';
export { CONTACT_KEYS } from './contact-keys';
export { emailStep, SAVE_PROGRESS_EMAIL } from './save-progress';
export { checkFlowLinks } from './check-flow-links';
export { checkEndingLinks, type LinkHosts } from './check-ending-links';
export { prefillAnswers, type Prefill } from './prefill-answers';
export { captchaAction } from './captcha-action';
export {
  capturedHidden,
  checkHiddenValues,
  hiddenValueProblem,
  hiddenSets,
  type FirstTouch,
  type HiddenValuesResult,
} from './hidden-fields';
// The flow studio's checks, paths and samples. Public pages import none of these, and the
// bundler leaves them out (engine/package.json: the engine's modules have no side effects).
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
export { checkHubSpot, missingFields, type MissingField } from './check-hubspot';
export {
  ATTRIBUTION_FIELDS,
  HUBSPOT_FIELD_TYPES,
  allowedValues,
  type HubSpotFieldType,
  type HubSpotFormDefinition,
  type HubSpotFormField,
  type HubSpotForms,
} from './hubspot-forms';
export { topologicalOrder } from './topological-order';
// The authoring model (a flow file's shape): the studio's visual editor edits the text by it.
export type { RawFlow, RawStep, RawField, RawNext, RawOption, RawOptions } from './raw-flow';
export { stepCandidates, sampleValue } from './sample-answers';
export { formatDiagnostic, isErrorDiagnostic } from './format-diagnostic';
// The studio shows each diagnostic in these words; the CLI prints formatDiagnostic's.
export { plainWords, PLAIN_CODES, type PlainWords } from './plain-words';
export { locateInText, nodeAtPointer, pointerTarget } from './json-source';
export { didYouMean } from './did-you-mean';
export { RENDERER_WORDS } from './renderer-words';
export { sameContent } from './same-content';
