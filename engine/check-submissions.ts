import { knownKeys, type CheckContext } from './check-context';
import { knownHidden } from './check-hidden-consent';
import { dominators, pathAvoiding } from './dominators';

/**
 * Submission fields and checkout services: one value source each, no HubSpot field twice,
 * `{file}` only on upload fields, and no answer that some path to a submitting ending never
 * collects (unless `whenNotAsked` says what to send then). That last check needs a sound graph
 * (`graphBroken` false): it asks the dominator tree whether the answer's step lies on every path
 * to the ending, so it costs the same for 2 paths or 2^200.
 */
export function checkSubmissions(
  ctx: CheckContext,
  fromStart: Set<string>,
  graphBroken: boolean,
): void {
  const { raw, flow, report, keyOwner } = ctx;
  const tree = graphBroken ? undefined : dominators(flow);
  const submitting = flow.endings.filter((e) => e.submits && fromStart.has(e.id));
  const notAskedOn = (
    key: string,
    endingIds: string[],
  ): { why: string; ending?: string; path?: string; steps?: string[] } | undefined => {
    const owner = keyOwner.get(key);
    if (!owner || !tree) return undefined;
    const ending = endingIds.find((e) => !tree.dominates(owner.step.id, e));
    if (ending) {
      const example = pathAvoiding(flow, ending, owner.step.id);
      const path = `${example ? example.join(' → ') + ' → ' : ''}${ending}`;
      const steps = [...(example ?? []), ending];
      return { why: `the path ${path} never asks it`, ending, path, steps };
    }
    const field =
      owner.step.kind === 'choice' ? undefined : owner.step.fields.find((f) => f.name === key);
    return field?.when
      ? { why: `field "${key}" is asked only when its condition holds` }
      : undefined;
  };
  // Answers some submitting path never asks, reported after the loop: several at one ending
  // have one cause (that ending submits, or its path skips a step) and become one diagnostic.
  const unasked: {
    at: string;
    key: string;
    formKey: string;
    why: string;
    ending?: string;
    path?: string;
    steps?: string[];
  }[] = [];
  raw.submissions.forEach((sub, s) => {
    const names = new Set<string>();
    sub.fields.forEach((f, j) => {
      const pointer = `/submissions/${s}/fields/${j}`;
      if (names.has(f.name))
        report(
          `${pointer}/name`,
          `Field "${f.name}" is listed twice in form "${sub.formKey}"`,
          'List each HubSpot field once',
          { code: 'submission.duplicate-field', args: { field: f.name, form: sub.formKey } },
        );
      names.add(f.name);
      const v = f.value as Record<string, unknown>;
      const kinds = ['answer', 'constant', 'transcript', 'file', 'hidden', 'computed'].filter(
        (k) => k in v,
      );
      if (kinds.length !== 1 || ('whenNotAsked' in v && !('answer' in v))) {
        report(
          `${pointer}/value`,
          'A value needs exactly one source',
          'Write {"answer"} (optionally with "whenNotAsked"), {"constant"}, {"transcript": true}, {"file"}, {"hidden"} or {"computed"}',
          { code: 'submission.value-source', args: { field: f.name, form: sub.formKey } },
        );
        return;
      }
      if (typeof v.hidden === 'string') {
        if (!flow.hidden.some((h) => h.name === v.hidden)) {
          const known = knownHidden(ctx, v.hidden);
          report(`${pointer}/value/hidden`, `Unknown hidden value "${v.hidden}"`, known.hint, {
            code: 'submission.unknown-hidden',
            args: { name: v.hidden, field: f.name, form: sub.formKey },
            fix: known.fix,
          });
        }
        return;
      }
      // A computed value's name and the answers it needs are checked by checkComputed.
      if ('computed' in v) return;
      const key =
        typeof v.answer === 'string' ? v.answer : typeof v.file === 'string' ? v.file : undefined;
      if (key === undefined) return;
      const at = `${pointer}/value/${'answer' in v ? 'answer' : 'file'}`;
      const owner = keyOwner.get(key);
      if (!owner) {
        const hidden = 'answer' in v && flow.hidden.some((h) => h.name === key);
        const known = hidden
          ? { hint: `"${key}" is a hidden value: write {"hidden": "${key}"}` }
          : knownKeys(ctx, key);
        report(at, `Unknown answer "${key}"`, known.hint, {
          code: hidden ? 'submission.hidden-as-answer' : 'submission.unknown-answer',
          args: { answer: key, field: f.name, form: sub.formKey },
          ...('fix' in known && { fix: known.fix }),
        });
        return;
      }
      if (
        'file' in v &&
        (owner.step.kind === 'choice' ||
          owner.step.fields.find((x) => x.name === key)?.type !== 'file')
      ) {
        report(
          at,
          `"${key}" is not an upload field`,
          'A {"file"} value names a field of type "file"',
          {
            code: 'submission.not-upload',
            args: { answer: key, field: f.name, form: sub.formKey },
          },
        );
        return;
      }
      if ('answer' in v && !('whenNotAsked' in v) && !graphBroken) {
        const missing = notAskedOn(
          key,
          submitting.map((e) => e.id),
        );
        if (missing) unasked.push({ at, key, formKey: sub.formKey, ...missing });
      }
    });
  });
  const byEnding = new Map<string, typeof unasked>();
  for (const u of unasked)
    if (u.ending) byEnding.set(u.ending, [...(byEnding.get(u.ending) ?? []), u]);
  for (const u of unasked) {
    const group = u.ending ? byEnding.get(u.ending)! : [u];
    if (group.length === 1) {
      report(
        u.at,
        `Form "${u.formKey}" sends answer "${u.key}", but ${u.why}`,
        'Add "whenNotAsked": "" to send an empty value there, or ask it on every path',
        {
          code: u.steps ? 'submission.not-asked' : 'submission.asked-on-condition',
          args: { form: u.formKey, answer: u.key, ...(u.steps && { path: u.steps }) },
        },
      );
    } else if (group[0] === u) reportEnding(u.ending!, u.path!, group);
  }

  function reportEnding(ending: string, path: string, group: typeof unasked) {
    const i = raw.endings.findIndex((e) => e.id === ending);
    const keys = [...new Set(group.map((g) => `"${g.key}"`))].join(', ');
    const forms = [...new Set(group.map((g) => `"${g.formKey}"`))].join(', ');
    // Sending a lead without the visitor's e-mail is never the fix a marketer wants.
    const email = group.find((g) => {
      const owner = keyOwner.get(g.key)!.step;
      return (
        owner.kind !== 'choice' && owner.fields.some((f) => f.name === g.key && f.type === 'email')
      );
    });
    report(
      'submits' in raw.endings[i]! ? `/endings/${i}/submits` : `/endings/${i}`,
      `Ending "${ending}" submits, but the path ${path} never asks ${keys}, which form ${forms} sends`,
      email
        ? `Lead this path through the step that asks "${email.key}", or set "submits": false`
        : 'Ask them on every path to this ending, set "submits": false, or add "whenNotAsked": "" to each',
      {
        code: email ? 'ending.submits-without-email' : 'ending.submits-unasked',
        args: {
          ending,
          path: group[0]!.steps ?? [],
          answers: [...new Set(group.map((g) => g.key))],
          forms: [...new Set(group.map((g) => g.formKey))],
          ...(email && { email: email.key }),
        },
      },
    );
  }

  flow.endings.forEach((e, i) => {
    if (e.kind !== 'checkout' || !('answer' in e.service)) return;
    const key = e.service.answer;
    if (!keyOwner.has(key)) {
      const known = knownKeys(ctx, key);
      report(`/endings/${i}/service/answer`, `Unknown answer "${key}"`, known.hint, {
        code: 'checkout.unknown-answer',
        args: { answer: key, ending: e.id },
        fix: known.fix,
      });
      return;
    }
    if (graphBroken) return;
    const missing = notAskedOn(key, [e.id]);
    if (missing)
      report(
        `/endings/${i}/service/answer`,
        `The checkout reads answer "${key}", but ${missing.why}`,
        'Ask the service on every path to this ending',
        {
          code: 'checkout.not-asked',
          args: { answer: key, ending: e.id, ...(missing.steps && { path: missing.steps }) },
        },
      );
  });
}
