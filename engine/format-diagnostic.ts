import type { Diagnostic } from './types';

/** Whether a diagnostic is an error (it stops the flow loading and publishing): not a warning. */
export function isErrorDiagnostic(d: Diagnostic): boolean {
  return d.severity !== 'warning';
}

/**
 * A diagnostic as a terminal prints it: `path:line:col: message (hint)` first, which editors and
 * terminals turn into a link to the spot, then where that is in the flow's own words, the JSON
 * pointer, and the source line with a caret. Without a position (a flow given as data), the
 * pointer takes the line and column's place.
 */
export function formatDiagnostic(d: Diagnostic, path: string = d.file): string {
  const at = d.line === undefined ? `${path}:${d.pointer || '/'}` : `${path}:${d.line}:${d.column}`;
  const level = d.severity === 'warning' ? 'warning: ' : '';
  const lines = [`${at}: ${level}${d.message} (${d.hint})`];
  if (d.line !== undefined && d.pointer) lines.push(`  in ${d.where ?? d.pointer} (${d.pointer})`);
  if (d.excerpt) lines.push(...d.excerpt.split('\n').map((l) => `  ${l}`));
  return lines.join('\n');
}
