/**
 * The webhooks an operator configures without code: `WEBHOOK_<NAME>_URL`, `_SECRET`, `_FLOWS`,
 * checked at start with a message naming the variable (and never echoing the secret).
 */
import { describe, expect, it } from 'vitest';
import { parseWebhooks, webhooksFor } from '@/site/server/leads/webhook-config';

const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('webhook configuration', () => {
  it('reads one webhook per name, its key decoded and its flows', () => {
    const hooks = parseWebhooks({
      WEBHOOK_CRM_MIRROR_URL: 'https://hooks.example/leads',
      WEBHOOK_CRM_MIRROR_SECRET: secret,
      WEBHOOK_CRM_MIRROR_FLOWS: 'client, grants',
      WEBHOOK_ZAPIER_URL: 'https://hooks.zapier.example/1',
      WEBHOOK_ZAPIER_SECRET: secret,
    });
    expect(hooks.map((h) => [h.name, h.url, h.flows])).toEqual([
      ['crm-mirror', 'https://hooks.example/leads', ['client', 'grants']],
      ['zapier', 'https://hooks.zapier.example/1', undefined],
    ]);
    expect(hooks[0]!.key).toEqual(Buffer.alloc(32, 7));
    expect(webhooksFor(hooks, 'careers').map((h) => h.name)).toEqual(['zapier']);
    expect(webhooksFor(hooks, 'client').map((h) => h.name)).toEqual(['crm-mirror', 'zapier']);
  });

  it('stops the server naming each bad variable, without printing the secret', () => {
    const bad = () =>
      parseWebhooks({
        WEBHOOK_A_URL: 'ftp://x.example',
        WEBHOOK_A_SECRET: 'not-a-secret-value',
        WEBHOOK_B_SECRET: secret,
        WEBHOOK_HUBSPOT_URL: 'https://x.example',
        WEBHOOK_C_URL: 'https://x.example',
        WEBHOOK_C_SECRET: `whsec_${Buffer.alloc(8).toString('base64')}`,
      });
    expect(bad).toThrow(/WEBHOOK_A_URL: must be an absolute http\(s\) URL/);
    expect(bad).toThrow(/WEBHOOK_A_SECRET: must be whsec_ followed by the base64 key/);
    expect(bad).toThrow(/WEBHOOK_B_URL: must be set/);
    expect(bad).toThrow(/WEBHOOK_HUBSPOT_URL: "hubspot" names the HubSpot destination/);
    expect(bad).toThrow(/WEBHOOK_C_SECRET: must hold a key of 24 to 64 bytes/);
    expect(bad).not.toThrow(/not-a-secret-value/);
    expect(parseWebhooks({})).toEqual([]);
  });
});
