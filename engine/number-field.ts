import type { ResolvedField } from './types';

/*
 * The rules of a number field (`"type": "number"`): what a visitor may type, how it is stored,
 * and the plain words of every refusal. field-schema.ts builds the zod schema from them, so the
 * browser and the lead endpoint refuse the same values with the same words; the renderer reads
 * the keyboard, the mask's decimals and the currency symbol from here too.
 *
 * An answer is kept as a plain decimal text ("12500", "0.5"): what HubSpot's number fields read,
 * without the symbol and grouping the visitor sees. Comparisons run on scaled integers (BigInt),
 * so a step of 0.1 or a bound of 0.3 is exact, never a floating-point near miss.
 */

/** More significant digits than a double keeps exactly: refused as not a number. */
const MAX_DIGITS = 15;
/** What the sample aims for before the field's bounds and step move it. */
const SAMPLE_TARGET = { currency: '10000', plain: '1' };

type NumberField = Pick<ResolvedField, 'min' | 'max' | 'step' | 'format' | 'currency'>;

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(currency: string | undefined, digits: number): Intl.NumberFormat {
  const key = `${currency ?? ''}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      ...(currency ? { style: 'currency', currency } : {}),
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, 20),
    });
    formats.set(key, format);
  }
  return format;
}

/** The field's currency, when it shows amounts of money. */
function currencyOf(field: NumberField): string | undefined {
  return field.format === 'currency' ? (field.currency ?? 'USD') : undefined;
}

/** The decimals a currency's amounts have (USD 2, JPY 0). */
export function currencyDecimals(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** The symbol an amount of the currency starts with in the site's locale ("$", "€", "CA$"). */
export function currencySymbol(currency: string): string {
  return (
    numberFormat(currency, 0)
      .formatToParts(1)
      .find((p) => p.type === 'currency')?.value ?? ''
  );
}

/** A number from the flow file as decimal text: never an exponent ("1e-7"). */
export function decimalText(value: number): string {
  return numberFormat(undefined, 0).format(value).replace(/,/g, '');
}

function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** `text` (a plain decimal) times 10^scale, exactly. */
function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const digits = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return negative ? -digits : digits;
}

/** Decimal text of an integer `n` divided by 10^scale. */
function unscaled(n: bigint, scale: number): string {
  const negative = n < BigInt(0);
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * How many decimals an answer may have: the step's (and the minimum's, which the steps count
 * from), else the currency's; undefined when any are allowed (a plain field without a step).
 */
export function numberDecimals(field: NumberField): number | undefined {
  if (field.step !== undefined) {
    return Math.max(decimalsOf(decimalText(field.step)), decimalsOf(decimalText(field.min ?? 0)));
  }
  const currency = currencyOf(field);
  return currency === undefined ? undefined : currencyDecimals(currency);
}

/** The phone keyboard to show: digits alone when no decimal point can be needed. */
export function numberInputMode(field: NumberField): 'numeric' | 'decimal' {
  return numberDecimals(field) === 0 ? 'numeric' : 'decimal';
}

/** An answer as the visitor reads it: "$12,500" for a currency field, "1,250" for a plain one. */
export function formatNumber(field: NumberField, value: string): string {
  const currency = currencyOf(field);
  const decimals = decimalsOf(value);
  const digits = currency && decimals > 0 ? Math.max(decimals, currencyDecimals(currency)) : 0;
  return numberFormat(currency, digits).format(Number(value));
}

/**
 * What the visitor typed as a plain decimal ("$12,500.50" → "12500.5"), or undefined when it is
 * not a number: a currency symbol (the field's own) and grouping by thousands are allowed, an
 * exponent, a second point, letters or more than 15 significant digits are not.
 */
export function parseNumber(field: NumberField, typed: string): string | undefined {
  const currency = currencyOf(field);
  const symbol = currency ? currencySymbol(currency).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '';
  const sign = '(-)?';
  const amount = String.raw`(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?`;
  const shape = new RegExp(
    symbol ? `^${sign}\\s*(?:${symbol})?\\s*${amount}$` : `^${sign}${amount}$`,
  );
  const match = shape.exec(typed.trim());
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  const whole = (match[2] ?? '0').replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (`${whole}${fraction}`.replace(/^0+/, '').length > MAX_DIGITS) return undefined;
  const text = fraction ? `${whole}.${fraction}` : whole;
  return match[1] && /[1-9]/.test(text) ? `-${text}` : text;
}

/** The plain words of a refusal, with the field's bounds and step as the visitor reads them. */
export const numberMessages = {
  notANumber: (field: NumberField) =>
    `Enter ${noun(field)} in figures, such as ${formatNumber(field, numberSample(field))}`,
  atLeast: (field: NumberField, min: number) =>
    `Enter ${noun(field)} of at least ${formatNumber(field, decimalText(min))}`,
  atMost: (field: NumberField, max: number) =>
    `Enter ${noun(field)} of at most ${formatNumber(field, decimalText(max))}`,
  whole: (field: NumberField) =>
    currencyOf(field) ? 'Enter a whole amount, without decimals' : 'Enter a whole number',
  decimals: (field: NumberField, decimals: number) =>
    `Enter ${noun(field)} with at most ${decimals} decimal place${decimals === 1 ? '' : 's'}`,
  steps: (field: NumberField, step: number, from?: number) =>
    `Enter ${noun(field)} in steps of ${formatNumber(field, decimalText(step))}` +
    (from === undefined ? '' : ` from ${formatNumber(field, decimalText(from))}`),
};

function noun(field: NumberField): string {
  return currencyOf(field) ? 'an amount' : 'a number';
}

/** Why `value` (a plain decimal, as parseNumber returns it) is refused; undefined when it is not. */
export function numberProblem(field: NumberField, value: string): string | undefined {
  const { min, max, step } = field;
  if (min !== undefined && compare(value, decimalText(min)) < 0) {
    return numberMessages.atLeast(field, min);
  }
  if (max !== undefined && compare(value, decimalText(max)) > 0) {
    return numberMessages.atMost(field, max);
  }
  if (step !== undefined) {
    const base = decimalText(min ?? 0);
    const scale = Math.max(decimalsOf(value), decimalsOf(base), decimalsOf(decimalText(step)));
    const off = scaled(value, scale) - scaled(base, scale);
    if (off % scaled(decimalText(step), scale) === BigInt(0)) return undefined;
    if (step === 1 && decimalsOf(base) === 0) return numberMessages.whole(field);
    const fromZero = scaled(base, scale) % scaled(decimalText(step), scale) === BigInt(0);
    return numberMessages.steps(field, step, fromZero ? undefined : min);
  }
  const decimals = numberDecimals(field);
  if (decimals !== undefined && decimalsOf(value) > decimals) {
    return decimals === 0 ? numberMessages.whole(field) : numberMessages.decimals(field, decimals);
  }
  return undefined;
}

function compare(a: string, b: string): number {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const d = scaled(a, scale) - scaled(b, scale);
  return d < BigInt(0) ? -1 : d > BigInt(0) ? 1 : 0;
}

/**
 * A value the field accepts, for sample answers and generated cases: 10,000 for an amount, 1 for
 * a plain number, moved within the bounds and down onto the step. Always accepted when min ≤ max
 * (the steps count from the minimum, which is itself on the step).
 */
export function numberSample(field: NumberField): string {
  const { min, max, step } = field;
  let target = currencyOf(field) ? SAMPLE_TARGET.currency : SAMPLE_TARGET.plain;
  if (min !== undefined && compare(target, decimalText(min)) < 0) target = decimalText(min);
  if (max !== undefined && compare(target, decimalText(max)) > 0) target = decimalText(max);
  if (step === undefined) return target;
  const base = decimalText(min ?? 0);
  const stepText = decimalText(step);
  const scale = Math.max(decimalsOf(target), decimalsOf(base), decimalsOf(stepText));
  const off = scaled(target, scale) - scaled(base, scale);
  const unit = scaled(stepText, scale);
  // Down onto the step (towards the minimum): BigInt division truncates towards zero.
  const steps = off / unit - (off % unit < BigInt(0) ? BigInt(1) : BigInt(0));
  return unscaled(scaled(base, scale) + steps * unit, scale);
}
