/**
 * The webhook destination: posts a webhook delivery's stored payload, signed, to the firm's URL,
 * and says what the answer means. Like the HubSpot sink it only makes the call and classifies;
 * the delivery worker retries, leases and records exactly as it does for HubSpot.
 *
 * What an answer means: 2xx delivered; a network error, a timeout, 408, 425, 429 (after its
 * `Retry-After`) and 5xx are transient and retried with the same backoff as HubSpot; any other
 * answer (401, 403, 404, 410, …) cannot succeed until someone fixes the receiver or its
 * configuration, so the delivery is held until a person retries or replays it.
 */
import type { DeliveryRow } from './lead-types';
import { parseRetryAfter, type HttpResult } from './retry-policy';
import type { WebhookConfig } from './webhook-config';
import { signWebhook } from './webhook-signature';

export interface WebhookSink {
  readonly name: 'webhook';
  /** The destination's name: the outbox rows this sink's worker claims. */
  readonly destination: string;
  send(delivery: DeliveryRow, now?: number): Promise<HttpResult>;
}

export type WebhookVerdict =
  | { kind: 'delivered' }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'hold'; reason: string };

/** The message id: one per lead, the same on every attempt and replay, and on every webhook. */
export const webhookMessageId = (leadId: string) => `msg_${leadId}`;

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `the webhook did not answer within ${timeoutMs} ms`;
  }
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `network error${error instanceof Error ? ` (${error.message}${cause})` : ''}`;
}

export function createWebhookSink(webhook: WebhookConfig, timeoutMs: number): WebhookSink {
  async function send(delivery: DeliveryRow, now = Date.now()): Promise<HttpResult> {
    const body = JSON.stringify(delivery.body);
    const signed = signWebhook(webhook.key, webhookMessageId(delivery.leadId), now / 1000, body);
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signed },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        // A receiver's redirect is its answer, not a place to post the lead again.
        redirect: 'manual',
      });
      const text = await response.text();
      return {
        ok: true,
        status: response.status,
        body: text,
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      return { ok: false, error: describeNetworkError(error, timeoutMs) };
    }
  }
  return { name: 'webhook', destination: webhook.name, send };
}

export function classifyWebhook(result: HttpResult, now = Date.now()): WebhookVerdict {
  if (!result.ok) return { kind: 'retry', reason: result.error };
  const { status } = result;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 429) {
    const wait = parseRetryAfter(result.retryAfter, now);
    return {
      kind: 'retry',
      reason: 'the webhook answered 429 (too many requests)',
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    };
  }
  if (status === 408 || status === 425 || status >= 500) {
    return { kind: 'retry', reason: `the webhook answered ${status}` };
  }
  return {
    kind: 'hold',
    reason: `the webhook answered ${status}: fix the receiver or its WEBHOOK_ variables, then retry or replay`,
  };
}
