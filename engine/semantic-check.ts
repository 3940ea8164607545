import { checkBooking } from './check-booking';
import { checkComputed } from './check-computed';
import { checkConditions } from './check-conditions';
import { checkEndingTexts } from './check-ending-texts';
import { reachable, reportTo, type CheckContext } from './check-context';
import { checkGraph } from './check-graph';
import { checkNumberFields } from './check-number-fields';
import { checkConsentFields, checkHiddenFields } from './check-hidden-consent';
import { checkProgress } from './check-progress';
import { checkReferences } from './check-references';
import { checkSaveProgress } from './save-progress';
import { checkSubmissions } from './check-submissions';
import { stepsWithoutWayOut } from './check-way-out';
import type { RawFlow } from './raw-flow';
import type { Answers, Diagnostic, ResolvedFlow } from './types';

/**
 * Checks that need more than the JSON Schema: references, reachability, cycles, conditions that
 * read answers not yet given, steps with no way out, submissions that send answers a path never
 * collects. Every problem becomes a diagnostic with the JSON pointer of the offending value.
 * Each check is polynomial in steps and transitions: none of them enumerates paths.
 */
export function semanticCheck(
  raw: RawFlow,
  flow: ResolvedFlow,
  file: string,
  /** The flow as its file holds it, before `{brand}` is put in: where ending texts are placed. */
  written: RawFlow = raw,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const ctx: CheckContext = {
    raw,
    flow,
    report: reportTo(file, diagnostics),
    ids: new Map(),
    keyOwner: new Map(),
    stepIndex: new Map(flow.steps.map((s, i) => [s.id, i])),
  };
  const referencesBroken = checkReferences(ctx);
  checkConditions(ctx);
  checkHiddenFields(ctx);
  checkConsentFields(ctx);
  checkBooking(ctx);
  checkNumberFields(ctx);
  checkSaveProgress(ctx);
  const fromStart = reachable(flow, flow.start);
  // Reachability only once every reference resolves: a dangling reference would make
  // everything behind it look unreachable too.
  if (!referencesBroken) checkGraph(ctx, fromStart);
  const graphBroken = diagnostics.length > 0;
  checkSubmissions(ctx, fromStart, graphBroken);
  checkComputed(ctx, fromStart, graphBroken, checkEndingTexts(ctx, written));

  // Steps with no way out for some answer: computed on the graph (see stepsWithoutWayOut), so a
  // flow's check never lists its paths.
  for (const s of graphBroken ? [] : stepsWithoutWayOut(flow)) {
    const i = ctx.stepIndex.get(s.step)!;
    ctx.report(
      `/steps/${i}/next`,
      `Step "${s.step}" has no way out for the answer ${JSON.stringify(s.answer)}`,
      'Add an "otherwise", or a branch for that answer',
      { code: 'next.no-way-out', args: { step: s.step, answers: answerWords(s.answer) } },
    );
  }

  // Warnings last, and only on a sound graph: they never stop a flow from loading.
  if (!graphBroken && diagnostics.length === 0) diagnostics.push(...checkProgress(flow, file));
  return diagnostics;
}

/**
 * The answers a step has no way out for, each as what the visitor did (`answer "Maybe" to
 * "first"`, `tick "privacy"`), for the plain wording.
 */
function answerWords(answers: Answers): string[] {
  return Object.entries(answers).map(([key, value]) => {
    if (typeof value === 'boolean') return value ? `tick "${key}"` : `leave "${key}" unticked`;
    const given = Array.isArray(value) ? value.join('" and "') : value;
    return `answer "${given}" to "${key}"`;
  });
}
