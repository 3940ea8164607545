import { guessName } from './did-you-mean';
import { targetsOf } from './flow-walk';
import type { RawFlow, RawNext } from './raw-flow';
import type {
  Diagnostic,
  DiagnosticArgs,
  DiagnosticCode,
  NameFix,
  ResolvedFlow,
  ResolvedStep,
} from './types';

/** What a check tells of a problem besides its words: its code, their values, a quick fix. */
export interface About {
  code: DiagnosticCode;
  args?: DiagnosticArgs;
  fix?: NameFix;
  /** Where in the expression at the pointer the problem lies (Diagnostic.textOffset). */
  textOffset?: number;
}

export type Report = (pointer: string, message: string, hint: string, about: About) => void;

/** A Report that adds each problem to `diagnostics`, as a diagnostic of `file`. */
export function reportTo(file: string, diagnostics: Diagnostic[]): Report {
  return (pointer, message, hint, { code, args, fix, textOffset }) =>
    diagnostics.push({
      file,
      pointer,
      message,
      hint,
      code,
      ...(args && { args }),
      ...(fix && { fix }),
      ...(textOffset !== undefined && { textOffset }),
    });
}

/** What the semantic checks share: the flow in both shapes, the reporter, the lookups. */
export interface CheckContext {
  raw: RawFlow;
  flow: ResolvedFlow;
  report: Report;
  /** Step or ending id → JSON pointer of its `id`. */
  ids: Map<string, string>;
  /** Answer key → the step that sets it. */
  keyOwner: Map<string, { step: ResolvedStep; pointer: string }>;
  /** Step id → its index in `steps`. */
  stepIndex: Map<string, number>;
}

/** The JSON pointers of a step's transition targets, in `targetsOf` order. */
export function nextPointers(next: RawNext, stepPointer: string): string[] {
  if (typeof next === 'string') return [`${stepPointer}/next`];
  const out = next.branches.map((_, j) => `${stepPointer}/next/branches/${j}/to`);
  if (next.otherwise !== undefined) out.push(`${stepPointer}/next/otherwise`);
  return out;
}

/** Nodes reachable from `from` without passing through `avoid`. */
export function reachable(flow: ResolvedFlow, from: string, avoid?: string): Set<string> {
  const byId = new Map(flow.steps.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || id === avoid) continue;
    seen.add(id);
    const step = byId.get(id);
    if (step) stack.push(...targetsOf(step));
  }
  return seen;
}

/** Every answer key a check may name, for hints; the likely one first when `unknown` is a typo. */
export function knownKeys(ctx: CheckContext, unknown: string): { hint: string; fix?: NameFix } {
  const keys = [...ctx.keyOwner.keys()];
  const guess = guessName(unknown, keys);
  return { ...guess, hint: `${guess.hint}Use a step id or field name: ${keys.join(', ')}` };
}
