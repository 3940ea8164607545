'use client';
/**
 * The studio for a shared option list (flows/options/<id>.json): the list's JSON in the same
 * editor, checked on every change as `npm run flows -- check` checks the file, the flows that use
 * it, a draft saved with Save, and Publish with a note. The server refuses a list that would break
 * a published flow (a value a branch tests, removed) and says which flow and why.
 */
import Link from 'next/link';
import { useMemo, useRef, useState } from 'react';
import type { Diagnostic } from '@/engine/client';
import { checkOptionListText, quickFixes } from './check-flow-text';
import optionListSchema from '@/schemas/option-list.schema.json';
import type { FlowEditorHandle } from './flow-editor';
import { applyEdit, ProblemsList } from './problems-list';
import { postStudioForm } from './studio-form';
import { LazyFlowEditor, PublishNote } from './studio-fields';
import styles from './studio-pages.module.css';

export interface OptionListStudioProps {
  listId: string;
  source: string;
  version?: number;
  usedBy: string[];
  csrf: string;
}

export function OptionListStudio(props: OptionListStudioProps) {
  const { listId, csrf } = props;
  const base = `/admin/flows/options/${encodeURIComponent(listId)}`;
  const [text, setText] = useState(props.source);
  const [version, setVersion] = useState(props.version);
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState<Diagnostic[]>([]);
  const editor = useRef<FlowEditorHandle | null>(null);

  const checked = useMemo(() => checkOptionListText(listId, text), [listId, text]);
  const fixes = useMemo(() => quickFixes(text, checked.diagnostics), [text, checked.diagnostics]);

  async function save() {
    try {
      await postStudioForm(`${base}/draft`, { source: text, csrf });
      setStatus('Draft saved.');
    } catch (error) {
      setStatus(`Draft not saved: ${(error as Error).message}`);
    }
  }

  async function publish() {
    setRefusal([]);
    try {
      const answer = (await postStudioForm(`${base}/publish`, { source: text, note, csrf })) as
        { version: number } | { diagnostics: Diagnostic[] };
      if ('diagnostics' in answer) {
        setRefusal(answer.diagnostics);
        setStatus('Not published: see why below.');
        return;
      }
      setVersion(answer.version);
      setNote('');
      setStatus(
        `Version ${answer.version} is published: the flows using it follow within a few seconds.`,
      );
    } catch (error) {
      setStatus(`Not published: ${(error as Error).message}`);
    }
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
            {refusal.map((d, i) => (
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
