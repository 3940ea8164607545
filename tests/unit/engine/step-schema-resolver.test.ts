/**
 * One schema, two readers: the browser hands stepSchema to react-hook-form through
 * @hookform/resolvers' zodResolver, the server parses it in validateAnswers. For every fields
 * step of every flow and thousands of generated inputs, the resolver accepts exactly what the
 * schema accepts, with the same normalised values, and shows for each field the message the
 * server sends first for it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepSchema, type Answers, type ResolvedField } from '@/engine/client';
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

const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

describe('zodResolver reads stepSchema as the server does', () => {
  for (const flow of Object.values(flows)) {
    for (const step of flow.steps) {
      if (step.kind === 'choice') continue;
      it(`${flow.id}/${step.id}`, async () => {
        const record = Object.fromEntries(step.fields.map((f) => [f.name, valueFor(f)]));
        await fc.assert(
          fc.asyncProperty(
            fc.record(record, { requiredKeys: [] }),
            fc.constantFrom<Answers[]>({}, { found: 'Yes' }, { found: 'No' }),
            async (input, before) => {
              const schema = stepSchema(flow, step.id, before);
              const server = schema.safeParse(input);
              const browser = await zodResolver(schema)(input, undefined, resolverOptions);
              if (server.success) {
                expect(browser.errors).toEqual({});
                expect(browser.values).toEqual(server.data);
              } else {
                const shown = Object.fromEntries(
                  Object.entries(browser.errors).map(([k, e]) => [k, e?.message]),
                );
                expect(shown).toEqual(firstMessages(server.error.issues));
              }
            },
          ),
          { numRuns: 300 },
        );
      });
    }
  }
});
