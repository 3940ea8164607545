'use client';
/**
 * A step's rules in the visual editor: "If [answer] [is | is one of | is not] [option] go to
 * [step]", tests joined by AND or OR, and "otherwise go to [step]". Only dropdowns: a rule can
 * only name answers, options and steps the flow has. A condition the rows cannot show (a test
 * inside a test, "is empty") is described and left to the JSON view; where it goes stays editable.
 */
import { useId } from 'react';
import { describeCondition } from '@/engine/client';
import type { AnswerChoice, StepProps, VisualContext } from './visual-context';
import { Labelled } from './visual-labelled';
import { conditionOf, testsOf, type AnswerTest, type RuleTests, type TestOp } from './visual-logic';
import { removeBranch, setBranch, setOtherwise } from './visual-rule-edits';
import styles from './visual-editor.module.css';

const OPS: { op: TestOp; label: string }[] = [
  { op: 'is', label: 'is' },
  { op: 'isOneOf', label: 'is one of' },
  { op: 'isNot', label: 'is not' },
];

/** A test that `answer` is its first option (`op` kept), or undefined when it has no option. */
function firstTestOn(answer: AnswerChoice | undefined, op: TestOp = 'is'): AnswerTest | undefined {
  const value = answer?.options[0]?.value;
  return answer && value !== undefined ? { answer: answer.id, op, values: [value] } : undefined;
}

