'use client';
/**
 * The studio for a shared option list (flows/options/<id>.json): the list's JSON in the same
 * editor, checked on every change as `npm run flows -- check` checks the file, the flows that use
 * it, a draft saved with Save, and Publish with a note. The server refuses a list that would break
 * a published flow (a value a branch tests, removed) and says which flow and why. Saves and
 * publishes name the text they started from, as the flow studio's do (use-flow-draft.ts): one
 * based on a text someone else changed since shows their change to merge, overwrite or take.
 */
import Link from 'next/link';
import { useMemo, useRef, useState } from 'react';
import { plainWords, type Diagnostic } from '@/engine/client';
import { checkOptionListText, quickFixes } from './check-flow-text';
import optionListSchema from '@/schemas/option-list.schema.json';
import { ConflictPanel } from './conflict-panel';
import type { FlowEditorHandle } from './flow-editor';
import { applyEdit, ProblemsList } from './problems-list';
import { LazyFlowEditor, PublishNote } from './studio-fields';
import { useFlowDraft, type PublishedText } from './use-flow-draft';
import styles from './studio-pages.module.css';

export interface OptionListStudioProps {
  listId: string;
  /** The newest published version; absent before the first publish. */
  published?: PublishedText;
  draft?: { source: string; savedAt: number; revision: number; baseVersion: number };
  usedBy: string[];
  csrf: string;
}

export function OptionListStudio(props: OptionListStudioProps) {
  const { listId, csrf } = props;
  const base = `/admin/flows/options/${encodeURIComponent(listId)}`;
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState<Diagnostic[]>([]);
  const editor = useRef<FlowEditorHandle | null>(null);
  const draft = useFlowDraft({
    url: base,
    csrf,
    published: props.published,
    draft: props.draft,
    autosave: false,
    onPublished(answer) {
      setNote('');
      setStatus(
        `Version ${answer.version} is published: the flows using it follow within a few seconds.`,
      );
    },
  });
  const { text, setText, conflict } = draft;
  const version = draft.published?.version;

  const checked = useMemo(() => checkOptionListText(listId, text), [listId, text]);
  const fixes = useMemo(() => quickFixes(text, checked.diagnostics), [text, checked.diagnostics]);

  async function save() {
    const saved = await draft.saveDraft(text);
    setStatus(saved.kind === 'failed' ? `Draft not saved: ${saved.message}` : 'Draft saved.');
  }

  async function publish() {
    setRefusal([]);
    const outcome = await draft.publish({ source: text, note });
    if (outcome.ok) return;
    if (outcome.diagnostics) {
      setRefusal(outcome.diagnostics);
      setStatus('Not published: see why below.');
    } else setStatus(`Not published${outcome.message ? `: ${outcome.message}` : ''}.`);
  }

  return (
    <div className={styles.studio}>
      <header className={styles.bar}>
        <h1>
          Edit the option list <code>{listId}</code>
        </h1>
        <p className={styles.state}>
          {version ? `Live: version ${version}. ` : 'Not published yet. '}
          Used by: {props.usedBy.length > 0 ? props.usedBy.join(', ') : 'no flow yet'}.
        </p>
        <p role="status">{status}</p>
      </header>
      {conflict && (
        <ConflictPanel
          conflict={conflict}
          mine={text}
          onMerge={draft.merge}
          onOverwrite={() => void draft.overwrite(text)}
          onTakeTheirs={draft.takeTheirs}
        />
      )}
      <section aria-labelledby="list-editor-title">
        <h2 id="list-editor-title">List text</h2>
        <LazyFlowEditor
          ref={editor}
          value={text}
          onChange={setText}
          diagnostics={checked.diagnostics}
          fixes={fixes}
          schema={optionListSchema}
          label={`The ${listId} option list as JSON`}
        />
        <ProblemsList
          diagnostics={checked.diagnostics}
          fixes={fixes}
          onReveal={(pointer) => editor.current?.revealPointer(pointer)}
          onFix={(edit) => setText(applyEdit(text, edit))}
        />
        {refusal.length > 0 && (
          <ul className={styles.problems} aria-label="Why it was not published">
            {refusal
              .map((d) => plainWords(d))
              .map((d, i) => (
                <li key={i} className={styles.error}>
                  {d.message}
                  {d.hint ? `. ${d.hint}` : ''}
                </li>
              ))}
          </ul>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void publish();
          }}
        >
          <PublishNote value={note} onChange={setNote} />
          <div className={styles.actions}>
            <button type="button" onClick={() => void save()}>
              Save draft
            </button>
            <button
              type="submit"
              className={styles.primary}
              disabled={checked.diagnostics.length > 0}
            >
              Publish
            </button>
            <Link href="/admin/flows">Back to the flows</Link>
          </div>
        </form>
      </section>
    </div>
  );
}
