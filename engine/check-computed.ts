import { knownKeys, reachable, type CheckContext } from './check-context';
import { guessName } from './did-you-mean';
import { dominators, pathAvoiding } from './dominators';
import type { Expr } from './expression';
import {
  ANY,
  readExpression,
  typeWords,
  type ExprType,
  type ExprProblem,
} from './expression-types';
import type { ShownUse } from './check-ending-texts';
import { exprConditions, flowConditions } from './resolve-computed';
import { answerKeysOf } from './flow-walk';
import type { ResolvedComputedValue, ResolvedFlow, ResolvedStep } from './types';

/** A JSON pointer segment for a name (RFC 6901). */
const segment = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** A name an expression reads, where, and whether an unknown value there is said for. */
interface NameRead {
  name: string;
  reads: Extract<Expr, { k: 'name' }>['reads'];
  at: number;
  /** Inside default(…)'s first value: an unasked answer is said for. */
  guarded: boolean;
  /** Inside points(…): an unasked answer scores 0, which is wrong only where it can never be asked. */
  scored: boolean;
}

function namesRead(expr: Expr): NameRead[] {
  const out: NameRead[] = [];
  const visit = (e: Expr, guarded: boolean, scored: boolean) => {
    if (e.k === 'name') out.push({ name: e.name, reads: e.reads, at: e.at, guarded, scored });
    else if (e.k === 'call')
      e.args.forEach((a, i) =>
        visit(a, guarded || (e.fn === 'default' && i === 0), scored || e.fn === 'points'),
      );
    else if (e.k === 'neg' || e.k === 'not') visit(e.arg, guarded, scored);
    else if (e.k === 'bin') [e.left, e.right].forEach((x) => visit(x, guarded, scored));
    else if (e.k === 'if') [e.cond, e.then, e.else].forEach((x) => visit(x, guarded, scored));
  };
  visit(expr, false, false);
  return out;
}

/** An answer an expression needs given, and the computed value it is read through, if any. */
interface Need {
  answer: string;
  at: number;
  via?: string;
  /** Read inside points(…): needed only somewhere before the use, not on every path. */
  scored?: boolean;
}

/**
 * How the flow's expressions read names: the type of each answer (a number field's range, a
 * choice's values), hidden value and computed value (each read once; one in a cycle reads as
 * anything). Shared by the checks of computed values and the HubSpot check of what they send.
 */
function typeReader(flow: ResolvedFlow, keyOwner: ReadonlyMap<string, { step: ResolvedStep }>) {
  const definitions: Record<string, ResolvedComputedValue> = flow.computed ?? {};
  const hidden = new Set(flow.hidden.map((h) => h.name));
  const allNames = () => [...Object.keys(definitions), ...keyOwner.keys(), ...hidden];
  const options = (name: string) => {
    const step = keyOwner.get(name)?.step;
    if (!step) return undefined;
    if (step.kind === 'choice')
      return { values: step.options.map((o) => o.value), multiple: step.multiple };
    const field = step.fields.find((f) => f.name === name);
    return field?.options
      ? { values: field.options.map((o) => o.value), multiple: field.type === 'multiselect' }
      : undefined;
  };
  const answerType = (name: string): ExprType | undefined => {
    const step = keyOwner.get(name)?.step;
    if (!step) return undefined;
    const field = step.kind === 'choice' ? undefined : step.fields.find((f) => f.name === name);
    if (field?.type === 'number')
      return { t: 'number', lo: field.min ?? -Infinity, hi: field.max ?? Infinity };
    if (field?.type === 'consent') return { t: 'boolean' };
    const listed = options(name);
    if (!listed) return { t: 'text' };
    return { t: listed.multiple ? 'list' : 'text', values: listed.values };
  };

  // Each computed value is read once, with its own tables; a value in a cycle reads as ANY
  // (the cycle is reported once below).
  const types = new Map<string, ExprType>();
  const busy = new Set<string>();
  const env = {
    typeOf: (name: string): ExprType | undefined => {
      if (name in definitions) return typeOfComputed(name);
      return answerType(name) ?? (hidden.has(name) ? { t: 'text' } : undefined);
    },
    optionsOf: options,
    names: allNames,
  };
  const problemsOf = new Map<string, ExprProblem[]>();
  function typeOfComputed(name: string): ExprType {
    const known = types.get(name);
    if (known) return known;
    const definition = definitions[name];
    if (!definition || busy.has(name)) return ANY;
    busy.add(name);
    const { type, problems } = readExpression(definition.expr, definition.ast, env, definition);
    busy.delete(name);
    types.set(name, type);
    problemsOf.set(name, problems);
    return type;
  }
  return { env, options, typeOfComputed, problemsOf };
}

