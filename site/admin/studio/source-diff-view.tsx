/**
 * Two texts' line diff (source-diff.ts) as the studio shows it: `+` and `-` before each added
 * and removed line, a few lines of context, `…` for what is cut. The versions page and the
 * conflict panel show it alike; with no change, `empty`.
 */
import { sourceDiff } from './source-diff';
import styles from './studio-pages.module.css';

export function SourceDiffView(props: {
  before: string;
  after: string;
  /** The diff's accessible name. */
  label: string;
  empty: string;
}) {
  const lines = sourceDiff(props.before, props.after);
  if (lines.length === 0) return <p>{props.empty}</p>;
  return (
    <pre className={styles.diff} aria-label={props.label} tabIndex={0}>
      {lines.map((line, i) => (
        <span key={i} className={styles[line.kind]}>
          {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
          {line.text}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
