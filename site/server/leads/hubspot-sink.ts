/**
 * HubSpot Forms v3 client. With an access token it uses the secure endpoint (bearer token,
 * higher rate limit), otherwise the public one. It only performs the HTTP call; what an answer
 * means is decided by `retry-policy.ts`.
 */
import type { CrmSink, SinkResult } from './crm-sink';
import { formKeyToEnvSuffix } from './form-key';
import type { HubSpotBody } from '@/engine';

export interface HubSpotConfig {
  apiBase: string;
  filesApiBase: string;
  portalId: string;
  accessToken?: string;
  /** Form ids by env suffix (`CONTACT_BANNER`). */
  forms: Record<string, string>;
  /** Communication subscription type ids by env suffix (`HUBSPOT_SUBSCRIPTION_TYPE_<KEY>`). */
  subscriptionTypes?: Record<string, number>;
  timeoutMs: number;
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `HubSpot did not answer within ${timeoutMs} ms`;
  }
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `network error${error instanceof Error ? ` (${error.message}${cause})` : ''}`;
}

/**
 * The body with the form key's subscription type filled into each communication consent that
 * has none (the portal's id, not the flow's); not ok when one needs it and none is configured.
 */
export function withSubscriptionType(
  body: HubSpotBody,
  subscriptionTypeId: number | undefined,
): { ok: true; body: HubSpotBody } | { ok: false } {
  const consent = body.legalConsentOptions?.consent;
  const communications = consent?.communications;
  if (!consent || !communications?.some((c) => c.subscriptionTypeId === undefined)) {
    return { ok: true, body };
  }
  if (subscriptionTypeId === undefined) return { ok: false };
  return {
    ok: true,
    body: {
      ...body,
      legalConsentOptions: {
        consent: {
          ...consent,
          communications: communications.map((c) => ({
            ...c,
            subscriptionTypeId: c.subscriptionTypeId ?? subscriptionTypeId,
          })),
        },
      },
    },
  };
}

export function createHubSpotSink(config: HubSpotConfig): CrmSink {
  const path = config.accessToken ? 'secure/submit' : 'submit';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.accessToken) headers.authorization = `Bearer ${config.accessToken}`;

  async function send(formKey: string, body: HubSpotBody): Promise<SinkResult> {
    const suffix = formKeyToEnvSuffix(formKey);
    const formId = config.forms[suffix];
    if (!formId) {
      return {
        kind: 'unconfigured',
        reason: `no HubSpot form id for "${formKey}": set HUBSPOT_FORM_${suffix}`,
      };
    }
    const consent = withSubscriptionType(body, config.subscriptionTypes?.[suffix]);
    if (!consent.ok) {
      return {
        kind: 'unconfigured',
        reason: `"${formKey}" subscribes the visitor to a communication, but no subscription type is set: set HUBSPOT_SUBSCRIPTION_TYPE_${suffix}`,
      };
    }
    const url = `${config.apiBase}/submissions/v3/integration/${path}/${encodeURIComponent(
      config.portalId,
    )}/${encodeURIComponent(formId)}`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(consent.body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const text = await response.text();
      return {
        kind: 'sent',
        result: {
          ok: true,
          status: response.status,
          body: text,
          retryAfter: response.headers.get('retry-after'),
        },
      };
    } catch (error) {
      return {
        kind: 'sent',
        result: { ok: false, error: describeNetworkError(error, config.timeoutMs) },
      };
    }
  }

  /** HubSpot Files v3 upload (needs the token's `files` scope); private file, signed-URL access. */
  async function uploadFile(file: { name: string; mime: string; bytes: Buffer }) {
    if (!config.accessToken) return undefined;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
    form.append('folderPath', '/lead-uploads');
    form.append(
      'options',
      JSON.stringify({ access: 'PRIVATE', overwrite: false, duplicateValidationStrategy: 'NONE' }),
    );
    try {
      const response = await fetch(`${config.filesApiBase}/files/v3/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.accessToken}` },
        body: form,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) return undefined;
      const json = (await response.json()) as { url?: unknown };
      return typeof json.url === 'string' ? json.url : undefined;
    } catch {
      return undefined;
    }
  }

  return { name: 'hubspot', send, uploadFile };
}
