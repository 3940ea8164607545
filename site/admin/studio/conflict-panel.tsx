'use client';
/**
 * What the studio shows when another member of staff saved, published or discarded the flow
 * since this editor's text was loaded (use-flow-draft.ts): who and when, what they changed from
 * the text both started from and what this person changed, each as a line diff, and the three
 * ways on. Merge is offered only when the two changes touch different lines (merge-texts.ts);
 * otherwise the panel says where both changed the same lines, and leaves Take theirs or
 * Overwrite. An alert dialog in the page, not modal: the editor stays usable, the text in it is
 * the person's until they choose. Focus moves to it when it appears.
 */
import { useEffect, useMemo, useRef } from 'react';
import { conflictHeadline } from './draft-conflict';
import { mergeTexts } from './merge-texts';
import { SourceDiffView } from './source-diff-view';
import type { PendingConflict } from './use-flow-draft';
import styles from './studio-pages.module.css';

export interface ConflictPanelProps {
  conflict: PendingConflict;
  /** The person's text, as it is in the editor now. */
  mine: string;
  onMerge: (merged: string) => void;
  onOverwrite: () => void;
  onTakeTheirs: () => void;
}

const notDone = {
  save: 'Your draft was not saved',
  publish: 'Nothing was published',
  discard: 'The draft was not discarded',
} as const;

const overwriteLabel = {
  save: 'Overwrite with mine',
  publish: 'Publish mine over theirs',
  discard: 'Discard anyway',
} as const;

export function ConflictPanel({ conflict, mine, ...props }: ConflictPanelProps) {
  const { head, op, base } = conflict;
  const panel = useRef<HTMLElement>(null);
  const merged = useMemo(() => mergeTexts(base, mine, head.source), [base, mine, head.source]);
  const who = head.author || 'Someone';

  // Once per conflict: a new answer (their text changed again) takes the focus again.
  useEffect(() => {
    panel.current?.focus();
  }, [conflict]);

  return (
    <section
      ref={panel}
      role="alertdialog"
      aria-labelledby="conflict-title"
      aria-describedby="conflict-what"
      tabIndex={-1}
      className={styles.conflict}
    >
      <h2 id="conflict-title">{conflictHeadline(head)}</h2>
      <p id="conflict-what">
        {notDone[op]}: your text was loaded before their change. It is still in the editor; choose
        how to go on.
      </p>
      <h3>What {who} changed</h3>
      <SourceDiffView
        before={base}
        after={head.source}
        label={`What ${who} changed`}
        empty="Nothing in the text: it is the one you started from."
      />
      {op !== 'discard' && (
        <>
          <h3>What you changed</h3>
          <SourceDiffView
            before={base}
            after={mine}
            label="What you changed"
            empty="Nothing yet: your text is the one you started from."
          />
        </>
      )}
      {op === 'discard' ? null : merged.ok ? (
        <p>Your changes and theirs are on different lines: merging keeps both.</p>
      ) : (
        <p className={styles.problem}>
          You both changed the same lines (
          {merged.conflicts
            .map((c) => `line ${c.mine} of your text, ${c.theirs} of theirs`)
            .join('; ')}
          ): a merge cannot keep both. Take theirs, or overwrite with yours.
        </p>
      )}
      <div className={styles.actions}>
        {op !== 'discard' && merged.ok && (
          <button
            type="button"
            className={styles.primary}
            onClick={() => props.onMerge(merged.text)}
          >
            {op === 'publish' ? 'Merge, then review the publish' : 'Merge both changes'}
          </button>
        )}
        <button type="button" onClick={props.onOverwrite}>
          {overwriteLabel[op]}
        </button>
        <button type="button" onClick={props.onTakeTheirs}>
          Take theirs
        </button>
      </div>
    </section>
  );
}
