/**
 * The number field (`"type": "number"`): what a visitor may type and the plain words of each
 * refusal (one schema for the browser and the lead endpoint), the plain number HubSpot gets, the
 * checks that refuse rules no visitor could meet, and the samples that paths and test cases type.
 */
import { describe, expect, it } from 'vitest';
import {
  buildSubmissions,
  checkHubSpot,
  coveringPaths,
  flowCases,
  formatDiagnostic,
  loadFlowFromText,
  numberInputMode,
  plainWords,
  stepSchema,
  validateAnswers,
  type HubSpotFormDefinition,
  type ResolvedFlow,
} from '@/engine';
import { VARS } from './load-repo-flows';
import { numberFlowText } from './support/number-flow';

function load(edit?: (amount: Record<string, unknown>) => void) {
  return loadFlowFromText({ file: 'loanRequest.json', text: numberFlowText(edit), vars: VARS });
}

function flowWith(edit?: (amount: Record<string, unknown>) => void): ResolvedFlow {
  const { flow, diagnostics } = load(edit);
  if (!flow) throw new Error(diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return flow;
}

const email = 'lee@example.com';

/** The refusal of one amount, as the lead endpoint gives it: the field and the message. */
function refusal(flow: ResolvedFlow, amount: unknown, more: Record<string, unknown> = {}) {
  const result = validateAnswers(flow, { loan_amount: amount, email, ...more });
  return result.ok ? 'accepted' : result.errors;
}

describe('number field: what a visitor may type', () => {
  const flow = flowWith();

  it('keeps an amount typed with symbol and grouping as its plain number, and HubSpot gets that', () => {
    for (const [typed, kept] of [
      ['12500', '12500'],
      ['$12,500', '12500'],
      [' $ 1,000 ', '1000'],
      ['$12,500.50', '12500.5'],
      [12500, '12500'],
    ] as const) {
      const valid = validateAnswers(flow, { loan_amount: typed, email });
      expect(valid.ok && valid.answers.loan_amount, String(typed)).toBe(kept);
    }
    const valid = validateAnswers(flow, {
      loan_amount: '$12,500',
      years_in_business: '007',
      email,
    });
    if (!valid.ok) throw new Error(JSON.stringify(valid.errors));
    const [sent] = buildSubmissions(flow, valid, {
      submittedAt: 1,
      pageUri: 'https://x.example/',
      pageName: 'x',
    });
    expect(sent!.body.fields.slice(0, 2)).toEqual([
      { objectTypeId: '0-1', name: 'loan_amount', value: '12500' },
      { objectTypeId: '0-1', name: 'years_in_business', value: '7' },
    ]);
  });

  it('refuses a value out of range, not a number, or off the step, in plain words naming the field', () => {
    expect(refusal(flow, '999')).toEqual([
      { field: 'loan_amount', message: 'Enter an amount of at least $1,000' },
    ]);
    expect(refusal(flow, '$5,000,001')).toEqual([
      { field: 'loan_amount', message: 'Enter an amount of at most $5,000,000' },
    ]);
    for (const typed of [
      'abc',
      '1e5',
      '12,5,00',
      '$12.500.00',
      'Infinity',
      '€500',
      '1234567890123456',
    ]) {
      expect(refusal(flow, typed), typed).toEqual([
        { field: 'loan_amount', message: 'Enter an amount in figures, such as $10,000' },
      ]);
    }
    expect(refusal(flow, '12500.505')).toEqual([
      { field: 'loan_amount', message: 'Enter an amount with at most 2 decimal places' },
    ]);
    expect(refusal(flow, '')).toEqual([
      { field: 'loan_amount', message: 'Loan amount is required' },
    ]);
    expect(refusal(flow, '5000', { years_in_business: '2.5' })).toEqual([
      { field: 'years_in_business', message: 'Enter a whole number' },
    ]);
    expect(refusal(flow, '5000', { years_in_business: '-1' })).toEqual([
      { field: 'years_in_business', message: 'Enter a number of at least 0' },
    ]);
    // Optional and blank: not asked for, not sent as a number.
    const valid = validateAnswers(flow, { loan_amount: '5000', years_in_business: ' ', email });
    expect(valid.ok && valid.answers).toEqual({ loan_amount: '5000', email });

    const stepped = flowWith((a) => Object.assign(a, { min: 250, step: 500, max: undefined }));
    expect(refusal(stepped, '750')).toBe('accepted');
    expect(refusal(stepped, '1000')).toEqual([
      { field: 'loan_amount', message: 'Enter an amount in steps of $500 from $250' },
    ]);
    const euros = flowWith((a) => Object.assign(a, { currency: 'EUR', step: 0.5, min: 0 }));
    expect(refusal(euros, '€2,000.50')).toBe('accepted');
    expect(refusal(euros, '0.3')).toEqual([
      { field: 'loan_amount', message: 'Enter an amount in steps of €0.50' },
    ]);
  });

  it('gives the browser the very message the server gives (one schema, one set of words)', () => {
    const browser = stepSchema(flow, 'loan').safeParse({ loan_amount: '$999', email });
    expect(browser.success).toBe(false);
    expect(browser.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['loan_amount', 'Enter an amount of at least $1,000'],
    ]);
    expect(refusal(flow, '$999')).toEqual([
      { field: 'loan_amount', message: 'Enter an amount of at least $1,000' },
    ]);
  });

  it('asks for a phone keyboard with a decimal point only when a decimal can be needed', () => {
    const field = (name: string, f: ResolvedFlow = flow) => {
      const step = f.steps[0];
      if (step?.kind !== 'fields') throw new Error('the loan step asks fields');
      return step.fields.find((x) => x.name === name)!;
    };
    expect(numberInputMode(field('loan_amount'))).toBe('decimal'); // cents
    expect(numberInputMode(field('years_in_business'))).toBe('numeric'); // step 1
    const whole = flowWith((a) => Object.assign(a, { step: 500 }));
    expect(numberInputMode(field('loan_amount', whole))).toBe('numeric');
    const yen = flowWith((a) => Object.assign(a, { currency: 'JPY' }));
    expect(numberInputMode(field('loan_amount', yen))).toBe('numeric');
  });
});

