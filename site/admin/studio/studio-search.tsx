'use client';
/**
 * The studio's search across the flow (flow-search.ts), for both views: the results say where
 * each match is, in words; choosing one in the visual view scrolls to its step's card and focuses
 * the control that edits it, and in the JSON view selects the matched words in the editor and
 * scrolls them into view (the editor keeps only the lines on screen in the page, so the browser's
 * own find cannot reach the rest). A match no card shows (an ending) opens the JSON view. The
 * number of results is announced. Ctrl+Shift+F (Cmd+Shift+F) reaches the box from anywhere in
 * the studio: the browsers keep Ctrl+F, and CodeMirror its own.
 */
import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { plural } from '../flows/flow-words';
import type { FlowEditorHandle } from './flow-editor';
import { searchFlow, type SearchHit } from './flow-search';
import styles from './studio-search.module.css';

/** The results listed at once: the count says how many there are in all. */
const SHOWN = 50;

export interface StudioSearchProps {
  text: string;
  view: 'visual' | 'json';
  editor: RefObject<FlowEditorHandle | null>;
  /** Shows the JSON view (a match outside every card is shown there). */
  onShowJson: () => void;
}

/** The control of a card whose label (or button) reads `words`. */
function controlIn(card: Element, words: string | undefined): HTMLElement | null {
  if (words) {
    for (const label of card.querySelectorAll('label'))
      if (label.textContent?.trim() === words && label.htmlFor)
        return document.getElementById(label.htmlFor);
    for (const button of card.querySelectorAll('button'))
      if (button.textContent?.trim() === words) return button;
  }
  return card.querySelector<HTMLElement>('input, select, textarea, button');
}

export function StudioSearch({ text, view, editor, onShowJson }: StudioSearchProps) {
  const [query, setQuery] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const id = useId();
  const searched = useDeferredValue(query);
  const hits = useMemo(() => searchFlow(text, searched), [text, searched]);

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || !event.shiftKey || event.key.toLowerCase() !== 'f')
        return;
      event.preventDefault();
      box.current?.focus();
      box.current?.select();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function select(hit: SearchHit) {
    editor.current?.selectRange(hit.from, hit.to);
  }

  function choose(hit: SearchHit) {
    if (view === 'json') return select(hit);
    const card = hit.stepId
      ? document.getElementById(`visual-step-${hit.stepId}`)?.closest('section')
      : undefined;
    if (!card) {
      // A hidden editor cannot take the focus: the JSON view is shown first.
      onShowJson();
      requestAnimationFrame(() => select(hit));
      return;
    }
    const control = controlIn(card, hit.control);
    control?.scrollIntoView?.({ block: 'center' });
    control?.focus();
  }

  const words = searched.trim();
  return (
    <div role="search" className={styles.search} aria-label="Search the flow">
      <label htmlFor={id}>Search the flow</label>{' '}
      <input
        ref={box}
        id={id}
        type="search"
        value={query}
        aria-keyshortcuts="Control+Shift+F Meta+Shift+F"
        aria-describedby={`${id}-hint`}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && hits[0]) {
            e.preventDefault();
            choose(hits[0]);
          }
        }}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        Questions, help texts, options, ids and HubSpot fields. Ctrl+Shift+F (Cmd+Shift+F on a Mac)
        comes back here.
      </span>
      <p role="status" className={styles.count}>
        {!words
          ? ''
          : hits.length === 0
            ? `Nothing in the flow matches “${words}”.`
            : `${plural(hits.length, 'result')} for “${words}”${hits.length > SHOWN ? `: the first ${SHOWN} are listed` : ''}.`}
      </p>
      {hits.length > 0 && (
        <ul className={styles.results} aria-label="Search results">
          {hits.slice(0, SHOWN).map((hit) => (
            <li key={`${hit.from}-${hit.to}`}>
              <button type="button" onClick={() => choose(hit)}>
                {hit.where}
                {view === 'visual' && !hit.stepId ? ' (in the JSON view)' : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