/**
 * The type of computed value `name` of `flow` (a number with its range, a text with the values it
 * can be), as the checks read it: what a HubSpot field receiving it must take.
 */
export function computedType(flow: ResolvedFlow, name: string): ExprType {
  let reader = readers.get(flow);
  if (!reader) {
    const keyOwner = new Map(
      flow.steps.flatMap((step) => answerKeysOf(step).map((key) => [key, { step }] as const)),
    );
    reader = typeReader(flow, keyOwner);
    readers.set(flow, reader);
  }
  return reader.typeOfComputed(name);
}

/** One type reader per resolved flow (a check asks for each submission field that sends one). */
const readers = new WeakMap<ResolvedFlow, ReturnType<typeof typeReader>>();

/**
 * Computed values and `{expr}` conditions (README "Computed values"): names that no answer,
 * hidden value or computed value has ("Did you mean …?", with the corrected expression as the
 * quick fix), a computed value named like an answer, cycles between computed values, type
 * errors, texts a value can never be, tables a function lacks, divisions by a value that can be
 * zero, conditions reading hidden values (a path must follow from the answers alone), steps
 * branching on an expression without an `otherwise`, and, on a sound graph, an answer a use
 * reads outside points(…)/default(…) that some path to the use never asks (the dominator tree,
 * as for submissions: no path is listed).
 */
