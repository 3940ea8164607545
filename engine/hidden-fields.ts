/**
 * Hidden fields: values a flow captures without asking — a parameter of the landing URL's query
 * (`utm_source`, `gclid`, …), the referrer or the landing page — kept from the visit's first page
 * (the site's first touch) and sent to HubSpot like any answer through `{"hidden": name}`.
 * One rule decides which values are acceptable, for the browser that captures them and for the
 * server that checks them: `hiddenValueProblem`. Browser-safe.
 */
import type { ResolvedFlow, ResolvedHiddenField } from './types';

export type HiddenSource = ResolvedHiddenField['from'];

/** A hidden field as a flow file declares it (`param` and `maxLength` have defaults). */
export interface RawHiddenField {
  name: string;
  from: HiddenSource;
  param?: string;
  maxLength?: number;
}

/** What the visitor's first page of the visit was: its full URL and the page that linked to it. */
export interface FirstTouch {
  url: string;
  referrer: string;
}

/** Longest value kept: a query parameter is short, a URL may be long. */
const DEFAULT_MAX_LENGTH: Record<HiddenSource, number> = {
  query: 255,
  referrer: 2048,
  landingPage: 2048,
};

/**
 * The shared sets a flow names in `hidden` with one word: `"hidden": ["utm"]` captures the five
 * UTM parameters and Google's click id, each sent under its own name.
 */
export const hiddenSets: Readonly<Record<string, readonly RawHiddenField[]>> = {
  utm: ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'].map(
    (name) => ({ name, from: 'query' as const }),
  ),
};

/** A flow's `hidden` list with the shared sets expanded and the defaults filled in. */
export function resolveHidden(
  raw: readonly (string | RawHiddenField)[] | undefined,
): ResolvedHiddenField[] {
  return (raw ?? []).flatMap((item) =>
    (typeof item === 'string' ? (hiddenSets[item] ?? []) : [item]).map((f) => ({
      name: f.name,
      from: f.from,
      ...(f.from === 'query' ? { param: f.param ?? f.name } : {}),
      maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH[f.from],
    })),
  );
}

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Why a captured value is not acceptable for this field, or undefined when it is. */
export function hiddenValueProblem(field: ResolvedHiddenField, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be text';
  if (value.length > field.maxLength) return `is longer than ${field.maxLength} characters`;
  if (unsafe.test(value)) return 'contains control characters or line breaks';
  if (field.from !== 'query' && value !== '' && !/^https?:\/\//i.test(value)) {
    return 'must be an http(s) URL';
  }
  return undefined;
}

/** The URL without its query and fragment: the landing page is named, what it carried is not. */
function pageOf(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * The values of the flow's hidden fields in a first touch; a field with nothing to capture, or
 * whose value breaks the rule, is left out (the visitor cannot fix a URL they were sent).
 */
export function capturedHidden(flow: ResolvedFlow, touch: FirstTouch): Record<string, string> {
  let url: URL;
  try {
    url = new URL(touch.url);
  } catch {
    return {};
  }
  const out: Record<string, string> = {};
  for (const field of flow.hidden) {
    const value =
      field.from === 'query'
        ? url.searchParams.get(field.param ?? field.name)
        : field.from === 'referrer'
          ? touch.referrer
          : pageOf(url);
    if (value === null || value === '' || hiddenValueProblem(field, value)) continue;
    out[field.name] = value;
  }
  return out;
}

export type HiddenValuesResult =
  | { ok: true; values: Record<string, string> }
  | { ok: false; errors: { field: string; message: string }[] };

/**
 * The server's check of the hidden values a request carries: only the flow's own hidden fields,
 * each within the rule. Empty values are dropped. Absent input is no values.
 */
export function checkHiddenValues(flow: ResolvedFlow, input: unknown): HiddenValuesResult {
  if (input === undefined) return { ok: true, values: {} };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ field: 'hidden', message: 'hidden must be an object' }] };
  }
  const fields = new Map(flow.hidden.map((f) => [f.name, f]));
  const errors: { field: string; message: string }[] = [];
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    const field = fields.get(name);
    if (!field) {
      const shown = `hidden.${name.slice(0, 100)}`;
      errors.push({ field: shown, message: `${shown} is not a hidden value of this form` });
      continue;
    }
    const problem = hiddenValueProblem(field, value);
    if (problem) errors.push({ field: `hidden.${name}`, message: `hidden.${name} ${problem}` });
    else if (value !== '') values[name] = value as string;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}
