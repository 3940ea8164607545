/**
 * The engine's one emptiness rule (site-spec.md §5: null, an empty or whitespace-only string, an
 * empty array, an empty object, the number zero; plus an absent answer and an unticked box) and
 * every place that decides with it: conditions, required and optional fields on the server and in
 * the browser, unasked keys, and the blank values of the submissions.
 */
import { describe, expect, it } from 'vitest';
import {
  buildSubmissions,
  evaluateCondition,
  fieldSchema,
  isEmptyAnswer,
  validateAnswers,
  type ResolvedField,
} from '@/engine';
import { repoFlows } from './load-repo-flows';

const { flows } = repoFlows();

const EMPTY: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['""', ''],
  ['"   "', '   '],
  ['[]', []],
  ['{}', {}],
  ['0', 0],
  ['false', false],
];

// The text "0" is something a visitor typed, so it is an answer; only the number zero is empty.
const NOT_EMPTY: [string, unknown][] = [
  ['"0"', '0'],
  ['1', 1],
  ['"a"', 'a'],
  ['["x"]', ['x']],
  ['{a: 1}', { a: 1 }],
  ['true', true],
];

describe('isEmptyAnswer', () => {
  it.each(EMPTY)('%s is empty', (_, value) => {
    expect(isEmptyAnswer(value)).toBe(true);
  });

  it.each(NOT_EMPTY)('%s is not empty', (_, value) => {
    expect(isEmptyAnswer(value)).toBe(false);
  });

  it('takes only plain objects for objects: a Date is a value', () => {
    expect(isEmptyAnswer(new Date(0))).toBe(false);
  });
});

describe('conditions', () => {
  it.each(EMPTY)('{isEmpty: true} holds for %s, {isEmpty: false} does not', (_, value) => {
    const answers = { link: value };
    expect(evaluateCondition({ answer: 'link', isEmpty: true }, answers)).toBe(true);
    expect(evaluateCondition({ answer: 'link', isEmpty: false }, answers)).toBe(false);
  });

  it.each(NOT_EMPTY)('{isEmpty: false} holds for %s', (_, value) => {
    expect(evaluateCondition({ answer: 'link', isEmpty: false }, { link: value })).toBe(true);
  });
});

function fieldOf(flowId: string, name: string): ResolvedField {
  for (const step of flows[flowId]!.steps) {
    if (step.kind === 'choice') continue;
    const field = step.fields.find((f) => f.name === name);
    if (field) return field;
  }
  throw new Error(`${flowId} has no field ${name}`);
}

// The one field schema the server parses and the browser's form resolver reads.
const schemas = [
  ['fieldSchema', (field: ResolvedField, v: unknown) => fieldSchema(field).safeParse(v)],
] as const;

describe.each(schemas)('fields (%s schema)', (_, parse) => {
  const required = {
    text: fieldOf('readyToTalk', 'full_name'),
    select: fieldOf('readyToTalk', 'service'),
    consent: fieldOf('subscribePage', 'privacy_consent'),
  };
  const optional = {
    text: fieldOf('subscribePage', 'jobtitle'),
    multiselect: fieldOf('subscribePage', 'business_topics'),
  };

  it.each(EMPTY)('a required field given %s gives its required message', (_, value) => {
    for (const field of Object.values(required)) {
      const result = parse(field, value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        field.requiredMessage ?? `${field.label} is required`,
      );
    }
  });

  it.each(EMPTY)('an optional field given %s counts as not answered', (_, value) => {
    for (const field of Object.values(optional)) {
      expect(parse(field, value)).toMatchObject({ success: true, data: undefined });
    }
  });

  it('an optional field keeps what is not empty: "0" is text, 1 or {a: 1} are checked', () => {
    expect(parse(optional.text, '0')).toMatchObject({ success: true, data: '0' });
    expect(parse(optional.text, ' a ')).toMatchObject({ success: true, data: 'a' });
    expect(parse(optional.multiselect, ['Grants'])).toMatchObject({
      success: true,
      data: ['Grants'],
    });
    // Not empty, so checked against the field's rules rather than dropped.
    expect(parse(optional.text, 1).success).toBe(false);
    expect(parse(optional.text, { a: 1 }).success).toBe(false);
    expect(parse(optional.multiselect, ['x']).success).toBe(false);
  });
});

const readyToTalk = {
  full_name: 'Ada Lovelace',
  service: 'Pitch Deck',
  phone: '5551234567',
  email: 'ada@example.com',
};

const startUp = {
  phase: 'Start-up',
  capital: '$5,000-$50,000',
  industry: 'Fintech',
  service: 'Pitch Deck',
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '5551234567',
  ready: 'No, Book Consultation First',
};

const ctx = { submittedAt: 1_700_000_000_000, pageUri: 'https://firm.example/', pageName: 'home' };

/** What the server sends for posted answers: validated, then built (as the leads endpoint does). */
function sentFields(flowId: string, posted: Record<string, unknown>): Record<string, string> {
  const flow = flows[flowId]!;
  const checked = validateAnswers(flow, posted);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const [submission] = buildSubmissions(flow, checked, ctx);
  return Object.fromEntries(submission!.body.fields.map((f) => [f.name, f.value]));
}

describe('answers of a whole flow', () => {
  it.each(EMPTY)('a required choice given %s asks for an answer', (_, value) => {
    expect(validateAnswers(flows.client!, { ...startUp, service: value })).toEqual({
      ok: false,
      errors: [{ field: 'service', message: 'Please choose an answer' }],
    });
  });

  it.each(EMPTY)('a required field given %s is refused as required', (_, value) => {
    expect(validateAnswers(flows.readyToTalk!, { ...readyToTalk, service: value })).toEqual({
      ok: false,
      errors: [{ field: 'service', message: 'Service is required' }],
    });
  });

  it.each(EMPTY)(
    'an unasked key given %s carries nothing: revenue is sent as its whenNotAsked ""',
    (_, value) => {
      const sent = sentFields('client', { ...startUp, revenue: value });
      expect(sent.what_was_company_gross_revenue_last_year).toBe('');
      expect(sent.how_much_working_capital_do_you_personally_have_to_invest_in_your_business).toBe(
        '$5,000-$50,000',
      );
    },
  );

  it.each(NOT_EMPTY)('an unasked key given %s is refused', (_, value) => {
    expect(validateAnswers(flows.client!, { ...startUp, revenue: value })).toEqual({
      ok: false,
      errors: [{ field: 'revenue', message: 'This answer is not asked on this path' }],
    });
  });

  it.each(EMPTY)('an optional field given %s is sent as ""', (_, value) => {
    const sent = sentFields('subscribePage', {
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      phone: '5551234567',
      privacy_consent: true,
      jobtitle: value,
    });
    expect(sent.jobtitle).toBe('');
  });

  it('"No Capital" is an answer, not an empty one: it still ends at the apology', () => {
    const result = validateAnswers(flows.client!, { phase: 'Start-up', capital: 'No Capital' });
    expect(result).toMatchObject({ ok: true, ending: 'noCapital' });
    if (!result.ok) return;
    expect(buildSubmissions(flows.client!, result, ctx)).toEqual([]);
  });
});
