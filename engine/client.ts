/*
 * Browser-safe entry of the engine: everything a client component needs, nothing that reads
 * files or pulls in ajv. Client components import from `@/engine/client`; server code and
 * tooling may use `@/engine` (which also exports the loaders).
 */
export * from './types';
export { evaluateCondition, describeCondition, isEmptyAnswer } from './conditions';
export {
  fieldSchema,
  stepSchema,
  choiceSchema,
  visibleFields,
  messages,
  type FieldSchema,
  type StepSchema,
} from './field-schema';
export { validateAnswers, type ValidateAnswersResult, type ValidAnswers } from './validate-answers';
export {
  buildSubmissions,
  hiddenSent,
  legalConsent,
  transcript,
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
