import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  classify,
  parseHubSpotError,
  parseRetryAfter,
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
      kind: 'retry-without-context',
      keys: ['hutk'],
    });
    expect(classify(error400('INVALID_HUTK'), ['hutk']).kind).toBe('failed');
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
