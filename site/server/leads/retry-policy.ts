/**
 * What one HubSpot answer means for the lead. The classes follow HubSpot's documented errors:
 * - network errors, timeouts, 408, 429 and 5xx are transient: retry with backoff
 *   (429 waits at least its `Retry-After`);
 * - 401/403/404 and form-configuration errors cannot succeed until someone fixes the token or
 *   the form: hold the lead (nothing is lost; `npm run leads -- retry` resumes it);
 * - a context key HubSpot rejects (hutk, IP, page URI) is dropped and the lead retried once;
 * - fields HubSpot refuses (undeclared, a value its property does not list, not a number, …) are
 *   left out and the lead sent again at once, one round only: a lead is worth more than an
 *   attribution field or an optional answer, and the outbox keeps the whole body. When HubSpot
 *   then says the form requires a field left out, or refuses fields again, the lead is held;
 * - errors about the visitor's own data will fail forever: mark the lead failed, keep it.
 */
import type { DroppedField } from './lead-types';

export type Classification =
  | { kind: 'delivered' }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'hold'; reason: string }
  | {
      /** Sent again at once without what HubSpot refused: context keys, fields, or both. */
      kind: 'retry-without';
      keys: string[];
      fields: RefusedField[];
      reason: string;
    }
  | { kind: 'failed'; reason: string };

/** A field HubSpot refused, with its own error for it (the worker adds the value it had). */
export type RefusedField = Omit<DroppedField, 'value'>;

/** What the delivery's earlier sends left out, for `classify`. */
export interface SentFields {
  /** Names of the fields the refused body carried; a refusal naming another is not placed. */
  sent?: readonly string[];
  /** Fields already left out after a refusal: there is no second round. */
  dropped?: readonly string[];
}

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

/**
 * Errors that refuse one field's name or value, each saying which field in its message
 * (`Error in 'fields.<name>'. …`): the rest of the lead can go without that field.
 */
const fieldErrors = new Set([
  'FIELD_NOT_IN_FORM_DEFINITION',
  'VALUE_NOT_IN_FIELD_DEFINITION',
  'INVALID_NUMBER',
  'NUMBER_OUT_OF_RANGE',
  'INPUT_TOO_LARGE',
]);

/** The contact's identity: a lead is never sent without it. */
const neverDropped = new Set(['email']);

interface HubSpotError {
  message?: unknown;
  errors?: { message?: unknown; errorType?: unknown }[];
}

/** One entry of HubSpot's `errors`, '' where it left a part out. */
interface ErrorDetail {
  message: string;
  errorType: string;
}

/** HubSpot's error body read defensively: every field is optional, the body may not be JSON. */
function readErrorBody(body: string) {
  let parsed: HubSpotError | undefined;
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object') parsed = value;
  } catch {
    // not JSON: fall through with the raw text
  }
  const details: ErrorDetail[] = (Array.isArray(parsed?.errors) ? parsed.errors : []).map(
    (error) => ({
      message: typeof error?.message === 'string' ? error.message : '',
      errorType: typeof error?.errorType === 'string' ? error.errorType : '',
    }),
  );
  const messages = details.map((error) => error.message).filter(Boolean);
  const top = typeof parsed?.message === 'string' ? parsed.message : body.slice(0, 300);
  return {
    message: messages.length > 0 ? messages.join('; ') : top || '(empty body)',
    errorTypes: details.map((error) => error.errorType).filter(Boolean),
    details,
  };
}

/** HubSpot's error body as one message and its error types, whatever its shape. */
export function parseHubSpotError(body: string): { message: string; errorTypes: string[] } {
  const { message, errorTypes } = readErrorBody(body);
  return { message, errorTypes };
}

/** The field an error message names (`Error in 'fields.utm_source'. …`), if it names one. */
function fieldNamed(message: string): string | undefined {
  return /^\s*Error in 'fields\.([^'\s]+)'/.exec(message)?.[1];
}

