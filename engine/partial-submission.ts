import { answerText, legalConsent, transcript } from './build-submissions';
import { SAVE_PROGRESS_EMAIL } from './save-progress';
import type {
  Answers,
  BuiltSubmission,
  HubSpotField,
  ResolvedFlow,
  SubmissionContext,
} from './types';

/**
 * The HubSpot body of a partial lead, for the form key its flow names in `saveProgress.formKey`
 * (undefined when it names none: partial leads then stay on the site).
 *
 * The answers so far are mapped as the flow maps its leads: every field its submissions list, once
 * (the first listing of a name that has a value), in their order. What the visitor has not answered yet, a
 * hidden value the visit did not capture and a file are left out, never sent blank: a blank would
 * erase what HubSpot already holds for a returning contact. The e-mail address is always sent.
 *
 * The consent is the one the visitor gave: a HubSpot consent box already passed (as a lead's), or
 * else the saved-progress box they ticked, with its words, as their consent to process.
 */
export function buildPartialSubmission(
  flow: ResolvedFlow,
  partial: { answers: Answers; steps: readonly string[] },
  ctx: Omit<SubmissionContext, 'files'>,
): BuiltSubmission | undefined {
  const formKey = flow.saveProgress?.formKey;
  if (!formKey) return undefined;
  const { answers } = partial;
  const seen = new Set<string>();
  const fields: HubSpotField[] = [];
  for (const field of flow.submissions.flatMap((s) => s.fields)) {
    const id = `${field.objectTypeId}/${field.name}`;
    if (seen.has(id)) continue;
    const v = field.value;
    const value =
      'constant' in v
        ? v.constant
        : 'transcript' in v
          ? transcript(flow, answers)
          : 'hidden' in v
            ? ctx.hidden?.[v.hidden]
            : 'answer' in v
              ? answerText(answers[v.answer])
              : undefined;
    if (value === undefined || value === '') continue;
    seen.add(id);
    fields.push({ objectTypeId: field.objectTypeId, name: field.name, value });
  }
  const email = answerText(answers[SAVE_PROGRESS_EMAIL]);
  if (email && !seen.has(`0-1/${SAVE_PROGRESS_EMAIL}`)) {
    fields.push({ objectTypeId: '0-1', name: SAVE_PROGRESS_EMAIL, value: email });
  }
  const consent = legalConsent(flow, { answers, steps: [...partial.steps] }) ?? {
    consent: { consentToProcess: true, text: flow.saveProgress!.consent },
  };
  return {
    formKey,
    body: {
      submittedAt: ctx.submittedAt,
      fields,
      context: {
        pageUri: ctx.pageUri,
        pageName: ctx.pageName,
        ...(ctx.hutk ? { hutk: ctx.hutk } : {}),
        ...(ctx.ipAddress ? { ipAddress: ctx.ipAddress } : {}),
      },
      legalConsentOptions: consent,
    },
  };
}
