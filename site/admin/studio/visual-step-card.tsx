'use client';
/**
 * One step of the flow as a card of the visual editor: its question, help text and kind, its
 * options or fields, the HubSpot field a choice's answer goes to, its rules, and the buttons that
 * add a step after it, copy it, ask it earlier or later, or delete it. Deleting shows what points
 * to the step and asks where to send those visitors instead.
 */
import { useRef, useState } from 'react';
import type { StepProps } from './visual-context';
import { Labelled, LabelledInput } from './visual-labelled';
import {
  askEarlier,
  askLater,
  deleteStep,
  duplicateStep,
  earlierPlace,
  insertStepAfter,
  laterPlace,
  referencesTo,
  setStepKind,
  setStepText,
} from './visual-edits';
import { VisualHubSpotField } from './visual-hubspot-field';
import { VisualFields, VisualOptions } from './visual-items';
import { VisualRules } from './visual-rules';
import { VisualTemplatePanel } from './visual-template-panel';
import type { StepKind } from './visual-text';
import styles from './visual-editor.module.css';

const KINDS: Record<StepKind, string> = {
  choice: 'Choice',
  fields: 'Form fields',
  contact: 'Contact details',
  uploads: 'File uploads',
};
const KIND_OPTIONS = Object.entries(KINDS).map(([kind, label]) => (
  <option key={kind} value={kind}>
    {label}
  </option>
));

interface CardProps extends StepProps {
  /** Its place in visitor order (from 1), or undefined when no visitor reaches it. */
  place?: number;
  /** Called after the step is deleted, so focus lands somewhere sensible. */
  onDeleted: () => void;
}

export function VisualStepCard({ ctx, step, at, place, onDeleted }: CardProps) {
  const [panel, setPanel] = useState<'add' | 'template' | 'delete' | null>(null);
  const [question, setQuestion] = useState('');
  const [kind, setKind] = useState<StepKind>('choice');
  const others = ctx.targets.filter((t) => t.id !== step.id);
  const [reroute, setReroute] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const headingId = `visual-step-${step.id}`;
  const title = step.question ?? step.id;

  function close() {
    setPanel(null);
    opener.current?.focus();
  }

  const references = panel === 'delete' ? referencesTo(ctx.raw, at) : [];
  // A step moves in visitor order only where no other visitor's path changes (visual-edits.ts).
  const canMove = {
    earlier: earlierPlace(ctx.raw, at) !== undefined,
    later: laterPlace(ctx.raw, at) !== undefined,
  };
  function move(way: 'earlier' | 'later') {
    ctx.change(way === 'earlier' ? askEarlier(ctx.text, at) : askLater(ctx.text, at));
    // The card is drawn at its new place: the press's button keeps the focus, or the heading
    // does when the step can move no further that way.
    requestAnimationFrame(() =>
      (
        document.getElementById(`${headingId}-${way}`) ?? document.getElementById(headingId)
      )?.focus(),
    );
  }
  const routes = references.filter((r) => r.kind === 'route');
  const target = reroute || others[0]?.id || '';

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h4 id={headingId} tabIndex={-1}>
        {place !== undefined ? `Step ${place}: ` : 'Not reached: '}
        {title}
      </h4>
      <p className={styles.id}>
        Id <code>{step.id}</code>
      </p>
      <div className={styles.row}>
        <LabelledInput
          label="Question"
          value={step.question ?? ''}
          onChange={(v) => ctx.change(setStepText(ctx.text, at, 'question', v))}
        />
        <LabelledInput
          label="Help text"
          value={step.leadIn ?? ''}
          onChange={(v) => ctx.change(setStepText(ctx.text, at, 'leadIn', v))}
        />
        <Labelled label="Kind">
          {(id) => (
            <select
              id={id}
              value={step.kind}
              onChange={(e) => ctx.change(setStepKind(ctx.text, at, e.target.value as StepKind))}
            >
              {KIND_OPTIONS}
            </select>
          )}
        </Labelled>
      </div>
      {step.kind === 'choice' ? (
        <>
          <VisualOptions ctx={ctx} step={step} at={at} />
          <VisualHubSpotField ctx={ctx} answer={step.id} name={title} />
        </>
      ) : (
        <VisualFields ctx={ctx} step={step} at={at} />
      )}
      <VisualRules ctx={ctx} step={step} at={at} />
      <div className={styles.row}>
        <button
          type="button"
          ref={panel === 'add' ? opener : undefined}
          onClick={() => setPanel('add')}
        >
          Add a step after this one
        </button>
        <button
          type="button"
          ref={panel === 'template' ? opener : undefined}
          onClick={() => setPanel('template')}
        >
          Add a step from a template
        </button>
        <button type="button" onClick={() => ctx.change(duplicateStep(ctx.text, at))}>
          Copy this step
        </button>
        {canMove.earlier && (
          <button type="button" id={`${headingId}-earlier`} onClick={() => move('earlier')}>
            Ask earlier
          </button>
        )}
        {canMove.later && (
          <button type="button" id={`${headingId}-later`} onClick={() => move('later')}>
            Ask later
          </button>
        )}
        <button
          type="button"
          ref={panel === 'delete' ? opener : undefined}
          onClick={() => setPanel('delete')}
        >
          Delete this step…
        </button>
      </div>
      {panel === 'add' && (
        <form
          className={styles.panel}
          aria-label={`New step after “${title}”`}
          onSubmit={(e) => {
            e.preventDefault();
            if (!question.trim()) return;
            ctx.change(insertStepAfter(ctx.text, at, question.trim(), kind));
            setQuestion('');
            setPanel(null);
          }}
        >
          <LabelledInput
            label="New step’s question"
            autoFocus
            required
            value={question}
            onChange={setQuestion}
          />
          <Labelled label="New step’s kind">
            {(id) => (
              <select id={id} value={kind} onChange={(e) => setKind(e.target.value as StepKind)}>
                {KIND_OPTIONS}
              </select>
            )}
          </Labelled>
          <button type="submit">Add the step</button>
          <button type="button" onClick={close}>
            Cancel
          </button>
        </form>
      )}
      {panel === 'template' && (
        <VisualTemplatePanel
          ctx={ctx}
          step={step}
          at={at}
          title={title}
          onCancel={close}
          onAdded={(id) => {
            setPanel(null);
            // The new step's card, once drawn: its question is the first thing to word.
            requestAnimationFrame(() =>
              document
                .getElementById(`visual-step-${id}`)
                ?.closest('section')
                ?.querySelector('input')
                ?.focus(),
            );
          }}
        />
      )}
      {panel === 'delete' && (
        <form
          className={styles.panel}
          aria-label={`Delete “${title}”`}
          onSubmit={(e) => {
            e.preventDefault();
            ctx.change(deleteStep(ctx.text, at, target));
            setPanel(null);
            onDeleted();
          }}
        >
          {references.length === 0 ? (
            <p>Nothing points to this step.</p>
          ) : (
            <>
              <p>These point to this step or read its answer:</p>
              <ul>
                {references.map((r) => (
                  <li key={r.pointer}>
                    {r.what}
                    {r.kind === 'answer' ? ' (removed with the step)' : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
          {routes.length > 0 && (
            <Labelled label="Send those visitors instead to">
              {(id) => (
                <select
                  id={id}
                  autoFocus
                  value={target}
                  onChange={(e) => setReroute(e.target.value)}
                >
                  {others.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.label}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
          )}
          <button type="submit" autoFocus={routes.length === 0}>
            Delete the step
          </button>
          <button type="button" onClick={close}>
            Cancel
          </button>
        </form>
      )}
    </section>
  );
}
