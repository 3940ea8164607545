import { computeValues, type ComputedResult } from './computed-values';
import { exprNodes, type Expr } from './expression';
import type {
  Answers,
  EndingValues,
  ResolvedComputedValue,
  ResolvedField,
  ResolvedFlow,
  ResolvedScreenEnding,
  ShownValue,
  TextPart,
} from './types';

/*
 * A screen ending's heading and paragraphs may show computed values (README "Computed values"):
 * `{score}` is the value, `{score|not known yet}` the value or, when it is unknown on the
 * visitor's path, the words after the bar. Single braces are the flows' one placeholder
 * convention (`{brand}`, `{brandSlug}` are put in when the flow loads); `{{` and `}}` write a
 * brace itself. The resolver turns each text into parts (plain data), so the browser evaluates
 * the parsed expressions it already receives and never parses a text.
 */

/** A placeholder where the ending's text holds it (offsets from 0, `{` to after `}`). */
export interface PlaceholderAt {
  name: string;
  fallback?: string;
  at: number;
  /** Offset of the name's first character (after `{` and any space). */
  nameAt: number;
  to: number;
}

export type ParsedText =
  | { ok: true; parts: (string | PlaceholderAt)[] }
  | { ok: false; error: { message: string; at: number } };

/** The placeholders the flow loader fills in before anything else reads the flow. */
export const BRAND_PLACEHOLDERS = new Set(['brand', 'brandSlug']);

/**
 * An ending's text read as literal text and placeholders, or where a brace is left open.
 *
 * @example parseEndingText('Score {score|?} of 100') // parts: ['Score ', {name: 'score', …}, ' of 100']
 */
export function parseEndingText(text: string): ParsedText {
  const parts: (string | PlaceholderAt)[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if ((c === '{' || c === '}') && text[i + 1] === c) {
      literal += c;
      i += 2;
      continue;
    }
    // A lone closing brace is taken as written: only an opening one starts a placeholder.
    if (c !== '{') {
      literal += c;
      i++;
      continue;
    }
    const close = text.indexOf('}', i + 1);
    const reopen = text.indexOf('{', i + 1);
    if (close === -1 || (reopen !== -1 && reopen < close))
      return {
        ok: false,
        error: {
          message:
            'This brace is never closed: end the placeholder with }, or write {{ for a brace',
          at: i,
        },
      };
    const inside = text.slice(i + 1, close);
    const bar = inside.indexOf('|');
    const written = bar === -1 ? inside : inside.slice(0, bar);
    const name = written.trim();
    if (literal) parts.push(literal);
    literal = '';
    parts.push({
      name,
      ...(bar !== -1 && { fallback: inside.slice(bar + 1) }),
      at: i,
      nameAt: i + 1 + (written.length - written.trimStart().length),
      to: close + 1,
    });
    i = close + 1;
  }
  if (literal) parts.push(literal);
  return { ok: true, parts };
}

/** Whether a text needs reading as a template at all (most endings hold no brace). */
export const holdsBraces = (text: string) => /[{}]/.test(text);

/**
 * The currency an expression's number is an amount of, '' for a plain number, undefined for no
 * number or a mix (an amount times an amount): a value computed from a currency number field
 * (its sum with another amount or a number, its multiple, its fraction) is shown as money.
 */
