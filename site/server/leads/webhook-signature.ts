/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
 * `<webhook-id>.<webhook-timestamp>.<raw body>`, the HMAC-SHA256 key is the base64-decoded part of
 * the `whsec_` secret, and `webhook-signature` carries `v1,<base64 signature>`. Every attempt is
 * signed again with its own time, since receivers refuse a timestamp more than five minutes off
 * their clock; the id stays the same, the receiver's idempotency key.
 */
import { createHmac } from 'node:crypto';

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signWebhook(
  key: Buffer,
  id: string,
  timestampSeconds: number,
  body: string,
): WebhookHeaders {
  const timestamp = String(Math.floor(timestampSeconds));
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