/**
 * The fields (and context keys) to send the lead without, when every error of a 400 refuses a
 * field it names and the lead can do without, or a context key not dropped before; otherwise
 * undefined and the answer is classified as before.
 */
function droppable(
  details: readonly ErrorDetail[],
  droppedContext: readonly string[],
  sent: readonly string[] | undefined,
): { fields: RefusedField[]; keys: string[] } | undefined {
  const fields: RefusedField[] = [];
  const keys: string[] = [];
  for (const { errorType, message } of details) {
    const key = contextErrors[errorType];
    if (key !== undefined && !droppedContext.includes(key)) {
      keys.push(key);
      continue;
    }
    const name = fieldErrors.has(errorType) ? fieldNamed(message) : undefined;
    if (name === undefined || neverDropped.has(name)) return undefined;
    if (sent && !sent.includes(name)) return undefined;
    const same = fields.find((field) => field.name === name);
    if (same) same.message = `${same.message}; ${message}`;
    else fields.push({ name, errorType, message });
  }
  return fields.length > 0 ? { fields, keys: [...new Set(keys)] } : undefined;
}

/**
 * After a round without some fields, HubSpot's verdict on them: the form requires one after all
 * (REQUIRED_FIELD naming it), or it refuses fields again. Either way a person must look; a lead
 * is never sent without still more fields.
 */
function afterDrop(
  details: readonly ErrorDetail[],
  dropped: readonly string[],
  message: string,
): Classification | undefined {
  if (dropped.length === 0) return undefined;
  const required = details.flatMap(({ errorType, message: text }) => {
    const name = errorType === 'REQUIRED_FIELD' ? fieldNamed(text) : undefined;
    return name !== undefined && dropped.includes(name) ? [name] : [];
  });
  if (required.length > 0) {
    const fields = [...new Set(required)];
    const one = fields.length === 1;
    return {
      kind: 'hold',
      reason:
        `HubSpot requires ${fields.join(', ')}, which ${one ? 'was' : 'were'} left out after ` +
        `HubSpot refused ${one ? 'it' : 'them'}: fix the form in HubSpot (or the flow), then ` +
        `retry. HubSpot: ${message}`,
    };
  }
  if (details.some(({ errorType }) => fieldErrors.has(errorType))) {
    return {
      kind: 'hold',
      reason: `HubSpot refused fields again after ${dropped.join(', ')} were left out: ${message}`,
    };
  }
  return undefined;
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
  fields: SentFields = {},
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
  const { message, errorTypes, details } = readErrorBody(body);
  if (status === 401)
    return { kind: 'hold', reason: `HubSpot 401 (access token rejected): ${message}` };
  if (status === 403) return { kind: 'hold', reason: `HubSpot 403 (not allowed): ${message}` };
  if (status === 404)
    return { kind: 'hold', reason: `HubSpot 404 (unknown portal or form): ${message}` };
  if (status === 400) {
    const held = afterDrop(details, fields.dropped ?? [], message);
    if (held) return held;
    // After a round without fields afterDrop has held any refusal of fields: no second round.
    const drop = droppable(details, droppedContext, fields.sent);
    if (drop) {
      const refused = drop.fields.map((field) => field.name);
      return {
        kind: 'retry-without',
        ...drop,
        reason: `HubSpot refused ${refused.join(', ')}; sending the lead without ${refused.length === 1 ? 'it' : 'them'}: ${message}`,
      };
    }
    if (errorTypes.some((type) => configurationErrors.has(type))) {
      return { kind: 'hold', reason: `HubSpot form configuration: ${message}` };
    }
    // Context alone, or beside errors `droppable` cannot place (an unknown type): still resent
    // without the context at once.
    const keys = errorTypes.flatMap((type) => (contextErrors[type] ? [contextErrors[type]] : []));
    const fresh = keys.filter((key) => !droppedContext.includes(key));
    if (
      keys.length > 0 &&
      fresh.length === keys.length &&
      !errorTypes.some((t) => visitorErrors.has(t))
    ) {
      return {
        kind: 'retry-without',
        keys: fresh,
        fields: [],
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