function unitOf(
  e: Expr,
  fields: ReadonlyMap<string, ResolvedField>,
  computed: Readonly<Record<string, ResolvedComputedValue>>,
  busy: Set<string>,
): string | undefined {
  const of = (x: Expr) => unitOf(x, fields, computed, busy);
  const same = (a: string | undefined, b: string | undefined) => (a === b ? a : undefined);
  switch (e.k) {
    case 'num':
      return '';
    case 'name': {
      if (e.reads === 'number') {
        const field = fields.get(e.name);
        return field?.format === 'currency' ? (field.currency ?? 'USD') : '';
      }
      const definition = e.reads === 'computed' ? computed[e.name] : undefined;
      if (!definition || busy.has(e.name)) return undefined;
      busy.add(e.name);
      const unit = of(definition.ast);
      busy.delete(e.name);
      return unit;
    }
    case 'neg':
      return of(e.arg);
    case 'if':
      return same(of(e.then), of(e.else));
    case 'call':
      if (e.fn === 'points') return '';
      if (e.fn === 'default') return same(of(e.args[0]!), of(e.args[1]!));
      return undefined;
    case 'bin': {
      const [a, b] = [of(e.left), of(e.right)];
      if (a === undefined || b === undefined) return undefined;
      if (e.op === '+' || e.op === '-') return a === '' ? b : b === '' || a === b ? a : undefined;
      if (e.op === '*') return a === '' ? b : b === '' ? a : undefined;
      // An amount divided by a number is an amount; one amount by another, a plain ratio.
      if (e.op === '/') return b === '' ? a : a === b ? '' : undefined;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The computed values an expression reads, directly or through others, by name. */
function reads(
  names: Iterable<string>,
  computed: Readonly<Record<string, ResolvedComputedValue>>,
): Record<string, ResolvedComputedValue> {
  const out: Record<string, ResolvedComputedValue> = {};
  const stack = [...names];
  while (stack.length > 0) {
    const name = stack.pop()!;
    const definition = computed[name];
    if (!definition || out[name]) continue;
    out[name] = definition;
    for (const node of exprNodes(definition.ast))
      if (node.k === 'name' && node.reads === 'computed') stack.push(node.name);
  }
  return out;
}

/**
 * The parts of a screen ending's texts with what evaluating them needs, or undefined when they
 * hold no brace. A text that does not read (an unclosed brace) stays as written, and a name that
 * is no computed value shows its fallback: the flow check refuses both, with their place.
 */
export function resolveEndingValues(
  ending: Pick<ResolvedScreenEnding, 'heading' | 'body'>,
  flow: Pick<ResolvedFlow, 'steps' | 'computed'>,
): EndingValues | undefined {
  if (!holdsBraces(ending.heading) && !ending.body.some(holdsBraces)) return undefined;
  const computed = flow.computed ?? {};
  const fields = new Map(
    flow.steps.flatMap((s) => (s.kind === 'choice' ? [] : s.fields.map((f) => [f.name, f]))),
  );
  const shown = new Set<string>();
  const partsOf = (text: string): TextPart[] => {
    const parsed = parseEndingText(text);
    if (!parsed.ok) return [text];
    return parsed.parts.map((p): TextPart => {
      if (typeof p === 'string') return p;
      const definition = computed[p.name];
      if (definition) shown.add(p.name);
      const unit = definition ? unitOf(definition.ast, fields, computed, new Set()) : undefined;
      const value: ShownValue = {
        value: p.name,
        ...(p.fallback !== undefined && { fallback: p.fallback }),
        ...(unit && { currency: unit }),
      };
      return value;
    });
  };
  return {
    heading: partsOf(ending.heading),
    body: ending.body.map(partsOf),
    uses: reads(shown, computed),
  };
}

const plainNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const money = new Map<string, Intl.NumberFormat>();

/** A number as the visitor reads it: grouped, an amount with its currency ($150,000, $12.50). */
export function formatShownNumber(n: number, currency?: string): string {
  if (!currency) return plainNumber.format(n);
  const whole = Number.isInteger(n);
  const key = `${currency}:${whole}`;
  let format = money.get(key);
  if (!format) {
    // Whole amounts without cents ($150,000); others with the currency's own decimals.
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(whole && { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    });
    money.set(key, format);
  }
  return format.format(n);
}

/** One value as the ending shows it: its fallback (or nothing) when unknown. */
export function shownText(value: ComputedResult, part: ShownValue): string {
  if (value === null) return part.fallback ?? '';
  if (typeof value === 'number') return formatShownNumber(value, part.currency);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  return value;
}

/**
 * What a screen ending shows for these answers (and the visit's hidden values): its heading and
 * paragraphs with every placeholder filled in. Browser-safe: it evaluates the resolved parts.
 *
 * @example endingTexts(ending, { years: 'Over 5 years' }) // { heading: 'Your score: 45', body: [] }
 */
export function endingTexts(
  ending: ResolvedScreenEnding,
  answers: Readonly<Answers>,
  hidden?: Readonly<Record<string, string>>,
): { heading: string; body: string[] } {
  const shows = ending.shows;
  if (!shows) return { heading: ending.heading, body: ending.body };
  // Each value the texts read, once (its intermediates too: they are few).
  const values = computeValues({ computed: shows.uses }, answers, hidden);
  const fill = (parts: TextPart[]) =>
    parts.map((p) => (typeof p === 'string' ? p : shownText(values[p.value] ?? null, p))).join('');
  return { heading: fill(shows.heading), body: shows.body.map(fill) };
}