describe('number field: the checks of a flow', () => {
  /** The diagnostics of the flow with the amount field edited: pointer, code, plain words. */
  function problems(edit: (amount: Record<string, unknown>) => void) {
    return load(edit).diagnostics.map((d) => ({
      pointer: d.pointer,
      code: d.code,
      words: plainWords(d).message,
    }));
  }
  const at = (property: string) => `/steps/0/fields/0/${property}`;

  it('refuses a minimum above the maximum, saying the smallest number is 0 by default', () => {
    expect(problems((a) => Object.assign(a, { min: 9000, max: 5000 }))).toEqual([
      {
        pointer: at('max'),
        code: 'number.min-above-max',
        words:
          'The number field "loan_amount" accepts numbers from 9000 to 5000: no number is both',
      },
    ]);
    const [negative] = load((a) => Object.assign(a, { min: undefined, max: -5 })).diagnostics;
    expect(negative).toMatchObject({ pointer: at('max'), code: 'number.min-above-max' });
    expect(negative!.hint).toMatch(/smallest number is 0 unless "min" says otherwise/);
  });

  it('refuses a step that is not above 0', () => {
    for (const step of [0, -5]) {
      expect(problems((a) => Object.assign(a, { step }))).toEqual([
        {
          pointer: at('step'),
          code: 'number.step-not-positive',
          words: `The number field "loan_amount" goes up in steps of ${step}`,
        },
      ]);
    }
  });

  it('refuses an unknown currency, a currency on a plain number, and bounds finer than the cents', () => {
    expect(problems((a) => Object.assign(a, { currency: 'XYZ' }))[0]).toMatchObject({
      pointer: at('currency'),
      code: 'number.unknown-currency',
    });
    expect(problems((a) => Object.assign(a, { format: 'plain' }))).toEqual([
      {
        pointer: at('currency'),
        code: 'number.currency-unused',
        words: 'The number field "loan_amount" shows plain numbers, but names the currency "USD"',
      },
    ]);
    expect(problems((a) => Object.assign(a, { currency: 'JPY', step: 0.5 }))).toEqual([
      {
        pointer: at('step'),
        code: 'number.finer-than-currency',
        words: 'The step of the number field "loan_amount" is 0.5, finer than JPY amounts go',
      },
    ]);
    // The schema: a currency is an ISO code, a format one of two words.
    expect(problems((a) => Object.assign(a, { currency: 'usd' }))[0]).toMatchObject({
      pointer: at('currency'),
      code: 'schema.pattern',
    });
    expect(problems((a) => Object.assign(a, { format: 'euros' }))[0]?.pointer).toBe(at('format'));
  });

  it('refuses a placeholder showing an example the field itself refuses', () => {
    expect(problems((a) => Object.assign(a, { placeholder: '$500' }))).toEqual([
      {
        pointer: at('placeholder'),
        code: 'number.placeholder-refused',
        words:
          'The number field "loan_amount" shows "$500" as its example, which visitors may not enter (Enter an amount of at least $1,000)',
      },
    ]);
    expect(problems((a) => Object.assign(a, { placeholder: '$25,000' }))).toEqual([]);
    expect(problems((a) => Object.assign(a, { placeholder: 'e.g. what you need' }))).toEqual([]);
  });
});

