/**
 * What one HubSpot answer means for the lead. The classes follow HubSpot's documented errors:
 * - network errors, timeouts, 408, 429 and 5xx are transient: retry with backoff
 *   (429 waits at least its `Retry-After`);
 * - 401/403/404 and form-configuration errors cannot succeed until someone fixes the token or
 *   the form: hold the lead (nothing is lost; `npm run leads -- retry` resumes it);
 * - a context key HubSpot rejects (hutk, IP, page URI) is dropped and the lead retried once;
 * - errors about the visitor's own data will fail forever: mark the lead failed, keep it.
 */
export type Classification =
  | { kind: 'delivered' }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'hold'; reason: string }
  | { kind: 'retry-without-context'; keys: string[]; reason: string }
  | { kind: 'failed'; reason: string };

export type HttpResult =
  | { ok: true; status: number; body: string; retryAfter?: string | null }
  | { ok: false; error: string };

const configurationErrors = new Set([
  'FIELD_NOT_IN_FORM_DEFINITION',
  'FORM_HAS_RECAPTCHA_ENABLED',
  'MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED',
  'INVALID_METADATA',
  'INVALID_LEGAL_OPTION_FORMAT',
  // The site asks consent where the flow declares it: a form wanting consent the flow does not
  // ask is a form/flow mismatch for a person to fix, never the visitor's fault.
  'MISSING_PROCESSING_CONSENT',
  'MISSING_PROCESSING_CONSENT_TEXT',
  'MISSING_COMMUNICATION_CONSENT_TEXT',
  'MISSING_LEGITIMATE_INTEREST_TEXT',
  'DUPLICATE_SUBSCRIPTION_TYPE_ID',
  'INVALID_GOTOWEBINAR_WEBINAR_KEY',
]);

/** Context keys HubSpot may reject; the lead is worth more than its tracking context. */
const contextErrors: Record<string, string> = {
  INVALID_HUTK: 'hutk',
  INVALID_IP_ADDRESS: 'ipAddress',
  INVALID_PAGE_URI: 'pageUri',
};

const visitorErrors = new Set([
  'INVALID_EMAIL',
  'BLOCKED_EMAIL',
  'REQUIRED_FIELD',
  'INVALID_NUMBER',
  'INPUT_TOO_LARGE',
  'NUMBER_OUT_OF_RANGE',
  'VALUE_NOT_IN_FIELD_DEFINITION',
]);

interface HubSpotError {
  message?: unknown;
  errors?: { message?: unknown; errorType?: unknown }[];
}

/** Reads HubSpot's error body defensively: every field is optional, the body may not be JSON. */
export function parseHubSpotError(body: string): { message: string; errorTypes: string[] } {
  let parsed: HubSpotError | undefined;
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object') parsed = value;
  } catch {
    // not JSON: fall through with the raw text
  }
  const details = Array.isArray(parsed?.errors) ? parsed.errors : [];
  const messages = details
    .map((error) => (typeof error?.message === 'string' ? error.message : undefined))
    .filter((message): message is string => Boolean(message));
  const top = typeof parsed?.message === 'string' ? parsed.message : body.slice(0, 300);
  return {
    message: messages.length > 0 ? messages.join('; ') : top || '(empty body)',
    errorTypes: details
      .map((error) => (typeof error?.errorType === 'string' ? error.errorType : undefined))
      .filter((type): type is string => Boolean(type)),
  };
}

/** `Retry-After` as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()) {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function classify(
  result: HttpResult,
  droppedContext: readonly string[] = [],
): Classification {
  if (!result.ok) return { kind: 'retry', reason: result.error };
  const { status, body } = result;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 429) {
    return {
      kind: 'retry',
      reason: 'HubSpot rate limit (429)',
      retryAfterMs: parseRetryAfter(result.retryAfter),
    };
  }
  if (status >= 500 || status === 408) return { kind: 'retry', reason: `HubSpot ${status}` };
  const { message, errorTypes } = parseHubSpotError(body);
  if (status === 401)
    return { kind: 'hold', reason: `HubSpot 401 (access token rejected): ${message}` };
  if (status === 403) return { kind: 'hold', reason: `HubSpot 403 (not allowed): ${message}` };
  if (status === 404)
    return { kind: 'hold', reason: `HubSpot 404 (unknown portal or form): ${message}` };
  if (status === 400) {
    if (errorTypes.some((type) => configurationErrors.has(type))) {
      return { kind: 'hold', reason: `HubSpot form configuration: ${message}` };
    }
    const keys = errorTypes.flatMap((type) => (contextErrors[type] ? [contextErrors[type]] : []));
    const fresh = keys.filter((key) => !droppedContext.includes(key));
    if (
      keys.length > 0 &&
      fresh.length === keys.length &&
      !errorTypes.some((t) => visitorErrors.has(t))
    ) {
      return {
        kind: 'retry-without-context',
        keys: fresh,
        reason: `HubSpot rejected context: ${message}`,
      };
    }
    if (
      errorTypes.length > 0 &&
      errorTypes.every((type) => visitorErrors.has(type) || contextErrors[type])
    ) {
      return { kind: 'failed', reason: message };
    }
  }
  // An answer we cannot place (unknown 4xx, unknown error type): keep the lead and let a person look.
  return { kind: 'hold', reason: `HubSpot ${status}: ${message}` };
}

/**
 * Delay before attempt `attempt + 1` after `attempt` failures: exponential from `baseMs`, capped
 * at `maxMs`, with "equal jitter" (half fixed, half random) so a burst of leads that failed
 * together does not retry together.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random) {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 40)));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
