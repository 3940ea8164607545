/**
 * The firm's webhooks, read from the environment the way HubSpot form keys are: one group of
 * variables per webhook, named by the webhook.
 *
 *   WEBHOOK_<NAME>_URL     where each lead is posted (http or https)
 *   WEBHOOK_<NAME>_SECRET  the signing secret, `whsec_<base64>` (Standard Webhooks)
 *   WEBHOOK_<NAME>_FLOWS   comma-separated flow ids; unset: every flow
 *
 * `WEBHOOK_CRM_MIRROR_URL` makes the destination `crm-mirror`: the name the lead's page, the
 * outbox and `npm run leads -- replay <id> --to crm-mirror` use. A malformed or incomplete group
 * stops the server with the variable's name. The secret stays on the server (site/env.ts is
 * server-only); only the signature leaves it.
 */

export interface WebhookConfig {
  /** The destination's name: the variables' `<NAME>` in lower case, `_` as `-`. */
  name: string;
  url: string;
  /** The HMAC key: the base64-decoded part of `whsec_<base64>`. */
  key: Buffer;
  /** The flows whose leads it receives; undefined: every flow. */
  flows: readonly string[] | undefined;
}

const part = /^WEBHOOK_([A-Z0-9]+(?:_[A-Z0-9]+)*)_(URL|SECRET|FLOWS)$/;
const flowId = /^[a-z0-9][a-z0-9-]*$/;

/** `whsec_<base64>` → the key bytes; Standard Webhooks keys are 24 to 64 bytes. */
function secretKey(raw: string): Buffer | string {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(raw);
  if (!match?.[1]) return 'must be whsec_ followed by the base64 key';
  const key = Buffer.from(match[1], 'base64');
  if (key.length < 24 || key.length > 64) {
    return `must hold a key of 24 to 64 bytes (this one has ${key.length})`;
  }
  return key;
}

function parseUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Every configured webhook, by name; throws an Error naming each bad variable. */
export function parseWebhooks(source: Record<string, string | undefined>): WebhookConfig[] {
  const groups = new Map<string, Partial<Record<'URL' | 'SECRET' | 'FLOWS', string>>>();
  for (const [variable, raw] of Object.entries(source)) {
    const match = part.exec(variable);
    if (!match?.[1] || !match[2] || raw === undefined || raw.trim() === '') continue;
    const group = groups.get(match[1]) ?? {};
    group[match[2] as 'URL' | 'SECRET' | 'FLOWS'] = raw.trim();
    groups.set(match[1], group);
  }
  const problems: string[] = [];
  const webhooks: WebhookConfig[] = [];
  const got = (value: string) => ` (got ${JSON.stringify(value)})`;
  for (const [upper, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const prefix = `WEBHOOK_${upper}`;
    const name = upper.toLowerCase().replace(/_/g, '-');
    if (name === 'hubspot') {
      problems.push(`  ${prefix}_URL: "hubspot" names the HubSpot destination; pick another name`);
      continue;
    }
    const url = group.URL === undefined ? undefined : parseUrl(group.URL);
    if (group.URL === undefined)
      problems.push(`  ${prefix}_URL: must be set (its other variables are)`);
    else if (!url)
      problems.push(`  ${prefix}_URL: must be an absolute http(s) URL${got(group.URL)}`);
    let key: Buffer | undefined;
    if (group.SECRET === undefined) {
      problems.push(`  ${prefix}_SECRET: must be set: every webhook is signed (whsec_<base64>)`);
    } else {
      const parsed = secretKey(group.SECRET);
      // The secret itself is never echoed in the message.
      if (typeof parsed === 'string') problems.push(`  ${prefix}_SECRET: ${parsed}`);
      else key = parsed;
    }
    const flows = group.FLOWS?.split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    const badFlow = flows?.find((id) => id !== '*' && !flowId.test(id));
    if (badFlow !== undefined) {
      problems.push(`  ${prefix}_FLOWS: must be comma-separated flow ids${got(group.FLOWS!)}`);
    }
    if (url && key && badFlow === undefined) {
      const every = !flows || flows.length === 0 || flows.includes('*');
      webhooks.push({ name, url, key, flows: every ? undefined : flows });
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  return webhooks;
}

/** The webhooks that receive this flow's leads. */
export function webhooksFor(webhooks: readonly WebhookConfig[], flowId: string): WebhookConfig[] {
  return webhooks.filter((webhook) => !webhook.flows || webhook.flows.includes(flowId));
}
