'use client';
/**
 * The studio's problems under the editor, for flows and option lists alike: a count in a live
 * region (so a screen reader hears a new error as it is typed), then each problem as a button
 * that moves the editor to it, its message and hint in a marketer's words (the engine's
 * plainWords), and its quick fix when the engine knows the
 * name that was meant; a problem another check found (HubSpot's) is marked with its name.
 * Everything here works from the keyboard.
 */
import { isErrorDiagnostic, plainWords } from '@/engine/client';
import { plural } from '../flows/flow-words';
import type { QuickFixes, TextEdit } from './check-flow-text';
import type { SourcedDiagnostic } from './diagnostic-marks';
import styles from './studio-pages.module.css';

export interface ProblemsListProps {
  diagnostics: readonly SourcedDiagnostic[];
  /** The diagnostics' quick fixes in the text (quickFixes), as the editor has them. */
  fixes: QuickFixes;
  onReveal: (pointer: string) => void;
  onFix: (edit: TextEdit) => void;
}

export function ProblemsList({ diagnostics, fixes, onReveal, onFix }: ProblemsListProps) {
  const errors = diagnostics.filter(isErrorDiagnostic).length;
  const warnings = diagnostics.length - errors;
  return (
    <>
      <h2 id="studio-problems-title">Problems</h2>
      <p role="status" className={errors > 0 ? styles.problem : styles.fine}>
        {diagnostics.length === 0
          ? 'No problems: this text can be published.'
          : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}` +
            (errors > 0 ? ': fix the errors to publish.' : '.')}
      </p>
      {diagnostics.length > 0 && (
        <ul className={styles.problems} aria-labelledby="studio-problems-title">
          {diagnostics.map((d, i) => {
            const fix = fixes.get(d);
            const plain = plainWords(d);
            return (
              <li
                key={`${d.pointer}-${i}`}
                className={isErrorDiagnostic(d) ? styles.error : styles.warning}
              >
                <button type="button" onClick={() => onReveal(d.pointer)}>
                  {d.line !== undefined ? `Line ${d.line}: ` : ''}
                  {d.where ?? d.pointer}
                </button>{' '}
                <span>
                  {isErrorDiagnostic(d) ? 'Error' : 'Warning'}
                  {d.source ? ` (${d.source})` : ''}: {plain.message}
                  {plain.hint ? `. ${plain.hint}` : ''}
                </span>
                {fix && (
                  <button type="button" onClick={() => onFix(fix)}>
                    {fix.title ?? `Replace with “${fix.insert}”`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** `text` with `edit` applied. */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}
