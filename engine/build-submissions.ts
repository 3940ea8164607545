import { isEmptyAnswer } from './conditions';
import { computeValues, type ComputedResult } from './computed-values';
import { indexFlow, walkAnswers } from './flow-walk';
import { visibleFields } from './field-schema';
import type { ValidAnswers } from './validate-answers';
import type {
  Answers,
  BuiltSubmission,
  LegalConsentOptions,
  ResolvedFlow,
  SubmissionContext,
  SubmissionValue,
} from './types';

/** How a multiple choice or multi-select is sent: values joined by a comma and a space. */
export const LIST_SEPARATOR = ', ';

/** The answer as sent; undefined when it is empty, so the field's blank value applies. */
export function answerText(value: Answers[string] | undefined): string | undefined {
  if (isEmptyAnswer(value)) return undefined;
  if (Array.isArray(value)) return value.join(LIST_SEPARATOR);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/**
 * A computed value as sent: a number in decimals (rounded to 10 places, so 0.1 + 0.2 is "0.3"),
 * `true`/`false`, a list joined like an answer's, and `""` when it is unknown.
 */
export function computedText(value: ComputedResult): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(Number(value.toFixed(10)));
  if (Array.isArray(value)) return value.join(LIST_SEPARATOR);
  return String(value);
}

/** "Question text -> answer label" for each choice asked, in order, separated by a blank line. */
export function transcript(flow: ResolvedFlow, answers: Answers): string {
  const { steps } = indexFlow(flow);
  const lines: string[] = [];
  for (const id of walkAnswers(flow, answers).steps) {
    const step = steps.get(id);
    const value = answers[id];
    if (!step || step.kind !== 'choice' || isEmptyAnswer(value)) continue;
    const label = (v: string) => step.options.find((o) => o.value === v)?.label ?? v;
    const text = Array.isArray(value)
      ? value.map(label).join(LIST_SEPARATOR)
      : label(String(value));
    lines.push(`${step.question} -> ${text}`);
  }
  return lines.join('\n\n');
}

/**
 * The exact HubSpot v3 bodies validated answers produce: one per submission of the flow, fields
 * in the order the flow lists them and nothing else (a hidden value not captured is left out),
 * with HubSpot's consent when the path asked a consent box that declares it. Empty when the answers reach an ending that
 * does not submit. Takes what validateAnswers returned, so a request's answers are checked once.
 */
export function buildSubmissions(
  flow: ResolvedFlow,
  valid: ValidAnswers,
  ctx: SubmissionContext,
): BuiltSubmission[] {
  const { answers } = valid;
  const { steps, endings } = indexFlow(flow);
  if (!endings.get(valid.ending)?.submits) return [];
  const asked = new Set(valid.steps);
  const keyAsked = (key: string) =>
    [...asked].some((id) => {
      const step = steps.get(id);
      if (!step) return false;
      return step.kind === 'choice' ? step.id === key : step.fields.some((f) => f.name === key);
    });
  let cachedTranscript: string | undefined;
  let computed: Record<string, ComputedResult> | undefined;
  const valueOf = (value: SubmissionValue): string => {
    if ('constant' in value) return value.constant;
    if ('transcript' in value) return (cachedTranscript ??= transcript(flow, answers));
    if ('file' in value)
      return isEmptyAnswer(answers[value.file]) ? '' : (ctx.files?.[value.file] ?? '');
    if ('hidden' in value) return ctx.hidden?.[value.hidden] ?? '';
    if ('computed' in value)
      return computedText(
        (computed ??= computeValues(flow, answers, ctx.hidden))[value.computed] ?? null,
      );
    const text = answerText(answers[value.answer]);
    if (text !== undefined) return text;
    return keyAsked(value.answer) ? '' : (value.whenNotAsked ?? '');
  };
  const context = {
    pageUri: ctx.pageUri,
    pageName: ctx.pageName,
    ...(ctx.hutk ? { hutk: ctx.hutk } : {}),
    ...(ctx.ipAddress ? { ipAddress: ctx.ipAddress } : {}),
  };
  const legalConsentOptions = legalConsent(flow, valid);
  return flow.submissions.map((s) => ({
    formKey: s.formKey,
    body: {
      submittedAt: ctx.submittedAt,
      // A hidden value the visit did not capture is left out rather than sent blank: a blank
      // would erase the attribution HubSpot already holds for a returning contact.
      fields: s.fields
        .map((f) => ({ objectTypeId: f.objectTypeId, name: f.name, value: valueOf(f.value) }))
        .filter((f, i) => f.value !== '' || !('hidden' in s.fields[i]!.value)),
      context,
      ...(legalConsentOptions ? { legalConsentOptions } : {}),
    },
  }));
}

/**
 * The HubSpot fields of each form key whose value is a hidden one, in the listed order: sent when
 * the visit brought the value, left out when it did not (buildSubmissions). Form keys sending
 * none are not listed.
 */
export function hiddenSent(flow: ResolvedFlow): { formKey: string; names: string[] }[] {
  return flow.submissions
    .map((s) => ({
      formKey: s.formKey,
      names: s.fields.filter((f) => 'hidden' in f.value).map((f) => f.name),
    }))
    .filter((s) => s.names.length > 0);
}

/**
 * HubSpot's consent from the consent boxes the path asked that declare `legalConsent`: the box's
 * label is the text the visitor read, its answer the value. Undefined when the path asked none.
 * The flow check allows one processing box and one communication box (the same box may be both),
 * and no communication without processing.
 */
export function legalConsent(
  flow: ResolvedFlow,
  valid: Pick<ValidAnswers, 'answers' | 'steps'>,
): LegalConsentOptions | undefined {
  const { steps } = indexFlow(flow);
  const asked = valid.steps.flatMap((id) => {
    const step = steps.get(id);
    return step && step.kind !== 'choice'
      ? visibleFields(step.fields, valid.answers).filter((f) => f.legalConsent?.length)
      : [];
  });
  const processing = asked.find((f) => f.legalConsent!.includes('processing'));
  if (!processing) return undefined;
  const communication = asked.find((f) => f.legalConsent!.includes('communication'));
  return {
    consent: {
      consentToProcess: valid.answers[processing.name] === true,
      text: processing.label,
      ...(communication
        ? {
            communications: [
              { value: valid.answers[communication.name] === true, text: communication.label },
            ],
          }
        : {}),
    },
  };
}