describe('number field: samples for paths, cases and HubSpot', () => {
  it('gives every covering path an amount the field accepts, whatever the bounds and step', () => {
    const settings = [
      {},
      { min: 250, step: 500, max: undefined },
      { min: 0, max: 900 },
      { min: 1000, max: 1000 },
      { min: -50, max: -10, step: 7 },
      { currency: 'EUR', min: 0.25, step: 0.25, max: 3 },
      { format: 'plain', currency: undefined, min: 3, max: 40, step: 0.1 },
    ];
    for (const setting of settings) {
      const flow = flowWith((a) => Object.assign(a, setting));
      for (const path of coveringPaths(flow)) {
        expect(validateAnswers(flow, path.answers).ok, JSON.stringify(setting)).toBe(true);
      }
    }
  });

  it("writes a tester's case typing an amount above the maximum, expecting the field's words", () => {
    const negative = flowCases(flowWith()).cases.find(
      (c) => c.check === 'invalid' && c.field === 'loan_amount',
    );
    expect(negative?.steps.at(0)).toMatchObject({
      action: 'type',
      target: 'Loan amount',
      value: '5000001',
    });
    expect(negative?.steps.at(-1)?.expect).toBe('Enter an amount of at most $5,000,000');
  });

  it('finds nothing wrong in sending a number field to a HubSpot number field', () => {
    const flow = flowWith();
    const form: HubSpotFormDefinition = {
      formKey: 'loan',
      formId: 'form-guid',
      name: 'Loans',
      fetchedAt: 0,
      fields: ['loan_amount', 'years_in_business', 'email'].map((name) => ({
        name,
        label: name,
        fieldType: name === 'email' ? 'email' : 'number',
        required: false,
        hidden: false,
        objectTypeId: '0-1',
      })),
    };
    expect(checkHubSpot(flow, { loan: form }, { file: 'loanRequest.json' })).toEqual([]);
    // A free-text answer sent to the same number field still is a finding.
    const asText = {
      ...form,
      fields: form.fields.map((f) => ({ ...f, fieldType: 'number' as const })),
    };
    expect(
      checkHubSpot(flow, { loan: asText }, { file: 'loanRequest.json' }).map((d) => d.pointer),
    ).toEqual(['/submissions/0/fields/2/value']);
  });
});
