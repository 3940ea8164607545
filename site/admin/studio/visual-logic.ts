/**
 * A step's rules as the visual editor shows them: each rule is "If [answer] [is | is one of |
 * is not] [option] go to [step]", or several such tests joined by AND (all) or OR (any). The
 * conditions a rule can hold that this does not cover (a test inside a test, "is empty") stay as
 * they are and are edited in the JSON view. Pure: conditions in, conditions out.
 */
import {
  answerKeysOf,
  indexFlow,
  targetsOf,
  type Condition,
  type ResolvedFlow,
} from '@/engine/client';

export type TestOp = 'is' | 'isOneOf' | 'isNot';

/** One test on an answer: `values` holds one value, or several for "is one of". */
export interface AnswerTest {
  answer: string;
  op: TestOp;
  values: string[];
}

export interface RuleTests {
  join: 'all' | 'any';
  tests: AnswerTest[];
}

function testOf(condition: Condition): AnswerTest | undefined {
  if ('equals' in condition)
    return { answer: condition.answer, op: 'is', values: [condition.equals] };
  if ('oneOf' in condition)
    return { answer: condition.answer, op: 'isOneOf', values: condition.oneOf };
  if ('not' in condition) {
    const inner = condition.not;
    if ('equals' in inner) return { answer: inner.answer, op: 'isNot', values: [inner.equals] };
    if ('oneOf' in inner) return { answer: inner.answer, op: 'isNot', values: inner.oneOf };
  }
  return undefined;
}

/** A rule's condition as tests, or undefined when only the JSON view can show it. */
export function testsOf(condition: Condition): RuleTests | undefined {
  const single = testOf(condition);
  if (single) return { join: 'all', tests: [single] };
  const inner = 'all' in condition ? condition.all : 'any' in condition ? condition.any : undefined;
  if (!inner) return undefined;
  const tests = inner.map(testOf);
  if (tests.some((t) => t === undefined)) return undefined;
  return { join: 'all' in condition ? 'all' : 'any', tests: tests as AnswerTest[] };
}

function conditionOfTest({ answer, op, values }: AnswerTest): Condition {
  const positive: Condition =
    values.length === 1 && op !== 'isOneOf'
      ? { answer, equals: values[0]! }
      : { answer, oneOf: values };
  return op === 'isNot' ? { not: positive } : positive;
}

/** The condition the tests write: one test alone, or them all joined by AND or OR. */
export function conditionOf(rule: RuleTests): Condition {
  if (rule.tests.length === 1) return conditionOfTest(rule.tests[0]!);
  const inner = rule.tests.map(conditionOfTest);
  return rule.join === 'all' ? { all: inner } : { any: inner };
}

/**
 * Whether `key` is asked on every way from the start to an ending that submits: its step is on
 * each of them and, for a field, asks it with no condition. If not, a submission sending it needs
 * `whenNotAsked`: the engine's check of submissions (check-submissions.ts) asks for it on the same
 * two conditions, deciding the first with its dominator tree, which the engine's browser entry
 * does not export; this walk from the start, never passing the step, answers the same.
 */
export function askedOnEverySubmittingPath(flow: ResolvedFlow, key: string): boolean {
  const owner = flow.steps.find((s) => answerKeysOf(s).includes(key));
  if (!owner || (owner.kind !== 'choice' && owner.fields.some((f) => f.name === key && f.when)))
    return false;
  const { steps, endings } = indexFlow(flow);
  const seen = new Set<string>([flow.start]);
  const queue = flow.start === owner.id ? [] : [flow.start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (endings.get(id)?.submits) return false;
    const step = steps.get(id);
    for (const to of step ? targetsOf(step) : [])
      if (to !== owner.id && !seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
  }
  return true;
}
