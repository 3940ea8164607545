/**
 * A minimal Strapi v4 REST client: bearer auth, a timeout, and errors that carry the
 * status and Strapi's own message (`{data:null, error:{status,name,message}}`).
 * Free of next/* so it runs the same in tests, scripts and the server.
 *
 * This is the one HTTP client of the content backend. It runs on the server only (at build
 * time and when a page is regenerated), where a toast has no one to show to, and it uses
 * `fetch` because Next's data cache and revalidation work through `fetch` alone.
 *
 * Answers are cacheable (`force-cache`): a `no-store` fetch makes Next render every page per
 * request instead of prerendering it. Freshness comes from revalidation instead: the webhook
 * revalidates the paths an entry appears on (a path's revalidation also expires the cached
 * answers read while rendering it), and `revalidateSeconds` bounds their age otherwise.
 * Outside Next the extra options are ignored and every call reaches Strapi.
 */
import { isFrameworkSignal } from './framework-signal';

/** The Next data-cache tag of every Strapi answer: revalidating it refreshes all of them. */
export const STRAPI_CACHE_TAG = 'strapi';

export interface StrapiClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
  /** Longest age of a cached answer in seconds; unset: until revalidated on demand. */
  revalidateSeconds?: number;
}

export class StrapiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'StrapiError';
  }
}

function strapiMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return [name, message].filter((part) => typeof part === 'string' && part).join(': ') || undefined;
}

export function createStrapiClient(options: StrapiClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;

  /** GETs `path` (e.g. `/api/navigation-bars?populate=deep`) and returns the parsed JSON. */
  async function get(path: string): Promise<unknown> {
    const url = `${base}${path}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: {
          Authorization: `Bearer ${options.token}`,
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          // Strapi v5 answers in the v4 shape (data[].attributes) with this header.
          'Strapi-Response-Format': 'v4',
        },
        signal: AbortSignal.timeout(options.timeoutMs),
        // Next warns when both `cache` and `next.revalidate` are given: one or the other.
        ...(options.revalidateSeconds
          ? { next: { revalidate: options.revalidateSeconds, tags: [STRAPI_CACHE_TAG] } }
          : { cache: 'force-cache', next: { tags: [STRAPI_CACHE_TAG] } }),
      });
    } catch (error) {
      if (isFrameworkSignal(error)) throw error;
      const reason =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `timed out after ${options.timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : String(error);
      throw new StrapiError(`GET ${path} failed: ${reason}`, null);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const detail = strapiMessage(body) ?? (text.slice(0, 120) || response.statusText);
      throw new StrapiError(`GET ${path} answered ${response.status}: ${detail}`, response.status);
    }
    if (body === undefined)
      throw new StrapiError(`GET ${path} answered with a body that is not JSON`, response.status);
    return body;
  }

  return { get };
}

export type StrapiClient = ReturnType<typeof createStrapiClient>;
