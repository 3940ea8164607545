import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  compileGraphFlow,
  loadFlowFromData,
  loadOptionListFromData,
  visibleFields,
  type Answers,
  type FlowOption,
  type ResolvedFlow,
  type ResolvedStep,
  sampleValue,
} from '@/engine';
import { validateAnswers } from '@/engine/client';
import { FLOWS_DIR, VARS, repoFlows } from './load-repo-flows';

const { flows } = repoFlows();
const flowIds = Object.keys(flows);

const optionLists: Record<string, FlowOption[]> = {};
for (const name of readdirSync(join(FLOWS_DIR, 'options'))) {
  const list = loadOptionListFromData(
    name,
    JSON.parse(readFileSync(join(FLOWS_DIR, 'options', name), 'utf8')),
  );
  if (list.id && list.options) optionLists[list.id] = list.options;
}
const rawFlows: Record<string, unknown> = Object.fromEntries(
  flowIds.map((id) => [id, JSON.parse(readFileSync(join(FLOWS_DIR, `${id}.json`), 'utf8'))]),
);

/** A random (not representative) answer for a step, driven by the random numbers `pick`. */
function randomAnswer(step: ResolvedStep, before: Answers, pick: () => number): Answers {
  if (step.kind === 'choice') {
    if (step.multiple) {
      const chosen = step.options.filter(() => pick() % 2 === 0).map((o) => o.value);
      return { [step.id]: chosen.length > 0 ? chosen : [step.options[0]!.value] };
    }
    return { [step.id]: step.options[pick() % step.options.length]!.value };
  }
  const answers: Answers = {};
  for (const field of visibleFields(step.fields, before)) {
    if (!field.required && pick() % 3 === 0) continue;
    const options = field.options ?? [];
    if (field.type === 'select') answers[field.name] = options[pick() % options.length]!.value;
    else if (field.type === 'multiselect') {
      answers[field.name] = options.filter(() => pick() % 4 === 0).map((o) => o.value);
    } else answers[field.name] = sampleValue(field);
  }
  return answers;
}

describe('property: random walks', () => {
  it.each(flowIds)('%s: any answers reach an ending, and the server accepts them', (id) => {
    const flow: ResolvedFlow = flows[id]!;
    const machine = compileGraphFlow(flow);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), (numbers) => {
        let i = 0;
        const pick = () => numbers[i++ % numbers.length]!;
        const actor = createActor(machine).start();
        for (let n = 0; n <= flow.steps.length && actor.getSnapshot().status !== 'done'; n++) {
          const state = String(actor.getSnapshot().value);
          const step = flow.steps.find((s) => s.id === state)!;
          const values = randomAnswer(step, actor.getSnapshot().context.answers, pick);
          actor.send({ type: 'ANSWER', values });
          expect(actor.getSnapshot().value).not.toBe(state);
        }
        const snapshot = actor.getSnapshot();
        expect(snapshot.status).toBe('done');
        const checked = validateAnswers(flow, snapshot.context.answers);
        expect(checked).toMatchObject({ ok: true, ending: snapshot.value });
      }),
      { numRuns: 60 },
    );
  });
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every [parent, key] in a JSON tree. */
function slots(node: Json, out: [Json[] | Record<string, Json>, string | number][] = []) {
  if (Array.isArray(node)) {
    node.forEach((v, i) => {
      out.push([node, i]);
      slots(v, out);
    });
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      out.push([node, k]);
      slots(v, out);
    }
  }
  return out;
}

function wrongType(value: Json): Json {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number') return 'forty-two';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { not: 'a list' };
  return ['not', 'an', 'object'];
}

function load(data: unknown) {
  return loadFlowFromData({ file: 'mutated.json', data, optionLists, vars: VARS });
}

describe('property: broken flows give diagnostics, never exceptions', () => {
  const flowArb = fc.constantFrom(...flowIds);

  it('deleting a step', () => {
    fc.assert(
      fc.property(flowArb, fc.nat(), (id, n) => {
        const data = structuredClone(rawFlows[id]) as { steps: unknown[] };
        data.steps.splice(n % data.steps.length, 1);
        const result = load(data);
        expect(result.flow).toBeUndefined();
        expect(result.diagnostics.length).toBeGreaterThan(0);
      }),
      { numRuns: 80 },
    );
  });

  it('renaming a reference to something that does not exist', () => {
    fc.assert(
      fc.property(flowArb, fc.nat(), fc.stringMatching(/^[a-z]{1,8}$/), (id, n, name) => {
        const data = structuredClone(rawFlows[id]) as Json;
        const refs = slots(data).filter(
          ([parent, key]) =>
            ['to', 'otherwise', 'start', 'next', 'answer', 'file'].includes(String(key)) &&
            typeof (parent as Record<string, Json>)[key as string] === 'string',
        );
        const [parent, key] = refs[n % refs.length]!;
        (parent as Record<string, Json>)[key as string] = `zz${name}`;
        const result = load(data);
        expect(result.diagnostics.length).toBeGreaterThan(0);
        expect(result.diagnostics.every((d) => d.file === 'mutated.json')).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('giving any value a wrong type', () => {
    fc.assert(
      fc.property(flowArb, fc.nat(), (id, n) => {
        const data = structuredClone(rawFlows[id]) as Json;
        const all = slots(data);
        const [parent, key] = all[n % all.length]!;
        const holder = parent as Record<string, Json>;
        holder[key as string] = wrongType(holder[key as string]!);
        const result = load(data);
        expect(result.diagnostics.length).toBeGreaterThan(0);
        for (const d of result.diagnostics) {
          expect(d.pointer === '' || d.pointer.startsWith('/')).toBe(true);
          expect(d.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (data) => {
        expect(load(data).diagnostics.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
