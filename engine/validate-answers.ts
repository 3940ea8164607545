import { isEmptyAnswer } from './conditions';
import { stepSchema } from './field-schema';
import { answerKeysOf, chooseTransition, indexFlow } from './flow-walk';
import type { Answers, ResolvedFlow } from './types';

declare const validated: unique symbol;

/**
 * Answers that passed validateAnswers: normalised, with the steps the path asked and the ending
 * it reaches. Only validateAnswers makes one (the brand), so buildSubmissions, which takes it,
 * never needs to check the answers again.
 */
export interface ValidAnswers {
  ok: true;
  answers: Answers;
  steps: string[];
  ending: string;
  readonly [validated]: true;
}

export type ValidateAnswersResult =
  ValidAnswers | { ok: false; errors: { field: string; message: string }[] };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Re-walks the flow with submitted answers, as the server must before storing a lead: each step
 * on the path is checked with the same zod schemas the browser uses (values from the option
 * lists, contact rules, conditional fields only when their condition holds), the path must reach
 * an ending, and any key the path did not ask is rejected unless its value is empty. Normalises as the schemas do (trimmed
 * text, phone as its 10 digits, blank optional fields dropped). Browser-safe: no ajv, no node.
 */
export function validateAnswers(flow: ResolvedFlow, input: unknown): ValidateAnswersResult {
  if (!isPlainObject(input)) {
    return { ok: false, errors: [{ field: '', message: 'Answers must be an object' }] };
  }
  const { steps, endings } = indexFlow(flow);
  const answers: Answers = {};
  const asked: string[] = [];
  const askedKeys = new Set<string>();
  let current = flow.start;
  for (let guard = 0; guard <= steps.size; guard++) {
    if (endings.has(current)) {
      // An empty value carries nothing (the one emptiness rule): a form that posts every key,
      // blank ones included, is not refused for the blanks; any other unasked key is.
      const unknown = Object.keys(input).filter(
        (k) => !askedKeys.has(k) && !isEmptyAnswer(input[k]),
      );
      if (unknown.length > 0) {
        return {
          ok: false,
          errors: unknown.map((field) => ({
            field,
            message: 'This answer is not asked on this path',
          })),
        };
      }
      return { ok: true, answers, steps: asked, ending: current } as ValidAnswers;
    }
    const step = steps.get(current);
    if (!step || asked.includes(current)) break;
    const schema = stepSchema(flow, step.id, answers);
    for (const key of Object.keys(schema.shape)) askedKeys.add(key);
    const own: Record<string, unknown> = {};
    for (const key of answerKeysOf(step)) if (key in input) own[key] = input[key];
    const parsed = schema.safeParse(own);
    if (!parsed.success) {
      return {
        ok: false,
        errors: parsed.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? step.id),
          message: issue.message,
        })),
      };
    }
    for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
      if (value !== undefined) answers[key] = value as Answers[string];
    }
    asked.push(step.id);
    const transition = chooseTransition(step, answers);
    if (!transition) break;
    current = transition.to;
  }
  return {
    ok: false,
    errors: [{ field: current, message: 'These answers do not lead to an ending of the flow' }],
  };
}
