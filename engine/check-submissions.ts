import { knownKeys, type CheckContext } from './check-context';
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
  const notAskedOn = (key: string, endingIds: string[]): string | undefined => {
    const owner = keyOwner.get(key);
    if (!owner || !tree) return undefined;
    const ending = endingIds.find((e) => !tree.dominates(owner.step.id, e));
    if (ending) {
      const example = pathAvoiding(flow, ending, owner.step.id);
      return `the path ${example ? example.join(' → ') + ' → ' : ''}${ending} never asks it`;
    }
    const field =
      owner.step.kind === 'choice' ? undefined : owner.step.fields.find((f) => f.name === key);
    return field?.when ? `field "${key}" is asked only when its condition holds` : undefined;
  };
  raw.submissions.forEach((sub, s) => {
    const names = new Set<string>();
    sub.fields.forEach((f, j) => {
      const pointer = `/submissions/${s}/fields/${j}`;
      if (names.has(f.name))
        report(
          `${pointer}/name`,
          `Field "${f.name}" is listed twice in form "${sub.formKey}"`,
          'List each HubSpot field once',
        );
      names.add(f.name);
      const v = f.value as Record<string, unknown>;
      const kinds = ['answer', 'constant', 'transcript', 'file'].filter((k) => k in v);
      if (kinds.length !== 1 || ('whenNotAsked' in v && !('answer' in v))) {
        report(
          `${pointer}/value`,
          'A value needs exactly one source',
          'Write {"answer"} (optionally with "whenNotAsked"), {"constant"}, {"transcript": true} or {"file"}',
        );
        return;
      }
      const key =
        typeof v.answer === 'string' ? v.answer : typeof v.file === 'string' ? v.file : undefined;
      if (key === undefined) return;
      const at = `${pointer}/value/${'answer' in v ? 'answer' : 'file'}`;
      const owner = keyOwner.get(key);
      if (!owner) {
        report(at, `Unknown answer "${key}"`, knownKeys(ctx));
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
        );
        return;
      }
      if ('answer' in v && !('whenNotAsked' in v) && !graphBroken) {
        const why = notAskedOn(
          key,
          submitting.map((e) => e.id),
        );
        if (why)
          report(
            at,
            `Form "${sub.formKey}" sends answer "${key}", but ${why}`,
            'Add "whenNotAsked": "" to send an empty value there, or ask it on every path',
          );
      }
    });
  });
  flow.endings.forEach((e, i) => {
    if (e.kind !== 'checkout' || !('answer' in e.service)) return;
    const key = e.service.answer;
    if (!keyOwner.has(key)) {
      report(`/endings/${i}/service/answer`, `Unknown answer "${key}"`, knownKeys(ctx));
      return;
    }
    if (graphBroken) return;
    const why = notAskedOn(key, [e.id]);
    if (why)
      report(
        `/endings/${i}/service/answer`,
        `The checkout reads answer "${key}", but ${why}`,
        'Ask the service on every path to this ending',
      );
  });
}
