import { conditionReads } from './conditions';
import { answerKeysOf, targetsOf } from './flow-walk';
import { exploreFlow } from './flow-paths';
import type { RawFlow, RawNext } from './raw-flow';
import type { Condition, Diagnostic, ResolvedFlow, ResolvedStep } from './types';

/*
 * Checks that need more than the JSON Schema: references, reachability, cycles, conditions that
 * read answers not yet given, submissions that send answers a path never collects. Every
 * problem becomes a diagnostic with the JSON pointer of the offending value.
 */

type Report = (pointer: string, message: string, hint: string) => void;

function nextPointers(next: RawNext, stepPointer: string): string[] {
  if (typeof next === 'string') return [`${stepPointer}/next`];
  const out = next.branches.map((_, j) => `${stepPointer}/next/branches/${j}/to`);
  if (next.otherwise !== undefined) out.push(`${stepPointer}/next/otherwise`);
  return out;
}

/** Nodes reachable from `from` without passing through `avoid`. */
function reachable(flow: ResolvedFlow, from: string, avoid?: string): Set<string> {
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

function checkConditionShape(c: Condition, pointer: string, report: Report): boolean {
  const keys = Object.keys(c);
  const ops = keys.filter((k) => ['equals', 'oneOf', 'isEmpty', 'not', 'all', 'any'].includes(k));
  const hasAnswer = keys.includes('answer');
  const leaf = ops.length === 1 && ['equals', 'oneOf', 'isEmpty'].includes(ops[0]!);
  if (ops.length !== 1 || hasAnswer !== leaf) {
    report(
      pointer,
      'A condition needs exactly one operator',
      'Write {"answer": id, "equals" | "oneOf" | "isEmpty": ...}, or {"not"}, {"all"}, {"any"}',
    );
    return false;
  }
  const inner = (c as { not?: Condition }).not;
  if (inner) return checkConditionShape(inner, `${pointer}/not`, report);
  const list = (c as { all?: Condition[] }).all ?? (c as { any?: Condition[] }).any;
  const key = 'all' in c ? 'all' : 'any';
  if (list) return list.every((x, i) => checkConditionShape(x, `${pointer}/${key}/${i}`, report));
  return true;
}

export function semanticCheck(raw: RawFlow, flow: ResolvedFlow, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (pointer, message, hint) =>
    diagnostics.push({ file, pointer, message, hint });

  // Ids: unique across steps and endings.
  const idPointer = new Map<string, string>();
  raw.steps.forEach((s, i) => {
    const first = idPointer.get(s.id);
    if (first)
      report(
        `/steps/${i}/id`,
        `Duplicate id "${s.id}" (first at ${first})`,
        'Give every step and ending its own id',
      );
    else idPointer.set(s.id, `/steps/${i}/id`);
  });
  raw.endings.forEach((e, i) => {
    const first = idPointer.get(e.id);
    if (first)
      report(
        `/endings/${i}/id`,
        `Duplicate id "${e.id}" (first at ${first})`,
        'Give every step and ending its own id',
      );
    else idPointer.set(e.id, `/endings/${i}/id`);
  });
  const known = [...idPointer.keys()];
  const knownHint = `Use one of: ${known.join(', ')}`;

  // Answer keys: each one is set by exactly one step.
  const keyOwner = new Map<string, { step: ResolvedStep; pointer: string }>();
  flow.steps.forEach((step, i) => {
    const offset = step.kind === 'contact' ? 3 : 0;
    answerKeysOf(step).forEach((key, j) => {
      const pointer =
        step.kind === 'choice'
          ? `/steps/${i}/id`
          : j < offset
            ? `/steps/${i}`
            : `/steps/${i}/fields/${j - offset}/name`;
      const first = keyOwner.get(key);
      if (first && first.step !== step) {
        report(
          pointer,
          `Answer key "${key}" is also set by step "${first.step.id}"`,
          'Rename the field or the step so each answer has one key',
        );
      } else if (first) {
        report(
          pointer,
          `Field "${key}" appears twice in step "${step.id}"`,
          'Remove or rename one of them',
        );
      } else keyOwner.set(key, { step, pointer });
    });
    if (step.kind === 'choice') {
      const values = step.options.map((o) => o.value);
      const dup = values.find((v, k) => values.indexOf(v) !== k);
      if (dup !== undefined)
        report(
          `/steps/${i}/options`,
          `Option value "${dup}" appears twice`,
          'Option values must be unique within a step',
        );
    }
  });

  // References: start and every transition target.
  if (!idPointer.has(raw.start)) report('/start', `Unknown step "${raw.start}"`, knownHint);
  raw.steps.forEach((s, i) => {
    const pointers = nextPointers(s.next, `/steps/${i}`);
    const step = flow.steps[i]!;
    targetsOf(step).forEach((to, j) => {
      if (!idPointer.has(to)) {
        report(pointers[j]!, `Unknown step or ending "${to}"`, knownHint);
      } else if (to === step.id) {
        report(
          pointers[j]!,
          `Step "${to}" leads to itself`,
          'A flow moves forward: point it to a later step',
        );
      }
    });
  });
  if (flow.progress.mode === 'fixed' && flow.progress.total === undefined) {
    report(
      '/progress',
      'Progress mode "fixed" needs a total',
      'Add "total": the N of "Question n / N"',
    );
  }
  const fatal = diagnostics.length > 0;

  // Conditions: well-formed, reading known answers given before that point, with real values.
  const predecessors = new Map<string, Set<string>>();
  for (const s of flow.steps)
    for (const t of targetsOf(s)) {
      if (!predecessors.has(t)) predecessors.set(t, new Set());
      predecessors.get(t)!.add(s.id);
    }
  const ancestors = (id: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [...(predecessors.get(id) ?? [])];
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (seen.has(p)) continue;
      seen.add(p);
      stack.push(...(predecessors.get(p) ?? []));
    }
    return seen;
  };
  const checkCondition = (c: Condition, pointer: string, allowed: Set<string>, where: string) => {
    if (!checkConditionShape(c, pointer, report)) return;
    for (const read of conditionReads(c)) {
      const owner = keyOwner.get(read.answer);
      if (!owner) {
        report(
          pointer,
          `Condition reads answer "${read.answer}", which no step asks`,
          `Use a step id or field name: ${[...keyOwner.keys()].join(', ')}`,
        );
        continue;
      }
      if (!allowed.has(owner.step.id)) {
        report(
          pointer,
          `Condition reads answer "${read.answer}", which cannot have been given ${where}`,
          `Only answers of "${[...allowed].join('", "')}" are known there`,
        );
        continue;
      }
      const options =
        owner.step.kind === 'choice'
          ? owner.step.options
          : owner.step.fields.find((f) => f.name === read.answer)?.options;
      for (const v of read.values) {
        if (options && !options.some((o) => o.value === v)) {
          report(
            pointer,
            `"${v}" is not an option value of "${read.answer}"`,
            `Use one of: ${options.map((o) => o.value).join(', ')}`,
          );
        }
      }
    }
  };
  raw.steps.forEach((s, i) => {
    const step = flow.steps[i]!;
    const before = ancestors(step.id);
    if (typeof s.next !== 'string') {
      s.next.branches.forEach((b, j) =>
        checkCondition(
          b.when,
          `/steps/${i}/next/branches/${j}/when`,
          new Set([...before, step.id]),
          `when leaving "${step.id}"`,
        ),
      );
    }
    (s.fields ?? []).forEach((f, j) => {
      if (f.when)
        checkCondition(f.when, `/steps/${i}/fields/${j}/when`, before, `before step "${step.id}"`);
    });
  });

  // Graph: reachability and cycles — only once every reference resolves, since a dangling
  // reference would make everything behind it look unreachable too.
  const fromStart = reachable(flow, flow.start);
  const byId = new Map(flow.steps.map((s, i) => [s.id, i]));
  if (!fatal) checkGraph();
  function checkGraph() {
    raw.steps.forEach((s, i) => {
      if (!fromStart.has(s.id))
        report(
          `/steps/${i}`,
          `Step "${s.id}" is unreachable`,
          'Point a transition to it, or remove it',
        );
    });
    raw.endings.forEach((e, i) => {
      if (!fromStart.has(e.id))
        report(
          `/endings/${i}`,
          `No path reaches ending "${e.id}"`,
          'Point a transition to it, or remove it',
        );
    });
    const state = new Map<string, 'open' | 'done'>();
    const dfs = (id: string, trail: string[]) => {
      const i = byId.get(id);
      if (i === undefined || state.get(id) === 'done') return;
      state.set(id, 'open');
      const step = flow.steps[i]!;
      const pointers = nextPointers(raw.steps[i]!.next, `/steps/${i}`);
      targetsOf(step).forEach((to, j) => {
        if (to !== id && state.get(to) === 'open') {
          const loop = [...trail.slice(trail.indexOf(to)), id, to].join(' → ');
          report(
            pointers[j]!,
            `Transition back to "${to}" makes a cycle (${loop})`,
            'A flow moves forward: point it to a later step or an ending',
          );
        } else dfs(to, [...trail, id]);
      });
      state.set(id, 'done');
    };
    dfs(flow.start, []);
  }

  const graphBroken = fatal || diagnostics.length > 0;
  const { paths, stuck } = graphBroken
    ? { paths: [], stuck: [] }
    : exploreFlow(flow, { submissions: false });

  // Submissions and checkout endings: only answers every path to a submitting ending collects.
  const submitting = flow.endings.filter((e) => e.submits && fromStart.has(e.id));
  const notAskedOn = (key: string, endingIds: string[]): string | undefined => {
    const owner = keyOwner.get(key);
    if (!owner) return undefined;
    const ending = endingIds.find((e) => reachable(flow, flow.start, owner.step.id).has(e));
    if (ending) {
      const example = paths.find(
        (p) => p.ending === ending && !p.steps.some((x) => x.step === owner.step.id),
      );
      return `the path ${example ? example.steps.map((x) => x.step).join(' → ') + ' → ' : ''}${ending} never asks it`;
    }
    const field =
      owner.step.kind === 'choice' ? undefined : owner.step.fields.find((f) => f.name === key);
    return field?.when ? `field "${key}" is asked only when its condition holds` : undefined;
  };
  raw.submissions.forEach((sub, s) => {
    const names = new Set<string>();
    sub.fields.forEach((f, j) => {
      const pointer = `/submissions/${s}/fields/${j}`;
      if (names.has(f.name))
        report(
          `${pointer}/name`,
          `Field "${f.name}" is listed twice in form "${sub.formKey}"`,
          'List each HubSpot field once',
        );
      names.add(f.name);
      const v = f.value as Record<string, unknown>;
      const kinds = ['answer', 'constant', 'transcript', 'file'].filter((k) => k in v);
      if (kinds.length !== 1 || ('whenNotAsked' in v && !('answer' in v))) {
        report(
          `${pointer}/value`,
          'A value needs exactly one source',
          'Write {"answer"} (optionally with "whenNotAsked"), {"constant"}, {"transcript": true} or {"file"}',
        );
        return;
      }
      const key =
        typeof v.answer === 'string' ? v.answer : typeof v.file === 'string' ? v.file : undefined;
      if (key === undefined) return;
      const at = `${pointer}/value/${'answer' in v ? 'answer' : 'file'}`;
      const owner = keyOwner.get(key);
      if (!owner) {
        report(
          at,
          `Unknown answer "${key}"`,
          `Use a step id or field name: ${[...keyOwner.keys()].join(', ')}`,
        );
        return;
      }
      if (
        'file' in v &&
        owner.step.kind !== 'choice' &&
        owner.step.fields.find((x) => x.name === key)?.type !== 'file'
      ) {
        report(
          at,
          `"${key}" is not an upload field`,
          'A {"file"} value names a field of type "file"',
        );
        return;
      }
      if ('answer' in v && !('whenNotAsked' in v) && !graphBroken) {
        const why = notAskedOn(
          key,
          submitting.map((e) => e.id),
        );
        if (why)
          report(
            at,
            `Form "${sub.formKey}" sends answer "${key}", but ${why}`,
            'Add "whenNotAsked": "" to send an empty value there, or ask it on every path',
          );
      }
    });
  });
  flow.endings.forEach((e, i) => {
    if (e.kind !== 'checkout' || !('answer' in e.service)) return;
    const key = e.service.answer;
    if (!keyOwner.has(key)) {
      report(
        `/endings/${i}/service/answer`,
        `Unknown answer "${key}"`,
        `Use a step id or field name: ${[...keyOwner.keys()].join(', ')}`,
      );
      return;
    }
    if (graphBroken) return;
    const why = notAskedOn(key, [e.id]);
    if (why)
      report(
        `/endings/${i}/service/answer`,
        `The checkout reads answer "${key}", but ${why}`,
        'Ask the service on every path to this ending',
      );
  });
  // Steps with no way out for some answer.
  const reported = new Set<string>();
  for (const s of stuck) {
    if (reported.has(s.step)) continue;
    reported.add(s.step);
    const i = byId.get(s.step)!;
    report(
      `/steps/${i}/next`,
      `Step "${s.step}" has no way out for the answer ${JSON.stringify(s.answer)}`,
      'Add an "otherwise", or a branch for that answer',
    );
  }

  return diagnostics;
}
