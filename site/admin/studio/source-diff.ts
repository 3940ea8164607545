/**
 * Two versions' texts compared line by line (jsdiff's Myers diff), with the unchanged stretches
 * cut to a few lines of context around each change, as a code review shows them. Two identical
 * texts give no lines.
 */
import { diffLines } from 'diff';

export interface DiffLine {
  kind: 'added' | 'removed' | 'same' | 'skipped';
  text: string;
  /** Line numbers in the old and the new text (the side the line exists on). */
  before?: number;
  after?: number;
}

const CONTEXT = 3;

export function sourceDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let b = 1;
  let a = 1;
  for (const part of diffLines(before, after)) {
    const texts = part.value.replace(/\n$/, '').split('\n');
    for (const text of texts) {
      if (part.added) lines.push({ kind: 'added', text, after: a++ });
      else if (part.removed) lines.push({ kind: 'removed', text, before: b++ });
      else lines.push({ kind: 'same', text, before: b++, after: a++ });
    }
  }
  if (lines.every((line) => line.kind === 'same')) return [];
  const near = (i: number) =>
    lines
      .slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1)
      .some((line) => line.kind === 'added' || line.kind === 'removed');
  const out: DiffLine[] = [];
  lines.forEach((line, i) => {
    if (line.kind !== 'same' || near(i)) out.push(line);
    else if (out.at(-1)?.kind !== 'skipped') out.push({ kind: 'skipped', text: '…' });
  });
  return out;
}
