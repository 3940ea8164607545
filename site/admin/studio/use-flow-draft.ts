'use client';
/**
 * The flow studio's text and what the server holds of it: the draft saved a moment after typing
 * stops (and with Save), discarded, or published; each request names the base the text started
 * from (the published version and the draft revision last loaded or written), and one request
 * runs at a time, so a tab never refuses its own save.
 *
 * When another member of staff saved, published or discarded since, the server refuses with a
 * conflict (draft-conflict.ts): autosaving stops and `conflict` holds their text until the person
 * chooses. `merge` puts the three-way merge in the editor and saves it (or, for a publish, opens
 * the publish dialog again to review it), `overwrite` repeats the request with their revision as
 * the base, `takeTheirs` loads their text. The person's own text stays in the editor until then,
 * and the editor's undo brings it back after.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Diagnostic } from '@/engine/client';
import type { DraftBase, DraftOp } from '@/site/server/flows/draft-revision';
import { conflictHeadline, conflictOf, type DraftConflict } from './draft-conflict';
import {
  BASE_REVISION_FIELD,
  BASE_VERSION_FIELD,
  postStudioForm,
  StudioRefusal,
} from './studio-form';

/** How long typing must pause before the draft is saved. */
const AUTOSAVE_MS = 1500;

/**
 * What the last request about the draft did. Whether the text is saved is not kept here: it is
 * the text compared with the last text the server took (`savedText`).
 */
export type SaveStatus =
  | { kind: 'idle'; at: number }
  | { kind: 'saving' }
  | { kind: 'failed'; message: string }
  /** The text was published as `version` at `at`: no draft is left. */
  | { kind: 'published'; version: number; at: number };

export interface PublishedText {
  source: string;
  version: number;
}

export interface Published {
  version: number;
  source: string;
  warnings: Diagnostic[];
}

/** A refused request, with what it was (a publish's form, to send again) and the base it had. */
export interface PendingConflict {
  op: DraftOp;
  head: DraftConflict;
  /** The text the editor started from: the common base of their text and the person's. */
  base: string;
  /** A publish's form (note, confirmation), sent again by `overwrite`. */
  form?: Record<string, string>;
}

export type PublishOutcome =
  { ok: true; published: Published } | { ok: false; message?: string; diagnostics?: Diagnostic[] };

export interface FlowDraftOptions {
  /** `/admin/flows/{id}`: the actions are under it. */
  url: string;
  csrf: string;
  published?: PublishedText;
  draft?: { source: string; savedAt: number; revision: number; baseVersion: number };
  /** A publish went through (from the dialog, or as an overwrite). */
  onPublished: (published: Published) => void;
  /** A merge made for a refused publish is in the editor: show the publish dialog again. */
  onReviewPublish?: () => void;
  /** Save the draft a moment after typing stops (the flow studio); else only when asked. */
  autosave?: boolean;
}