export function checkComputed(
  ctx: CheckContext,
  fromStart: Set<string>,
  graphBroken: boolean,
  shown: readonly ShownUse[] = [],
): void {
  const { raw, flow, report, keyOwner } = ctx;
  const definitions: Record<string, ResolvedComputedValue> = flow.computed ?? {};
  const hidden = new Set(flow.hidden.map((h) => h.name));

  for (const name of Object.keys(raw.computed ?? {})) {
    if (!keyOwner.has(name) && !hidden.has(name)) continue;
    report(
      `/computed/${segment(name)}`,
      `Computed value "${name}" has the name of ${keyOwner.has(name) ? 'an answer' : 'a hidden value'}`,
      'Give it a name of its own: an expression could not tell them apart',
      { code: 'computed.name-taken', args: { name } },
    );
  }

  const { env, options, typeOfComputed, problemsOf } = typeReader(flow, keyOwner);

  const reportProblems = (pointer: string, about: string, problems: ExprProblem[]) => {
    for (const p of problems)
      report(pointer, `${about}: ${p.message}`, p.hint, {
        code: p.code,
        args: p.args,
        textOffset: p.at,
        ...(p.fix && { fix: p.fix }),
      });
  };

  for (const name of Object.keys(definitions)) {
    typeOfComputed(name);
    reportProblems(
      `/computed/${segment(name)}/expr`,
      `Computed value "${name}"`,
      problemsOf.get(name) ?? [],
    );
    checkTables(name);
  }
  checkCycles();

  function checkTables(name: string) {
    const points = definitions[name]?.points ?? {};
    for (const [answer, table] of Object.entries(points)) {
      const at = `/computed/${segment(name)}/points/${segment(answer)}`;
      const listed = options(answer);
      if (!listed) {
        const known = knownKeys(ctx, answer);
        report(
          at,
          `Computed value "${name}" scores "${answer}", which is no answer with options`,
          known.hint,
          {
            code: 'computed.unknown-name',
            args: { name: answer, ...(known.fix && { suggestion: known.fix.with }) },
            ...(known.fix && { fix: known.fix }),
          },
        );
        continue;
      }
      for (const value of Object.keys(table)) {
        if (listed.values.includes(value)) continue;
        const guess = guessName(value, listed.values);
        report(
          `${at}/${segment(value)}`,
          `Computed value "${name}" scores "${value}", which is not an option of "${answer}"`,
          `${guess.hint}Use one of: ${listed.values.join(', ')}`,
          {
            code: 'computed.not-an-option',
            args: { value, name: answer, allowed: listed.values },
            ...(guess.fix && { fix: guess.fix }),
          },
        );
      }
    }
  }

  function checkCycles() {
    const state = new Map<string, 'open' | 'done'>();
    const stack: { name: string; at: number }[] = [];
    const visit = (name: string) => {
      state.set(name, 'open');
      for (const read of namesRead(definitions[name]!.ast)) {
        if (read.reads !== 'computed' || !(read.name in definitions)) continue;
        stack.push({ name, at: read.at });
        if (state.get(read.name) === 'open') {
          const from = stack.findIndex((s) => s.name === read.name);
          const cycle = stack.slice(from);
          const names = [...cycle.map((c) => c.name), read.name];
          report(
            `/computed/${segment(read.name)}/expr`,
            `Computed values read each other in a circle: ${names.join(' → ')}`,
            'Compute one of them from answers only',
            { code: 'computed.cycle', args: { names }, textOffset: cycle[0]!.at },
          );
        } else if (!state.has(read.name)) visit(read.name);
        stack.pop();
      }
      state.set(name, 'done');
    };
    for (const name of Object.keys(definitions)) if (!state.has(name)) visit(name);
  }

  /** The answers an expression needs given (outside points and default), through computed values too. */
  const needsMemo = new Map<string, Need[]>();
  const needsOf = (expr: Expr, via?: string, seen = new Set<string>()): Need[] =>
    namesRead(expr).flatMap((r): Need[] => {
      if (r.guarded) return [];
      if (r.reads === 'answer' || r.reads === 'number')
        return [
          { answer: r.name, at: r.at, ...(via && { via }), ...(r.scored && { scored: true }) },
        ];
      if (r.reads !== 'computed' || seen.has(r.name) || !definitions[r.name]) return [];
      const memo = needsMemo.get(r.name);
      if (memo && !via)
        return memo.map((n) => ({ ...n, at: r.at, ...(r.scored && { scored: true }) }));
      seen.add(r.name);
      const found = needsOf(definitions[r.name]!.ast, via ?? r.name, seen).map((n) => ({
        ...n,
        at: r.at,
        ...(r.scored && { scored: true }),
      }));
      if (!via) needsMemo.set(r.name, found);
      return found;
    });
  /**
   * The first hidden value `expr` reads, directly or through computed values; `unguardedOnly`:
   * only one read outside default(…), the reads that can leave the value unknown.
   */
  const readsHidden = (
    expr: Expr,
    unguardedOnly = false,
    seen = new Set<string>(),
  ): string | undefined => {
    for (const r of namesRead(expr)) {
      if (unguardedOnly && r.guarded) continue;
      if (r.reads === 'hidden') return r.name;
      if (r.reads !== 'computed' || seen.has(r.name) || !definitions[r.name]) continue;
      seen.add(r.name);
      const found = readsHidden(definitions[r.name]!.ast, unguardedOnly, seen);
      if (found) return found;
    }
    return undefined;
  };

  const tree = graphBroken ? undefined : dominators(flow);
  /** The steps some path reaches from `from` (memoised). */
  const after = new Map<string, Set<string>>();
  const later = (from: string): Set<string> => {
    if (!after.has(from)) after.set(from, reachable(flow, from));
    return after.get(from)!;
  };
  /**
   * The answers of `needs` some path to `site` does not ask before it (at it, when `own`). An
   * answer read inside points(…) counts 0 when unasked, so it is missing only where no path
   * asks it before the site: a score read before its answers can ever be given.
   */
  const unasked = (needs: Need[], site: string, own: string | undefined) =>
    needs.filter((n) => {
      const owner = keyOwner.get(n.answer)?.step.id;
      if (!owner || !tree || owner === own) return false;
      if (n.scored) return owner === site || !later(owner).has(site);
      return owner === site || !tree.dominates(owner, site);
    });
  const reportUnasked = (
    pointer: string,
    missing: Need[],
    site: string,
    what: string,
    inText: boolean,
    onEnding = false,
  ) => {
    const first = missing[0]!;
    const owner = keyOwner.get(first.answer)!.step.id;
    const steps = [...(pathAvoiding(flow, site, owner) ?? []), site];
    const answers = [...new Set(missing.map((m) => m.answer))];
    const through = first.via ? ` (through computed value "${first.via}")` : '';
    report(
      pointer,
      `${what} reads answer${answers.length > 1 ? 's' : ''} "${answers.join('", "')}"${through}, but the path ${steps.join(' → ')} does not ask ${answers.length > 1 ? 'them' : 'it'} before`,
      onEnding
        ? 'Say what the ending shows when it is unknown, {name|words shown instead}, or ask it on every path'
        : first.scored
          ? 'No path asks it before, so points(…) would always count it 0: ask it earlier, or use the value after it is asked'
          : 'Read it inside points(…) or default(…, otherwise), which say what an unasked answer counts as, or ask it on every path',
      {
        code: onEnding ? 'ending.value-not-asked' : 'computed.not-asked',
        args: { answers, path: steps, ...(first.via && { via: first.via }) },
        ...(inText && { textOffset: first.at }),
      },
    );
  };

  // {expr} conditions: a yes/no, read from answers only, asked before the step.
  const withExprBranch = new Set<ResolvedStep>();
  for (const site of flowConditions(flow.steps)) {
    for (const { condition, pointer } of exprConditions(site.condition, site.pointer)) {
      if (!condition.ast) continue;
      if (!site.field) withExprBranch.add(site.step);
      const at = `${pointer}/expr`;
      const about = site.field
        ? `The condition of field "${site.field.name}"`
        : `A branch of step "${site.step.id}"`;
      const { type, problems } = readExpression(condition.expr, condition.ast, env);
      reportProblems(at, about, problems);
      if (type.t !== 'boolean' && type.t !== 'any')
        report(
          at,
          `${about}: the expression gives ${typeWords(type)}, not a yes/no`,
          'Compare it: score < 30, band == "early"',
          {
            code: 'computed.type',
            args: { expected: 'a yes/no', found: typeWords(type), value: condition.expr },
          },
        );
      const secret = readsHidden(condition.ast);
      if (secret) {
        report(
          at,
          `${about} reads hidden value "${secret}"`,
          'Branch on answers: a path must follow from what the visitor answered',
          {
            code: 'computed.hidden-in-condition',
            args: { name: secret },
          },
        );
        continue;
      }
      const missing = unasked(
        needsOf(condition.ast),
        site.step.id,
        site.field ? undefined : site.step.id,
      );
      if (missing.length > 0) reportUnasked(at, missing, site.step.id, about, true);
    }
  }
  for (const step of withExprBranch) {
    if (step.next.otherwise !== undefined) continue;
    report(
      `/steps/${ctx.stepIndex.get(step.id)}/next`,
      `Step "${step.id}" branches on an expression and has no "otherwise"`,
      'Add an "otherwise": no check can list every value an expression takes',
      { code: 'computed.needs-otherwise', args: { step: step.id } },
    );
  }

  // Submissions sending a computed value: a known name, whose answers every submitting path asks.
  const submitting = flow.endings.filter((e) => e.submits && fromStart.has(e.id)).map((e) => e.id);
  raw.submissions.forEach((sub, s) =>
    sub.fields.forEach((f, j) => {
      if (!('computed' in f.value)) return;
      const name = f.value.computed;
      const at = `/submissions/${s}/fields/${j}/value/computed`;
      const definition = definitions[name];
      if (!definition) {
        const guess = guessName(name, Object.keys(definitions));
        report(
          at,
          `Unknown computed value "${name}"`,
          `${guess.hint}Computed values: ${Object.keys(definitions).join(', ') || 'none'}`,
          {
            code: 'computed.unknown-name',
            args: { name, ...(guess.fix && { suggestion: guess.fix.with }) },
            ...(guess.fix && { fix: guess.fix }),
          },
        );
        return;
      }
      const needs = needsOf(definition.ast);
      for (const ending of submitting) {
        const missing = unasked(needs, ending, undefined);
        if (missing.length === 0) continue;
        reportUnasked(
          at,
          missing,
          ending,
          `Form "${sub.formKey}" sends computed value "${name}", which`,
          false,
        );
        break;
      }
    }),
  );
  // Endings showing a computed value with no fallback: known on every path that reaches them.
  for (const use of shown) {
    const definition = definitions[use.name];
    if (use.hasFallback || !definition || !fromStart.has(use.ending)) continue;
    const what = `Ending "${use.ending}" shows computed value "${use.name}", which`;
    const secret = readsHidden(definition.ast, true);
    if (secret) {
      report(
        use.pointer,
        `${what} reads hidden value "${secret}": a visit that does not bring it shows nothing`,
        `Say what the ending shows when it is unknown: {${use.name}|words shown instead}`,
        {
          code: 'ending.value-hidden',
          args: { ending: use.ending, name: use.name, hidden: secret },
          textOffset: use.at,
        },
      );
      continue;
    }
    const missing = unasked(needsOf(definition.ast), use.ending, undefined);
    if (missing.length > 0)
      reportUnasked(
        use.pointer,
        missing.map((m) => ({ ...m, at: use.at })),
        use.ending,
        what,
        true,
        true,
      );
  }
}
