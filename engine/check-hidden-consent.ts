import { guessName } from './did-you-mean';
import type { CheckContext } from './check-context';
import { hiddenSets } from './hidden-fields';
import type { NameFix, ResolvedField } from './types';

/**
 * Hidden fields: each name once (a shared set included), and none that is also an answer, so
 * `{"hidden": name}` and `{"answer": name}` never mean the same key.
 */
export function checkHiddenFields(ctx: CheckContext): void {
  const { raw, flow, report, keyOwner } = ctx;
  // The pointer of each resolved hidden field, in resolveHidden's order: a set's members point
  // at the set's name.
  const pointers = (raw.hidden ?? []).flatMap((item, i) =>
    typeof item === 'string'
      ? (hiddenSets[item] ?? []).map(() => `/hidden/${i}`)
      : [`/hidden/${i}/name`],
  );
  const seen = new Set<string>();
  flow.hidden.forEach((field, i) => {
    const pointer = pointers[i] ?? '/hidden';
    if (seen.has(field.name)) {
      report(
        pointer,
        `Hidden field "${field.name}" is declared twice`,
        'Declare each hidden field once (the "utm" set already holds the UTM parameters and gclid)',
        { code: 'hidden.duplicate', args: { name: field.name } },
      );
    }
    seen.add(field.name);
    if (keyOwner.has(field.name)) {
      report(
        pointer,
        `Hidden field "${field.name}" has the name of an answer`,
        'Give the hidden field another name, so a submission can tell the two apart',
        { code: 'hidden.answer-name', args: { name: field.name } },
      );
    }
  });
}

/** What a hidden value's hint says when `{"hidden": name}` names none of the flow's. */
export function knownHidden(ctx: CheckContext, unknown: string): { hint: string; fix?: NameFix } {
  const names = ctx.flow.hidden.map((f) => f.name);
  if (names.length === 0) {
    return { hint: 'Declare it in the flow\'s "hidden" list (e.g. "hidden": ["utm"]) first' };
  }
  const guess = guessName(unknown, names);
  return {
    ...guess,
    hint: `${guess.hint}Declare it in "hidden" or use one of: ${names.join(', ')}`,
  };
}

/**
 * Consent boxes HubSpot reads (`legalConsent`): one box for processing consent, which must be
 * required (HubSpot refuses a lead without it), at most one for a communication subscription,
 * and a communication only with processing consent in the same flow.
 */
export function checkConsentFields(ctx: CheckContext): void {
  const { raw, flow, report } = ctx;
  const declared: { field: ResolvedField; pointer: string }[] = [];
  flow.steps.forEach((step, i) => {
    if (step.kind === 'choice') return;
    const own = raw.steps[i]?.fields ?? [];
    const offset = step.fields.length - own.length; // a contact step's standard fields come first
    step.fields.forEach((field, j) => {
      if (field.legalConsent?.length) {
        declared.push({ field, pointer: `/steps/${i}/fields/${j - offset}/legalConsent` });
      }
    });
  });
  const processing = declared.filter((d) => d.field.legalConsent!.includes('processing'));
  const communication = declared.filter((d) => d.field.legalConsent!.includes('communication'));
  for (const [kind, list] of [
    ['processing', processing],
    ['communication', communication],
  ] as const) {
    for (const extra of list.slice(1)) {
      report(
        extra.pointer,
        `Field "${extra.field.name}" declares ${kind} consent, which "${list[0]!.field.name}" already declares`,
        `A flow sends one ${kind} consent to HubSpot: keep it on one box`,
        {
          code: 'consent.duplicate',
          args: { field: extra.field.name, consent: kind, first: list[0]!.field.name },
        },
      );
    }
  }
  for (const { field, pointer } of processing) {
    if (!field.required) {
      report(
        pointer.replace(/legalConsent$/, 'required'),
        `Field "${field.name}" is processing consent but not required`,
        'Remove "required": false: HubSpot refuses a lead without consent to process it',
        { code: 'consent.optional', args: { field: field.name } },
      );
    }
  }
  if (communication.length > 0 && processing.length === 0) {
    report(
      communication[0]!.pointer,
      `Field "${communication[0]!.field.name}" subscribes the visitor, but the flow asks no processing consent`,
      'Add "processing" to this box\'s "legalConsent", or declare it on the privacy box',
      { code: 'consent.no-processing', args: { field: communication[0]!.field.name } },
    );
  }
}