export function useFlowDraft(options: FlowDraftOptions) {
  const { url, csrf } = options;
  const initialText = options.draft?.source ?? options.published?.source ?? '';
  const [text, setText] = useState(initialText);
  // The last text the server holds (the draft, or the published text when there is none); the
  // ref at once, for a request that answers before the page renders again.
  const [savedText, setSavedState] = useState(initialText);
  const saved = useRef(initialText);
  const setSavedText = useCallback((source: string) => {
    saved.current = source;
    setSavedState(source);
  }, []);
  const [published, setPublished] = useState(options.published);
  const [save, setSave] = useState<SaveStatus>({ kind: 'idle', at: options.draft?.savedAt ?? 0 });
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const base = useRef<DraftBase>(
    options.draft
      ? { version: options.draft.baseVersion, revision: options.draft.revision }
      : { version: options.published?.version ?? 0, revision: 0 },
  );
  // The page's latest callbacks, for requests that answer after it rendered again.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // One request at a time: each waits for the one before, and sends the base it left; with none
  // under way it is sent at once.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const running = useRef(0);
  const serial = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const run = () => work().finally(() => running.current--);
    const next = running.current++ === 0 ? run() : queue.current.then(run, run);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const baseFields = useCallback(
    () => ({
      csrf,
      [BASE_VERSION_FIELD]: String(base.current.version),
      [BASE_REVISION_FIELD]: String(base.current.revision),
    }),
    [csrf],
  );

  /** A refusal that is a conflict opens the panel (and answers true). */
  const conflicted = useCallback(
    (error: unknown, op: DraftOp, form?: Record<string, string>): boolean => {
      const head =
        error instanceof StudioRefusal && error.status === 409 ? conflictOf(error.body) : undefined;
      if (!head) return false;
      setConflict({ op, head, base: saved.current, form });
      if (op === 'save') setSave({ kind: 'failed', message: conflictHeadline(head) });
      return true;
    },
    [],
  );

  /**
   * Saves `source` as the draft; text typed meanwhile stays unsaved (it is not `source`).
   * Resolves with the status it left.
   */
  const saveDraft = useCallback(
    (source: string) =>
      serial(async (): Promise<SaveStatus> => {
        setSave({ kind: 'saving' });
        let status: SaveStatus;
        try {
          const answer = (await postStudioForm(`${url}/draft`, { ...baseFields(), source })) as {
            savedAt: number;
            revision: number;
            baseVersion: number;
          };
          base.current = { version: answer.baseVersion, revision: answer.revision };
          setSavedText(source);
          status = { kind: 'idle', at: answer.savedAt };
        } catch (error) {
          const message = (error as Error).message;
          status = { kind: 'failed', message };
          if (conflicted(error, 'save')) return status;
        }
        setSave(status);
        return status;
      }),
    [url, serial, baseFields, conflicted, setSavedText],
  );

  // Saves the draft a moment after typing stops; not while a conflict waits for a choice.
  const autosave = options.autosave ?? true;
  useEffect(() => {
    if (!autosave || text === savedText || conflict) return;
    const timer = setTimeout(() => void saveDraft(text), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [autosave, text, savedText, conflict, saveDraft]);

  // Leaving with a draft not yet saved asks first.
  const dirty = text !== savedText;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Back to the published version: the draft the editor knows is dropped. */
  const discard = () =>
    serial(async () => {
      try {
        const answer = (await postStudioForm(`${url}/draft/discard`, baseFields())) as {
          version: number;
          source: string;
        };
        base.current = { version: answer.version, revision: 0 };
        if (answer.version > 0) setPublished({ source: answer.source, version: answer.version });
        setSavedText(answer.source);
        setText(answer.source);
        setSave({ kind: 'idle', at: 0 });
      } catch (error) {
        if (!conflicted(error, 'discard'))
          setSave({ kind: 'failed', message: (error as Error).message });
      }
    });

  /** Publishes `form.source` (with the note and the confirmation the form carries). */
  const publish = (form: Record<string, string>) =>
    serial(async (): Promise<PublishOutcome> => {
      try {
        const answer = (await postStudioForm(`${url}/publish`, { ...form, ...baseFields() })) as
          Published | { diagnostics: Diagnostic[] };
        if ('diagnostics' in answer) return { ok: false, diagnostics: answer.diagnostics };
        // The text as the server stored it: its `version` is the new number.
        base.current = { version: answer.version, revision: 0 };
        setPublished({ source: answer.source, version: answer.version });
        setSavedText(answer.source);
        setText(answer.source);
        setSave({ kind: 'published', version: answer.version, at: Date.now() });
        latest.current.onPublished(answer);
        return { ok: true, published: answer };
      } catch (error) {
        if (conflicted(error, 'publish', form)) return { ok: false };
        return { ok: false, message: (error as Error).message };
      }
    });

  /** Their text is what the server holds now: the editor continues from it. */
  function adopt(pending: PendingConflict) {
    const { head } = pending;
    base.current = { version: head.version, revision: head.revision };
    if (head.kind !== 'draft' && head.version > 0)
      setPublished({ source: head.source, version: head.version });
    else if (head.live) setPublished(head.live);
    setSavedText(head.source);
    // Their draft, saved then; or no draft: the published text.
    setSave({ kind: 'idle', at: head.kind === 'draft' ? (head.savedAt ?? 0) : 0 });
    setConflict(null);
  }

  return {
    text,
    setText,
    savedText,
    dirty,
    published,
    save,
    conflict,
    saveDraft,
    discard,
    publish,
    takeTheirs: () => {
      if (!conflict) return;
      adopt(conflict);
      setText(conflict.head.source);
    },
    /** `merged`: the three-way merge of base → theirs and base → the person's text. */
    merge: (merged: string) => {
      if (!conflict) return;
      adopt(conflict);
      setText(merged);
      if (merged !== conflict.head.source) void saveDraft(merged);
      if (conflict.op === 'publish') latest.current.onReviewPublish?.();
    },
    /**
     * The person's request again, from their revision: the person's text wins. A publish answers
     * how it went (the dialog shows a refusal).
     */
    overwrite: async (mine: string): Promise<PublishOutcome | undefined> => {
      if (!conflict) return undefined;
      adopt(conflict);
      if (conflict.op === 'save') await saveDraft(mine);
      else if (conflict.op === 'discard') await discard();
      else return publish({ ...conflict.form, source: mine });
      return undefined;
    },
  };
}
