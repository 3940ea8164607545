/**
 * Text that every database the site runs on stores as it was sent, defined once for every
 * endpoint. Two things a JSON body or a form can carry are not such text:
 * - the NUL character (U+0000): PostgreSQL refuses it in any text value, so the statement fails;
 *   SQLite keeps it but its text functions (length, LIKE) stop there;
 * - a lone UTF-16 surrogate (U+D800 to U+DFFF without its pair, as the JSON escape "\ud800"
 *   makes one): it is not Unicode, so it has no UTF-8 form; PostgreSQL's driver sends U+FFFD in
 *   its place, SQLite's stores bytes that are not UTF-8 and reads back three U+FFFD.
 * Each is refused with a 4xx naming the field and the reason before anything reaches a database,
 * with the same words on both. Lengths are each field's own rule, not this one's.
 */
import type { ApiError } from './api-response';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The reasons, as the end of a sentence that starts with the field's name. */
export const unstorableReasons = {
  nul: 'must not contain the NUL character (U+0000)',
  surrogate: 'must not contain a lone surrogate (U+D800 to U+DFFF), which is not Unicode text',
} as const;

/** Why `text` cannot be stored as sent, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return unstorableReasons.nul;
  if (LONE_SURROGATE.test(text)) return unstorableReasons.surrogate;
  return undefined;
}

/** A name as an error may show it: what cannot be stored is written as its `\uXXXX` escape. */
export function printableName(name: string): string {
  return name.replace(
    // eslint-disable-next-line no-control-regex
    /\u0000|[\uD800-\uDFFF]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface UnstorableValue {
  /** Where it is: object keys (printable) and array indexes, from the root. */
  path: (string | number)[];
  problem: string;
}

/**
 * The first string in a parsed JSON value, or a key of one of its objects, that cannot be stored
 * (depth first, in document order); undefined when there is none. The path is built only for
 * what is found, as the search returns: every lead's body is walked.
 */
export function findUnstorable(value: unknown): UnstorableValue | undefined {
  if (typeof value === 'string') {
    const problem = unstorableText(value);
    return problem ? { path: [], problem } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string') {
      const problem = unstorableText(key);
      if (problem) return { path: [printableName(key)], problem };
    }
    const found = findUnstorable(item);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return undefined;
}

/** The first field of a form (its names and values) that cannot be stored, as an error. */
export function unstorableFormField(form: URLSearchParams): ApiError | undefined {
  for (const [name, value] of form) {
    const problem = unstorableText(name) ?? unstorableText(value);
    if (problem)
      return { field: printableName(name), message: `${printableName(name)} ${problem}` };
  }
  return undefined;
}

/**
 * A request address whose path (a segment such as a lead id or a flow id, once decoded) or query
 * holds text that cannot be stored, as an error naming the query parameter or `path`. A percent
 * escape that is not UTF-8 decodes to U+FFFD in a query; in the path Next cannot read it, and the
 * production server refuses it first (scripts/serve.mjs). So only a NUL can be found here.
 */
export function unstorableAddress(url: string): ApiError | undefined {
  const address = new URL(url, 'http://site.invalid');
  for (const segment of address.pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue;
    }
    const problem = unstorableText(decoded);
    if (problem) return { field: 'path', message: `The address ${problem}` };
  }
  return unstorableFormField(address.searchParams);
}

/**
 * A page's refusal of such an address (the proxy asks before any page reads its parameters): 400,
 * in plain text for the person who typed or followed it, never cached.
 */
export function refuseUnstorableAddress(url: string): Response | undefined {
  const problem = unstorableAddress(url);
  return problem
    ? new Response(`${problem.message}\n`, {
        status: 400,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      })
    : undefined;
}
