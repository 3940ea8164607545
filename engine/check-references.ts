import { answerKeysOf, targetsOf } from './flow-walk';
import { nextPointers, type CheckContext } from './check-context';
import { guessName } from './did-you-mean';

/**
 * Ids unique across steps and endings, each answer key set by one step, option values unique,
 * `start` and every transition pointing at a real step or ending. Fills `ctx.ids` and
 * `ctx.keyOwner` for the later checks. Returns whether anything was wrong.
 */
export function checkReferences(ctx: CheckContext): boolean {
  const { raw, flow, report, keyOwner } = ctx;
  const idPointer = ctx.ids;
  let problems = 0;
  const count: typeof report = (...args) => {
    problems++;
    report(...args);
  };
  // Ids: unique across steps and endings.
  const duplicated = new Set<number>();
  const claimId = (id: string, pointer: string): boolean => {
    const first = idPointer.get(id);
    if (!first) {
      idPointer.set(id, pointer);
      return true;
    }
    count(
      pointer,
      `Duplicate id "${id}" (first at ${first})`,
      'Give every step and ending its own id',
      { code: 'id.duplicate', args: { id } },
    );
    return false;
  };
  raw.steps.forEach((s, i) => {
    if (!claimId(s.id, `/steps/${i}/id`)) duplicated.add(i);
  });
  raw.endings.forEach((e, i) => claimId(e.id, `/endings/${i}/id`));
  const known = [...idPointer.keys()];
  const knownHint = `Use one of: ${known.join(', ')}`;

  // Answer keys: each one is set by exactly one step.
  flow.steps.forEach((step, i) => {
    const offset = step.kind === 'contact' ? 3 : 0;
    answerKeysOf(step).forEach((key, j) => {
      const pointer =
        step.kind === 'choice'
          ? `/steps/${i}/id`
          : j < offset
            ? `/steps/${i}`
            : `/steps/${i}/fields/${j - offset}/name`;
      const first = keyOwner.get(key);
      // A choice's answer key is its id: a duplicated id is one problem, reported above.
      if (first && step.kind === 'choice' && duplicated.has(i)) return;
      if (first && first.step !== step) {
        count(
          pointer,
          `Answer key "${key}" is also set by step "${first.step.id}"`,
          'Rename the field or the step so each answer has one key',
          { code: 'answer.duplicate', args: { answer: key, step: step.id, other: first.step.id } },
        );
      } else if (first) {
        count(
          pointer,
          `Field "${key}" appears twice in step "${step.id}"`,
          'Remove or rename one of them',
          { code: 'field.duplicate', args: { field: key, step: step.id } },
        );
      } else keyOwner.set(key, { step, pointer });
    });
    if (step.kind === 'choice') {
      const values = step.options.map((o) => o.value);
      const dup = values.find((v, k) => values.indexOf(v) !== k);
      if (dup !== undefined)
        count(
          `/steps/${i}/options`,
          `Option value "${dup}" appears twice`,
          'Option values must be unique within a step',
          { code: 'option.duplicate-value', args: { value: dup, step: step.id } },
        );
    }
  });

  // References: start and every transition target.
  if (!idPointer.has(raw.start)) {
    const guess = guessName(raw.start, known);
    count('/start', `Unknown step "${raw.start}"`, guess.hint + knownHint, {
      code: 'start.unknown',
      args: { id: raw.start, known },
      fix: guess.fix,
    });
  }
  raw.steps.forEach((s, i) => {
    const pointers = nextPointers(s.next, `/steps/${i}`);
    const step = flow.steps[i]!;
    targetsOf(step).forEach((to, j) => {
      if (!idPointer.has(to)) {
        const guess = guessName(to, known);
        count(pointers[j]!, `Unknown step or ending "${to}"`, guess.hint + knownHint, {
          code: 'next.unknown',
          args: { id: to, step: step.id, known },
          fix: guess.fix,
        });
      } else if (to === step.id) {
        count(
          pointers[j]!,
          `Step "${to}" leads to itself`,
          'A flow moves forward: point it to a later step',
          { code: 'next.itself', args: { step: to } },
        );
      }
    });
  });
  if (flow.progress.mode === 'fixed' && flow.progress.total === undefined) {
    count(
      '/progress',
      'Progress mode "fixed" needs a total',
      'Add "total": the N of "Question n / N"',
      { code: 'progress.no-total' },
    );
  }
  return problems > 0;
}
