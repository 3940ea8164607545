import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  classify,
  parseHubSpotError,
  parseRetryAfter,
  type SentFields,
} from '@/site/server/leads/retry-policy';

const error400 = (...errorTypes: string[]) => ({
  ok: true as const,
  status: 400,
  body: JSON.stringify({
    status: 'error',
    message: 'The request is not valid',
    errors: errorTypes.map((errorType) => ({ message: `Error: ${errorType}`, errorType })),
  }),
});

/** A 400 as HubSpot words it: each error names its field (`Error in 'fields.<name>'. …`). */
const refused = (...errors: [errorType: string, field?: string][]) => ({
  ok: true as const,
  status: 400,
  body: JSON.stringify({
    status: 'error',
    message: 'The request is not valid',
    correlationId: 'c-1',
    errors: errors.map(([errorType, field]) => ({
      message: field ? `Error in 'fields.${field}'. Refused (${errorType})` : `Error: ${errorType}`,
      errorType,
    })),
  }),
});

describe('retry policy', () => {
  it('retries network errors, timeouts, 408, 429 and 5xx', () => {
    expect(classify({ ok: false, error: 'ECONNREFUSED' }).kind).toBe('retry');
    for (const status of [408, 429, 500, 502, 503]) {
      expect(classify({ ok: true, status, body: '' }).kind).toBe('retry');
    }
  });

  it('waits at least what Retry-After asks, in seconds or as a date', () => {
    const verdict = classify({ ok: true, status: 429, body: 'slow down', retryAfter: '7' });
    expect(verdict).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('holds on token, permission, unknown-form and form-configuration errors', () => {
    for (const status of [401, 403, 404]) {
      expect(classify({ ok: true, status, body: '{"message":"nope"}' }).kind).toBe('hold');
    }
    expect(classify(error400('FIELD_NOT_IN_FORM_DEFINITION')).kind).toBe('hold');
    expect(classify(error400('FORM_HAS_RECAPTCHA_ENABLED')).kind).toBe('hold');
    // Consent is ours to ask: a form wanting consent the flow does not send is configuration.
    for (const type of [
      'MISSING_PROCESSING_CONSENT',
      'MISSING_PROCESSING_CONSENT_TEXT',
      'MISSING_COMMUNICATION_CONSENT_TEXT',
      'MISSING_LEGITIMATE_INTEREST_TEXT',
      'INVALID_LEGAL_OPTION_FORMAT',
      'DUPLICATE_SUBSCRIPTION_TYPE_ID',
    ]) {
      expect(classify(error400(type)).kind, type).toBe('hold');
    }
    expect(classify(error400('INVALID_EMAIL', 'FIELD_NOT_IN_FORM_DEFINITION')).kind).toBe('hold');
  });

  it("fails a lead whose visitor data HubSpot refuses, with HubSpot's message", () => {
    expect(classify(error400('INVALID_EMAIL'))).toEqual({
      kind: 'failed',
      reason: 'Error: INVALID_EMAIL',
    });
    expect(classify(error400('BLOCKED_EMAIL', 'REQUIRED_FIELD')).kind).toBe('failed');
  });

  it('drops a rejected context key once, then treats the error as final', () => {
    expect(classify(error400('INVALID_HUTK'))).toMatchObject({
      kind: 'retry-without',
      keys: ['hutk'],
      fields: [],
    });
    expect(classify(error400('INVALID_HUTK'), ['hutk']).kind).toBe('failed');
  });

  it('sends a lead again without the fields HubSpot refuses, naming each with its error', () => {
    for (const type of [
      'FIELD_NOT_IN_FORM_DEFINITION',
      'VALUE_NOT_IN_FIELD_DEFINITION',
      'INVALID_NUMBER',
      'NUMBER_OUT_OF_RANGE',
      'INPUT_TOO_LARGE',
    ]) {
      expect(classify(refused([type, 'utm_source'])), type).toEqual({
        kind: 'retry-without',
        fields: [
          {
            name: 'utm_source',
            errorType: type,
            message: `Error in 'fields.utm_source'. Refused (${type})`,
          },
        ],
        keys: [],
        reason: `HubSpot refused utm_source; sending the lead without it: Error in 'fields.utm_source'. Refused (${type})`,
      });
    }
    // Fields and a rejected context key in one answer: one resend without all of them.
    expect(
      classify(
        refused(
          ['FIELD_NOT_IN_FORM_DEFINITION', 'gclid'],
          ['VALUE_NOT_IN_FIELD_DEFINITION', 'service'],
          ['INVALID_HUTK'],
        ),
        [],
        { sent: ['email', 'gclid', 'service'] },
      ),
    ).toMatchObject({
      kind: 'retry-without',
      fields: [{ name: 'gclid' }, { name: 'service' }],
      keys: ['hutk'],
    });
  });

  it('classifies as before when a refusal is not only of fields the lead can go without', () => {
    const table: [string, ReturnType<typeof refused>, string, SentFields?][] = [
      ['the e-mail refused', refused(['INVALID_EMAIL', 'email']), 'failed'],
      ['the e-mail undeclared', refused(['FIELD_NOT_IN_FORM_DEFINITION', 'email']), 'hold'],
      [
        'the e-mail not a listed value',
        refused(['VALUE_NOT_IN_FIELD_DEFINITION', 'email']),
        'failed',
      ],
      [
        'a field and the e-mail',
        refused(['FIELD_NOT_IN_FORM_DEFINITION', 'utm_source'], ['INVALID_EMAIL', 'email']),
        'hold',
      ],
      ['an error naming no field', refused(['FIELD_NOT_IN_FORM_DEFINITION']), 'hold'],
      [
        'a field and a required one missing',
        refused(['VALUE_NOT_IN_FIELD_DEFINITION', 'service'], ['REQUIRED_FIELD', 'firstname']),
        'failed',
      ],
      [
        'a field and a configuration error',
        refused(['FIELD_NOT_IN_FORM_DEFINITION', 'gclid'], ['FORM_HAS_RECAPTCHA_ENABLED']),
        'hold',
      ],
      [
        'a field the body did not send',
        refused(['FIELD_NOT_IN_FORM_DEFINITION', 'utm_term']),
        'hold',
        { sent: ['email', 'utm_source'] },
      ],
    ];
    for (const [what, answer, kind, fields] of table) {
      expect(classify(answer, [], fields).kind, what).toBe(kind);
    }
    // A context key HubSpot rejects again after it was dropped: no second round for it either.
    expect(
      classify(refused(['FIELD_NOT_IN_FORM_DEFINITION', 'gclid'], ['INVALID_HUTK']), ['hutk']).kind,
    ).toBe('hold');
  });

  it('holds, never drops again, when the resend without fields is refused', () => {
    const dropped = { dropped: ['service'] };
    expect(classify(refused(['REQUIRED_FIELD', 'service']), [], dropped)).toEqual({
      kind: 'hold',
      reason:
        'HubSpot requires service, which was left out after HubSpot refused it: fix the form ' +
        "in HubSpot (or the flow), then retry. HubSpot: Error in 'fields.service'. Refused (REQUIRED_FIELD)",
    });
    const again = classify(refused(['FIELD_NOT_IN_FORM_DEFINITION', 'gclid']), [], dropped);
    expect(again.kind).toBe('hold');
    expect('reason' in again && again.reason).toMatch(
      /^HubSpot refused fields again after service were left out/,
    );
    // Anything else after the drop is classified as before.
    expect(classify(refused(['REQUIRED_FIELD', 'firstname']), [], dropped).kind).toBe('failed');
    expect(classify({ ok: true, status: 200, body: '{}' }, [], dropped).kind).toBe('delivered');
  });

  it('holds an answer it cannot place instead of dropping the lead', () => {
    expect(classify({ ok: true, status: 400, body: '<html>bad</html>' }).kind).toBe('hold');
    expect(classify({ ok: true, status: 410, body: '' }).kind).toBe('hold');
  });

  it('parses error bodies defensively', () => {
    expect(parseHubSpotError('not json')).toEqual({ message: 'not json', errorTypes: [] });
    expect(parseHubSpotError('{"errors":[{"errorType":7},null]}')).toMatchObject({
      errorTypes: [],
    });
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffDelay(4, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffDelay(30, 1000, 60_000, () => 1)).toBe(60_000);
    const spread = new Set(Array.from({ length: 20 }, () => backoffDelay(3, 1000, 60_000)));
    expect(spread.size).toBeGreaterThan(1);
  });
});
