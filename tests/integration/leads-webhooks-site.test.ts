/**
 * Webhooks through the built server, on both databases: the operator's `WEBHOOK_*` variables
 * reach the running site, a visitor's lead is posted, signed, to the webhook that takes its flow
 * and to HubSpot, a webhook that is down holds up neither HubSpot nor the visitor, and a flow the
 * webhook does not take never reaches it. A webhook group that cannot work stops the server at
 * start, naming the variable and never printing the secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookPayload } from '@/site/server/leads/webhook-payload';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import { ensureBuild } from './support/leads-build';
import { dialects, serverDatabase } from './support/test-databases';
import { postLead, startLeadsServer, until, type LeadsServer } from './support/leads-server';
import { Receiver } from './support/webhook-receiver';

const portalId = '4242';
const subscribeForm = 'guid-subscribe';
const page = { uri: 'https://firm.example/insights/grants', name: 'insight' };

describe.each(dialects)('webhooks through the built server on %s', (dialect) => {
  let fake: FakeHubSpot;
  let receiver: Receiver;
  let server: LeadsServer;

  beforeAll(async () => {
    await ensureBuild();
    fake = new FakeHubSpot({
      portalId,
      forms: { [subscribeForm]: { fields: ['email'], required: ['email'] } },
    });
    await fake.up();
    receiver = new Receiver();
    const url = await receiver.start();
    server = await startLeadsServer(
      {
        HUBSPOT_PORTAL_ID: portalId,
        HUBSPOT_API_BASE: fake.url,
        HUBSPOT_FORM_SUBSCRIBE: subscribeForm,
        WEBHOOK_CRM_MIRROR_URL: url,
        WEBHOOK_CRM_MIRROR_SECRET: receiver.secret,
        WEBHOOK_CRM_MIRROR_FLOWS: 'newsletter',
      },
      await serverDatabase(dialect),
    );
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await fake?.close();
  });

  it('delivers a lead to HubSpot at once while the webhook is down, and to the webhook once it is back', async () => {
    receiver.down = true;
    const email = `webhook-${dialect}@example.com`;
    const response = await postLead(server, 'newsletter', { answers: { email }, page });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };

    await until(
      () => fake.accepted.some((a) => a.body.fields.some((f) => f.value === email)),
      5000,
      'HubSpot to accept the lead',
    );
    await until(() => receiver.received.length >= 2, 10_000, 'the webhook to be tried twice');
    expect(receiver.accepted()).toHaveLength(0);

    receiver.down = false;
    await until(() => receiver.accepted().length === 1, 15_000, 'the webhook to accept the lead');
    // Delivered means no further attempt: wait through several retry intervals and count again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.accepted()).toHaveLength(1);
    expect(fake.accepted.filter((a) => a.body.fields.some((f) => f.value === email))).toHaveLength(
      1,
    );

    const [delivered] = receiver.accepted();
    expect(delivered!.headers['webhook-id']).toBe(`msg_${id}`);
    const payload = JSON.parse(delivered!.body) as WebhookPayload;
    expect(payload.data.id).toBe(id);
    expect(payload.data.flow.id).toBe('newsletter');
    expect(payload.data.hubspot.map((h) => h.formKey)).toEqual(['subscribe']);
  }, 60_000);

  it('sends a lead of a flow the webhook does not take to HubSpot only', async () => {
    const before = receiver.received.length;
    const response = await postLead(server, 'joinEvent', {
      answers: { email: `event-${dialect}@example.com` },
      page,
    });
    // The event's form key has no HubSpot form here: the lead is stored and held, never sent on.
    expect(response.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received.length).toBe(before);
  }, 30_000);

  it('refuses to start with a webhook whose secret is not a Standard Webhooks secret', async () => {
    const secret = 'not-a-whsec-secret-value';
    await expect(
      startLeadsServer({
        WEBHOOK_BROKEN_URL: 'https://hooks.example/x',
        WEBHOOK_BROKEN_SECRET: secret,
      }),
    ).rejects.toThrow(/WEBHOOK_BROKEN_SECRET/);
    await expect(
      startLeadsServer({
        WEBHOOK_BROKEN_URL: 'https://hooks.example/x',
        WEBHOOK_BROKEN_SECRET: secret,
      }),
    ).rejects.not.toThrow(secret);
  }, 120_000);
});
