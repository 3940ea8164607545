/**
 * The browser's zod/mini schemas (field-schema-mini.ts) and the server's classic zod schemas
 * (field-schema.ts) must agree: for every step of every flow and thousands of generated
 * inputs, both accept the same input with the same output, or both refuse it with the same
 * first message for each field.
 */
import fc from 'fast-check';
import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { stepSchema } from '@/engine/field-schema';
import { stepSchemaMini } from '@/engine/field-schema-mini';
import type { Answers, ResolvedField } from '@/engine/types';
import { repoFlows } from './load-repo-flows';

const { flows } = repoFlows();

const text = fc.oneof(
  fc.constantFrom('', '  ', 'Ada Lovelace', "O'Neil-Smith Jr.", 'A', 'x'.repeat(101), 'R2D2'),
  fc.constantFrom('ada@example.com', ' ada@example.com ', 'ada@', 'a b@c.de', 'ada@example'),
  fc.constantFrom('(555) 123-4567', '5551234567', '555-1234', '(555) 123-456'),
  fc.constantFrom('https://example.com/grant', 'ftp://example.com', 'http://localhost', 'nope'),
  fc.constantFrom('resume.pdf', 'RESUME.PDF', 'photo.png', 'notes.txt', 'x.docx'),
  fc.string({ maxLength: 30 }),
);

function valueFor(field: ResolvedField) {
  const options = (field.options ?? []).map((o) => o.value);
  const optionOrJunk = options.length > 0 ? fc.oneof(fc.constantFrom(...options), text) : text;
  return fc.oneof(
    { weight: 4, arbitrary: field.type === 'consent' ? fc.boolean() : optionOrJunk },
    { weight: 1, arbitrary: fc.array(optionOrJunk, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, true, 42, 0, {}, { a: 1 }) },
  );
}

function firstMessages(issues: { path: PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('field-schema-mini agrees with field-schema', () => {
  for (const flow of Object.values(flows)) {
    for (const step of flow.steps) {
      if (step.kind === 'choice') continue;
      it(`${flow.id}/${step.id}`, () => {
        const record = Object.fromEntries(step.fields.map((f) => [f.name, valueFor(f)]));
        fc.assert(
          fc.property(
            fc.record(record, { requiredKeys: [] }),
            fc.constantFrom<Answers[]>({}, { found: 'Yes' }, { found: 'No' }),
            (input, before) => {
              const classic = stepSchema(flow, step.id, before).safeParse(input);
              const mini = safeParse(stepSchemaMini(flow, step.id, before), input);
              expect(mini.success).toBe(classic.success);
              if (classic.success && mini.success) expect(mini.data).toEqual(classic.data);
              if (!classic.success && !mini.success) {
                expect(firstMessages(mini.error.issues)).toEqual(
                  firstMessages(classic.error.issues),
                );
              }
            },
          ),
          { numRuns: 300 },
        );
      });
    }
  }
});
