import type { CheckContext } from './check-context';
import {
  currencyDecimals,
  decimalText,
  formatNumber,
  numberProblem,
  parseNumber,
} from './number-field';
import type { RawField } from './raw-flow';
import type { ResolvedField } from './types';

/**
 * Number fields (`"type": "number"`) whose rules no visitor could satisfy, or that would show
 * them a wrong example: a minimum above the maximum, a step that is not above 0, a currency code
 * no one knows, a currency on a plain number, a step or bound finer than the currency's cents,
 * and a placeholder reading as a number the field itself refuses. Read from the file's fields
 * (the pointers), judged on the resolved field (the defaults: min 0, USD).
 */
export function checkNumberFields(ctx: CheckContext): void {
  ctx.raw.steps.forEach((step, i) => {
    const resolved = ctx.flow.steps[i];
    if (!resolved || resolved.kind === 'choice') return;
    (step.fields ?? []).forEach((raw, j) => {
      if (raw.type !== 'number') return;
      const field = resolved.fields.find((f) => f.name === raw.name);
      if (field) checkNumberField(ctx, raw, field, `/steps/${i}/fields/${j}`, step.id);
    });
  });
}

const KNOWN_CURRENCIES =
  typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null;

function checkNumberField(
  ctx: CheckContext,
  raw: RawField,
  field: ResolvedField,
  pointer: string,
  step: string,
): void {
  const args = { step, field: field.name };
  const min = field.min ?? 0;
  let sound = true;
  if (field.max !== undefined && min > field.max) {
    sound = false;
    ctx.report(
      // At the maximum written: the minimum may be the default 0, written nowhere.
      `${pointer}/max`,
      `Field "${field.name}" accepts numbers from ${decimalText(min)} to ${decimalText(field.max)}: no number is both`,
      raw.min === undefined
        ? `The smallest number is 0 unless "min" says otherwise: give a "min" at most ${decimalText(field.max)}, or raise "max"`
        : 'Make "min" at most "max"',
      {
        code: 'number.min-above-max',
        args: { ...args, min: decimalText(min), max: decimalText(field.max) },
      },
    );
  }
  if (field.step !== undefined && field.step <= 0) {
    sound = false;
    ctx.report(
      `${pointer}/step`,
      `Field "${field.name}" has a step of ${decimalText(field.step)}: a step must be above 0`,
      'Give a step such as 1 (whole numbers) or 500, or remove "step"',
      { code: 'number.step-not-positive', args: { ...args, value: decimalText(field.step) } },
    );
  }
  if (raw.currency !== undefined && KNOWN_CURRENCIES && !KNOWN_CURRENCIES.has(raw.currency)) {
    sound = false;
    ctx.report(
      `${pointer}/currency`,
      `Field "${field.name}" names the currency "${raw.currency}", which is no currency code`,
      'Give an ISO 4217 code such as USD, EUR or GBP',
      { code: 'number.unknown-currency', args: { ...args, value: raw.currency } },
    );
  }
  if (raw.format === 'plain' && raw.currency !== undefined) {
    ctx.report(
      `${pointer}/currency`,
      `Field "${field.name}" is a plain number but names the currency "${raw.currency}"`,
      'Make "format" "currency" to show amounts of money, or remove "currency"',
      { code: 'number.currency-unused', args: { ...args, value: raw.currency } },
    );
  }
  if (sound && field.format === 'currency' && field.currency !== undefined) {
    const cents = currencyDecimals(field.currency);
    for (const key of ['min', 'max', 'step'] as const) {
      const value = raw[key];
      if (value === undefined) continue;
      const decimals = decimalText(value).split('.')[1]?.length ?? 0;
      if (decimals <= cents) continue;
      sound = false;
      ctx.report(
        `${pointer}/${key}`,
        `Field "${field.name}" has a ${key} of ${decimalText(value)}, finer than ${field.currency} amounts go (${cents} decimals)`,
        `Round it to ${cents} decimals`,
        {
          code: 'number.finer-than-currency',
          args: { ...args, property: key, value: decimalText(value), currency: field.currency },
        },
      );
    }
  }
  const placeholder = field.placeholder;
  if (sound && placeholder !== undefined) {
    const value = parseNumber(field, placeholder);
    const problem = value === undefined ? undefined : numberProblem(field, value);
    if (value !== undefined && problem !== undefined) {
      ctx.report(
        `${pointer}/placeholder`,
        `Field "${field.name}" shows ${formatNumber(field, value)} as its example, which it refuses ("${problem}")`,
        'Give an example the field accepts, or remove the placeholder',
        {
          code: 'number.placeholder-refused',
          args: { ...args, value: placeholder, problem },
        },
      );
    }
  }
}
