'use client';
/**
 * Which HubSpot field receives an answer, for each form the flow submits to: a dropdown of the
 * form's own fields when the site has read HubSpot's definition of it, else the name the flow
 * sends, as it is. The object type (contact, company…) comes from the definition and whether the
 * answer may be missing from the engine's graph (askedOnEverySubmittingPath): the marketer never
 * sees `objectTypeId` or `whenNotAsked`.
 */
import type { VisualContext } from './visual-context';
import { Labelled } from './visual-labelled';
import { askedOnEverySubmittingPath } from './visual-logic';
import { setHubSpotField } from './visual-rule-edits';

export function VisualHubSpotField({
  ctx,
  answer,
  name,
}: {
  ctx: VisualContext;
  /** The answer key sent. */
  answer: string;
  /** What the person calls it (the question or the field's label). */
  name: string;
}) {
  return (
    <>
      {ctx.raw.submissions.map((submission) => {
        const sent = submission.fields.find(
          (f) => 'answer' in f.value && f.value.answer === answer,
        );
        const form = ctx.hubspotForms[submission.formKey];
        const label = `HubSpot field for “${name}” in form ${submission.formKey}`;
        if (!form)
          return sent ? (
            <p key={submission.formKey}>
              Sent to HubSpot form {submission.formKey} as <code>{sent.name}</code>
            </p>
          ) : null;
        const declared = form.fields.some((f) => f.name === sent?.name);
        return (
          <Labelled key={submission.formKey} label={label}>
            {(id) => (
              <select
                id={id}
                value={sent?.name ?? ''}
                onChange={(e) => {
                  const field = form.fields.find((f) => f.name === e.target.value);
                  ctx.change(
                    setHubSpotField(ctx.text, {
                      formKey: submission.formKey,
                      answer,
                      field: field && { name: field.name, objectTypeId: field.objectTypeId },
                      whenNotAsked: !(ctx.flow && askedOnEverySubmittingPath(ctx.flow, answer)),
                    }),
                  );
                }}
              >
                <option value="">(not sent)</option>
                {sent && !declared && (
                  <option value={sent.name}>{sent.name} (not on HubSpot’s form)</option>
                )}
                {form.fields.map((f) => (
                  <option key={f.name} value={f.name}>
                    {f.label} ({f.name})
                  </option>
                ))}
              </select>
            )}
          </Labelled>
        );
      })}
    </>
  );
}