export function VisualRules({ ctx, step, at }: StepProps) {
  const id = useId();
  const next = step.next;
  const branches = typeof next === 'string' ? [] : next.branches;
  const otherwise = typeof next === 'string' ? next : next.otherwise;
  const goTo = ctx.targets.filter((t) => t.id !== step.id);

  function addRule() {
    // The step's own answer first, when it is a choice.
    const test = firstTestOn(ctx.answers.find((a) => a.id === step.id) ?? ctx.answers[0]);
    const to = otherwise ?? goTo[0]?.id;
    if (!test || !to) return;
    ctx.change(
      setBranch(ctx.text, at, branches.length, {
        when: conditionOf({ join: 'all', tests: [test] }),
        to,
      }),
    );
  }

  return (
    <fieldset className={styles.rules}>
      <legend>Where visitors go next</legend>
      {branches.length > 0 && (
        <ol className={styles.ruleList}>
          {branches.map((branch, b) => {
            const rule = testsOf(branch.when);
            const write = (tests: RuleTests) =>
              ctx.change(setBranch(ctx.text, at, b, { when: conditionOf(tests), to: branch.to }));
            return (
              <li key={b}>
                <div className={styles.rule} role="group" aria-labelledby={`${id}-rule-${b}`}>
                  <span id={`${id}-rule-${b}`} className={styles.ruleName}>
                    Rule {b + 1}
                  </span>
                  {rule ? (
                    <RuleTestsRows ctx={ctx} rule={rule} name={`${id}-${b}`} onChange={write} />
                  ) : (
                    <p>If {describeCondition(branch.when)} (edit this test in the JSON view)</p>
                  )}
                  <Labelled label="go to">
                    {(id) => (
                      <select
                        id={id}
                        value={branch.to}
                        onChange={(e) =>
                          ctx.change(
                            setBranch(ctx.text, at, b, { when: branch.when, to: e.target.value }),
                          )
                        }
                      >
                        <TargetOptions ctx={ctx} targets={goTo} value={branch.to} />
                      </select>
                    )}
                  </Labelled>
                  <button type="button" onClick={() => ctx.change(removeBranch(ctx.text, at, b))}>
                    Remove rule {b + 1}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Labelled label={branches.length > 0 ? 'Otherwise go to' : 'Go to'}>
        {(id) => (
          <select
            id={id}
            value={otherwise ?? ''}
            onChange={(e) => ctx.change(setOtherwise(ctx.text, at, e.target.value))}
          >
            {otherwise === undefined && <option value="">(every answer has a rule)</option>}
            <TargetOptions ctx={ctx} targets={goTo} value={otherwise} />
          </select>
        )}
      </Labelled>{' '}
      {ctx.answers.length > 0 && (
        <button type="button" onClick={addRule}>
          Add a rule
        </button>
      )}
    </fieldset>
  );
}

function TargetOptions({
  ctx,
  targets,
  value,
}: {
  ctx: VisualContext;
  targets: VisualContext['targets'];
  value: string | undefined;
}) {
  const known = value === undefined || ctx.targets.some((t) => t.id === value);
  return (
    <>
      {!known && <option value={value}>{value} (unknown)</option>}
      {targets.map((t) => (
        <option key={t.id} value={t.id}>
          {t.label}
        </option>
      ))}
    </>
  );
}

function RuleTestsRows({
  ctx,
  rule,
  name,
  onChange,
}: {
  ctx: VisualContext;
  rule: RuleTests;
  name: string;
  onChange: (rule: RuleTests) => void;
}) {
  const setTest = (i: number, test: AnswerTest) =>
    onChange({ ...rule, tests: rule.tests.map((t, j) => (j === i ? test : t)) });
  const added = firstTestOn(ctx.answers[0]);
  return (
    <div className={styles.tests}>
      {rule.tests.map((test, i) => {
        const answer = ctx.answers.find((a) => a.id === test.answer);
        const options = answer?.options ?? [];
        return (
          <div key={i} className={styles.test} role="group" aria-label={`Test ${i + 1}`}>
            {i === 0 ? (
              <span>If</span>
            ) : i === 1 ? (
              <Labelled label="Join with">
                {(id) => (
                  <select
                    id={id}
                    value={rule.join}
                    onChange={(e) =>
                      onChange({ ...rule, join: e.target.value as RuleTests['join'] })
                    }
                  >
                    <option value="all">AND (all hold)</option>
                    <option value="any">OR (any holds)</option>
                  </select>
                )}
              </Labelled>
            ) : (
              <span>{rule.join === 'all' ? 'and' : 'or'}</span>
            )}
            <Labelled label="Answer to">
              {(id) => (
                <select
                  id={id}
                  value={test.answer}
                  onChange={(e) => {
                    const picked = ctx.answers.find((a) => a.id === e.target.value);
                    const first = firstTestOn(picked, test.op);
                    if (first) setTest(i, first);
                  }}
                >
                  {!answer && <option value={test.answer}>{test.answer} (unknown)</option>}
                  {ctx.answers.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.label}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label="Test">
              {(id) => (
                <select
                  id={id}
                  value={test.op}
                  onChange={(e) => setTest(i, { ...test, op: e.target.value as TestOp })}
                >
                  {OPS.map((o) => (
                    <option key={o.op} value={o.op}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label={test.op === 'isOneOf' ? 'Options' : 'Option'}>
              {(id) => (
                <select
                  id={id}
                  multiple={test.op === 'isOneOf'}
                  value={test.op === 'isOneOf' ? test.values : test.values[0]}
                  name={`${name}-${i}`}
                  onChange={(e) => {
                    const values = Array.from(e.target.selectedOptions, (o) => o.value);
                    if (values.length > 0) setTest(i, { ...test, values });
                  }}
                >
                  {test.values
                    .filter((v) => !options.some((o) => o.value === v))
                    .map((v) => (
                      <option key={v} value={v}>
                        {v} (not an option)
                      </option>
                    ))}
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            {rule.tests.length > 1 && (
              <button
                type="button"
                onClick={() => onChange({ ...rule, tests: rule.tests.filter((_, j) => j !== i) })}
              >
                Remove test {i + 1}
              </button>
            )}
          </div>
        );
      })}
      {added && (
        <button type="button" onClick={() => onChange({ ...rule, tests: [...rule.tests, added] })}>
          Add a test
        </button>
      )}
    </div>
  );
}
