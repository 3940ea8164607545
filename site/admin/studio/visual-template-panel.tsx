'use client';
/**
 * A step card's "Add a step from a template" form: the template (flow-templates.ts), the new
 * step's question (its id is made from it), the shared list a list's template asks from, and what
 * the step will ask (a list's options included) before it is added after the card's step.
 */
import { useState } from 'react';
import {
  STEP_TEMPLATES,
  sharedListOptions,
  templateStep,
  type StepTemplateId,
} from './flow-templates';
import type { StepProps } from './visual-context';
import { Labelled, LabelledInput } from './visual-labelled';
import { insertTemplateAfter } from './visual-template-edits';
import styles from './visual-editor.module.css';
import own from './visual-template-panel.module.css';

interface PanelProps extends StepProps {
  /** The card's step in words. */
  title: string;
  onCancel: () => void;
  /** After the step is added: `id` is the new step's. */
  onAdded: (id: string) => void;
}

export function VisualTemplatePanel({ ctx, at, title, onCancel, onAdded }: PanelProps) {
  const lists = Object.keys(ctx.optionLists ?? {}).sort();
  const offered = STEP_TEMPLATES.filter((t) => !t.needsList || lists.length > 0);
  const [template, setTemplate] = useState<StepTemplateId>(offered[0]!.id);
  const chosen = offered.find((t) => t.id === template)!;
  const [question, setQuestion] = useState(chosen.question);
  const [list, setList] = useState(lists[0] ?? '');
  const { step } = templateStep(template, { id: 'preview', question, list });

  const options = Array.isArray(step.options)
    ? step.options.flatMap((o) =>
        typeof o === 'string'
          ? [{ label: o, value: o }]
          : 'label' in o
            ? [{ label: o.label, value: o.value ?? o.label }]
            : [],
      )
    : typeof step.options === 'string'
      ? sharedListOptions(ctx.optionLists?.[step.options])
      : [];

  return (
    <form
      className={styles.panel}
      aria-label={`New step from a template after “${title}”`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!question.trim()) return;
        const added = insertTemplateAfter(ctx.text, at, {
          template,
          question: question.trim(),
          list: chosen.needsList ? list : undefined,
          hubspotForms: ctx.hubspotForms,
          flow: ctx.flow,
        });
        if (!added.id) return;
        ctx.change(added.text);
        onAdded(added.id);
      }}
    >
      <Labelled label="Template">
        {(id) => (
          <select
            id={id}
            autoFocus
            value={template}
            onChange={(e) => {
              const next = offered.find((t) => t.id === e.target.value)!;
              // The suggested question follows the template until the person words their own.
              if (question === chosen.question) setQuestion(next.question);
              setTemplate(next.id);
            }}
          >
            {offered.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      {chosen.needsList && (
        <Labelled label="Shared list">
          {(id) => (
            <select id={id} value={list} onChange={(e) => setList(e.target.value)}>
              {lists.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      )}
      <LabelledInput label="New step’s question" required value={question} onChange={setQuestion} />
      <div className={own.preview} role="group" aria-label="What the new step asks">
        {step.fields ? (
          <>
            <p>It asks, each sent to HubSpot’s contact field of the same name:</p>
            <ul>
              {step.fields.map((f) => (
                <li key={f.name}>
                  {f.label}
                  {f.required === false ? ' (optional)' : ' (required)'}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <p>
              {chosen.needsList
                ? `The options of the list “${list}” (${options.length}):`
                : 'Its options:'}
            </p>
            <ul>
              {options.map((o) => (
                <li key={o.value}>
                  {o.label}
                  {o.value !== o.label && <> (HubSpot value: {o.value})</>}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <button type="submit">Add the step</button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
