/**
 * Where and how the editor marks each of the engine's diagnostics in the flow's text. It starts
 * where the engine placed it (its line and column: a property's name, or the value) and runs to
 * the end of what its pointer names, cut at the end of that line, so `"to": "servcie"` is
 * underlined whole but a step with a problem only on its first line. The words are a marketer's
 * (the engine's plainWords, not the CLI's), with where that is in the flow's own terms; a diagnostic of another check
 * than the flow's own (HubSpot's) carries its name as the mark's source.
 */
import { parseTree } from 'jsonc-parser';
import { isErrorDiagnostic, plainWords, pointerTarget, type Diagnostic } from '@/engine/client';

/** A diagnostic with the check that found it, when not the flow's own (the mark's `source`). */
export interface SourcedDiagnostic extends Diagnostic {
  source?: string;
}

export interface DiagnosticMark {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  message: string;
  source?: string;
  diagnostic: Diagnostic;
}

/** Offsets where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

export function diagnosticMarks(
  text: string,
  diagnostics: readonly SourcedDiagnostic[],
): DiagnosticMark[] {
  if (diagnostics.length === 0) return [];
  const starts = lineStarts(text);
  const root = parseTree(text);
  return diagnostics.map((d) => {
    // What the pointer names (a property, name and value, or an item); nothing for the whole file.
    const named = d.pointer ? pointerTarget(root, d.pointer) : undefined;
    const placed =
      d.line !== undefined && d.line <= starts.length
        ? starts[d.line - 1]! + (d.column ?? 1) - 1
        : (named?.offset ?? 0);
    const from = Math.min(placed, text.length);
    const end = named && named.offset === from ? named.offset + named.length : Infinity;
    const plain = plainWords(d);
    return {
      from,
      to: Math.min(end, lineEnd(text, from)),
      severity: isErrorDiagnostic(d) ? 'error' : 'warning',
      message: [plain.message, plain.hint, d.where && `In ${d.where}`].filter(Boolean).join('\n'),
      ...(d.source ? { source: d.source } : {}),
      diagnostic: d,
    };
  });
}
