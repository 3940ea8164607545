'use client';
/**
 * The flow studio's visual editor, beside the JSON editor (the expert view) and over the same
 * text: every change here is an edit of that text (visual-edits.ts), so the checks, the draft and
 * the JSON view see it at once, and Undo and Redo here are the JSON editor's own history (the
 * page keeps that editor mounted). The steps are cards in the order visitors meet them (the
 * engine's topologicalOrder of the flow as it last loaded), then the steps no visitor reaches.
 *
 * The page loads it with next/dynamic, as it loads the JSON editor: only the studio needs it.
 */
import { useMemo, useRef } from 'react';
import { topologicalOrder, type HubSpotForms, type ResolvedFlow } from '@/engine/client';
import { visualContext } from './visual-context';
import { VisualStepCard } from './visual-step-card';
import { readFlow } from './visual-text';
import styles from './visual-editor.module.css';

export interface VisualEditorProps {
  text: string;
  onChange: (text: string) => void;
  /** The flow as it last loaded: shared option lists and the visitors' order come from it. */
  flow?: ResolvedFlow;
  hubspotForms: HubSpotForms;
  /** The data of each shared option list, by id: the templates offer them. */
  optionLists?: Record<string, unknown>;
  onUndo: () => void;
  onRedo: () => void;
}

export function VisualEditor({
  text,
  onChange,
  flow,
  hubspotForms,
  optionLists,
  onUndo,
  onRedo,
}: VisualEditorProps) {
  const raw = useMemo(() => readFlow(text), [text]);
  const top = useRef<HTMLHeadingElement>(null);
  const ctx = useMemo(
    () => raw && visualContext({ text, change: onChange, raw, flow, hubspotForms, optionLists }),
    [raw, text, onChange, flow, hubspotForms, optionLists],
  );
  const order = useMemo(() => {
    if (!raw) return [];
    const reached = flow ? topologicalOrder(flow).order : [];
    const at = new Map(raw.steps.map((s, i) => [s.id, i]));
    const inOrder = reached.filter((id) => at.has(id));
    const rest = raw.steps.filter((s) => !inOrder.includes(s.id)).map((s) => s.id);
    return [
      ...inOrder.map((id) => ({ id, reached: true })),
      ...rest.map((id) => ({ id, reached: false })),
    ].map((s) => ({ ...s, at: at.get(s.id)! }));
  }, [raw, flow]);

  return (
    <div className={styles.visual} id="studio-visual-view">
      <h3 ref={top} tabIndex={-1} className={styles.heading}>
        Steps in the order visitors meet them
      </h3>
      <div className={styles.row}>
        <button type="button" onClick={onUndo}>
          Undo
        </button>
        <button type="button" onClick={onRedo}>
          Redo
        </button>
      </div>
      {!ctx ? (
        <p>The text is not a flow the visual editor can read: fix it in the JSON view.</p>
      ) : (
        <ol className={styles.cards}>
          {order.map((s, i) => (
            <li key={s.id}>
              <VisualStepCard
                ctx={ctx}
                step={ctx.raw.steps[s.at]!}
                at={s.at}
                place={s.reached ? i + 1 : undefined}
                onDeleted={() => top.current?.focus()}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
