/**
 * What the visual editor's edits (visual-edits.ts) share: the flow the text holds as written, the
 * two ways they change the text (set or remove a value, insert in an array) through jsonc-parser's
 * `modify`, which leaves every other byte as it was, and ids made from words.
 */
import { applyEdits, modify, parse, type JSONPath } from 'jsonc-parser';
import { CONTACT_KEYS, type RawFlow, type RawStep } from '@/engine/client';

export type StepKind = RawStep['kind'];

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** The flow the text holds, as written (the authoring model), or undefined if it does not parse. */
export function readFlow(text: string): RawFlow | undefined {
  const data: unknown = parse(text);
  const flow = data as Partial<RawFlow> | undefined;
  return flow && typeof flow === 'object' && Array.isArray(flow.steps)
    ? (flow as RawFlow)
    : undefined;
}

/** `text` with the value at `path` set (undefined removes it). */
export function set(text: string, path: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value, FORMAT));
}

/** `text` with `value` inserted in the array at `path`, before `index`. */
export function insert(text: string, path: JSONPath, index: number, value: unknown): string {
  return applyEdits(
    text,
    modify(text, [...path, index], value, { ...FORMAT, isArrayInsertion: true }),
  );
}

/** A step's edit, when the text holds the step. */
export function onStep(
  text: string,
  at: number,
  edit: (step: RawStep, flow: RawFlow) => string,
): string {
  const flow = readFlow(text);
  const step = flow?.steps[at];
  return flow && step ? edit(step, flow) : text;
}

// ---- Ids -------------------------------------------------------------------------------------

const ID = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Every id and answer key the flow uses: a new one must differ from them all. */
export function takenNames(flow: RawFlow): Set<string> {
  const taken = new Set<string>(CONTACT_KEYS);
  for (const s of flow.steps) {
    taken.add(s.id);
    for (const f of s.fields ?? []) taken.add(f.name);
  }
  for (const e of flow.endings ?? []) taken.add(e.id);
  return taken;
}

/**
 * An id made from words (a question, a label): the first few words in camelCase, valid for the
 * schema's id pattern, and unlike any id or answer key of the flow (a number is added if need be).
 */
export function idFrom(words: string, taken: ReadonlySet<string>, fallback = 'step'): string {
  const parts = words
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .slice(0, 4)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()));
  let base = parts.join('');
  if (!ID.test(base))
    base = base ? `${fallback}${base[0]!.toUpperCase()}${base.slice(1)}` : fallback;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  return id;
}
