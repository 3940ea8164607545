/**
 * A second destination: the firm's webhook beside HubSpot, over the real outbox (SQLite and
 * PostgreSQL), the real delivery workers, the fake HubSpot and a receiver written here that
 * checks every request the way the Standard Webhooks documentation says a receiver must.
 *
 * Time is compressed as in the worker's own tests: the production backoff (30 s base, 6 h cap)
 * runs a thousand times faster, so "ten minutes down" is 600 ms and its retries are the ones ten
 * real minutes would make.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flowPaths, type Answers } from '@/engine';
import type { Dialect } from '@/site/server/db/database';
import { DeliveryWorker } from '@/site/server/leads/delivery-worker';
import { DeliveryWorkers } from '@/site/server/leads/delivery-workers';
import { createHubSpotSink } from '@/site/server/leads/hubspot-sink';
import type { NewLead } from '@/site/server/leads/lead-types';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { parseWebhooks } from '@/site/server/leads/webhook-config';
import { webhookDeliveries, type WebhookPayload } from '@/site/server/leads/webhook-payload';
import { createWebhookSink } from '@/site/server/leads/webhook-sink';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import { repoFlows } from '@/tests/unit/engine/load-repo-flows';
import { lead } from '@/tests/unit/site/server/leads/outbox-fixtures';
import { until } from './support/leads-server';
import { Receiver, verify } from './support/webhook-receiver';
import { runScript } from './support/run-script';
import { dialects, testDatabase, type TestDatabase } from './support/test-databases';

const portalId = '4242';
/** One simulated second is one real millisecond. */
const SCALE = 1000;
const MINUTE = 60_000 / SCALE;

const { flows } = repoFlows();
const client = flows.client!;
const clientPath = flowPaths(client).find((p) => p.submissions.length > 0)!;

describe.each(dialects)('webhooks on %s', (dialect: Dialect) => {
  let fake: FakeHubSpot;
  let receiver: Receiver;
  let database: TestDatabase;
  let store: OutboxStore;
  let workers: DeliveryWorkers;
  let webhookEnv: Record<string, string>;

  beforeEach(async () => {
    fake = new FakeHubSpot({
      portalId,
      forms: { 'form-subscribe': { fields: ['email'], required: ['email'] } },
    });
    await fake.up();
    receiver = new Receiver();
    const url = await receiver.start();
    webhookEnv = {
      WEBHOOK_CRM_MIRROR_URL: url,
      WEBHOOK_CRM_MIRROR_SECRET: receiver.secret,
      WEBHOOK_CRM_MIRROR_FLOWS: 'client,newsletter',
    };
    database = await testDatabase(dialect);
    const site = await database.open();
    store = new OutboxStore(() => Promise.resolve(site));
    const options = {
      retryBaseMs: 30_000 / SCALE,
      retryMaxMs: 21_600_000 / SCALE,
      pollMs: 50,
      concurrency: 8,
      leaseMs: 5000,
      sendLimit: { count: 1000, windowMs: 10_000 },
      soleWorker: true,
    };
    const hubspot = createHubSpotSink({
      apiBase: fake.url,
      filesApiBase: fake.url,
      portalId,
      forms: { SUBSCRIBE: 'form-subscribe' },
      timeoutMs: 2000,
    });
    const [webhook] = parseWebhooks(webhookEnv);
    workers = new DeliveryWorkers([
      new DeliveryWorker(store, hubspot, options),
      new DeliveryWorker(store, createWebhookSink(webhook!, 2000), options),
    ]);
  });

  afterEach(async () => {
    await workers.stop();
    await fake.close();
    await receiver.close();
    await database.dispose();
  });

  /** A client questionnaire lead with its HubSpot body and its webhook delivery, as stored. */
  function clientLead(email: string): NewLead {
    const answers = { ...clientPath.answers, email } as Answers;
    const one = lead(email, ['subscribe'], {
      flowId: 'client',
      flowVersion: client.version,
      answers,
      hidden: { utm_source: 'spring-campaign' },
    });
    one.webhooks = webhookDeliveries(parseWebhooks(webhookEnv), {
      id: one.id,
      flow: client,
      answers,
      hidden: { utm_source: 'spring-campaign' },
      page: { uri: one.pageUri, name: one.pageName },
      receivedAt: one.receivedAt,
      submissions: one.submissions,
      fileLinks: {},
    });
    return one;
  }

  it('posts each lead signed, so the receiver can verify it and refuses a tampered body', async () => {
    const one = clientLead('ada@example.com');
    await store.insertLead(one);
    workers.start();
    await until(() => receiver.accepted().length === 1, 10_000, 'the webhook');

    const [request] = receiver.accepted();
    expect(request!.headers['webhook-id']).toBe(`msg_${one.id}`);
    expect(request!.headers['content-type']).toBe('application/json');
    // The lead as the firm needs it: answers with the labels the visitor read, hidden values,
    // the flow and its version, and the HubSpot bodies.
    const payload = JSON.parse(request!.body) as WebhookPayload;
    expect(payload.type).toBe('lead.created');
    expect(payload.data.id).toBe(one.id);
    expect(payload.data.flow).toEqual({
      id: 'client',
      version: client.version,
      title: client.title,
    });
    expect(payload.data.hidden).toEqual({ utm_source: 'spring-campaign' });
    expect(payload.data.hubspot).toEqual(one.submissions);
    const first = client.steps.find((s) => s.id === clientPath.steps[0]!.step)!;
    if (first.kind !== 'choice') throw new Error('the client questionnaire opens with a choice');
    const chosen = first.options.find((o) => o.value === clientPath.answers[first.id])!;
    expect(payload.data.answers[0]).toMatchObject({
      field: first.id,
      question: first.question,
      answer: chosen.label,
      value: chosen.value,
    });
    expect(payload.data.answers).toContainEqual(
      expect.objectContaining({ field: 'email', question: 'Email', answer: 'ada@example.com' }),
    );

    // The same request again verifies; with one character of the body changed it does not.
    expect(verify(receiver.secret, request!.headers, request!.body)).toBe(true);
    const tampered = request!.body.replace('ada@example.com', 'eve@example.com');
    expect(tampered).not.toBe(request!.body);
    expect(verify(receiver.secret, request!.headers, tampered)).toBe(false);
    const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
    expect(verify(otherSecret, request!.headers, request!.body)).toBe(false);

    // The receiver answered; the worker records that a moment later.
    await until(async () => (await store.getLead(one.id))?.status === 'delivered', 5000);
    const stored = await store.getLead(one.id);
    expect(stored?.deliveries.map((d) => [d.destination, d.formKey, d.status])).toEqual([
      ['hubspot', 'subscribe', 'delivered'],
      ['crm-mirror', '', 'delivered'],
    ]);
  });

  it('delivers to HubSpot at once while the webhook is down for 10 minutes, then the webhook exactly once', async () => {
    receiver.down = true;
    const one = clientLead('patient@example.com');
    const storedAt = Date.now();
    await store.insertLead(one);
    workers.start();

    // HubSpot has the lead at once, once, whatever the webhook does.
    await until(() => fake.accepted.length === 1, 3000, 'HubSpot');
    expect(fake.requests[0]!.at - storedAt).toBeLessThan(1500);
    await until(
      async () => (await store.getLead(one.id))?.deliveries[0]?.status === 'delivered',
      3000,
      'the HubSpot delivery to be recorded',
    );

    // Ten (simulated) minutes of a webhook answering 503.
    await new Promise((resolve) => setTimeout(resolve, 10 * MINUTE));
    const during = (await store.getLead(one.id))!;
    expect(during.status).toBe('pending');
    const [toHubspot, toWebhook] = during.deliveries;
    expect(toHubspot).toMatchObject({ destination: 'hubspot', status: 'delivered', attempts: 1 });
    expect(toWebhook).toMatchObject({ destination: 'crm-mirror', status: 'pending' });
    expect(toWebhook!.attempts).toBeGreaterThanOrEqual(3);
    expect(toWebhook!.lastStatus).toBe(503);
    const refused = receiver.received.length;
    // Every retry is the same message (its id is the receiver's idempotency key), signed anew.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([`msg_${one.id}`]),
    );

    receiver.down = false;
    await until(
      async () => (await store.getLead(one.id))?.status === 'delivered',
      15_000,
      'the webhook to be delivered',
    );
    // Give a duplicate every chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.accepted()).toHaveLength(1);
    expect(receiver.received).toHaveLength(refused + 1);
    expect(fake.requests).toHaveLength(1);
    const attempts = await store.attemptsOf(one.id);
    const webhookId = toWebhook!.id;
    expect(attempts.filter((a) => a.deliveryId === webhookId).map((a) => a.outcome)).toEqual([
      ...Array<string>(refused).fill('pending'),
      'delivered',
    ]);
    expect(attempts.filter((a) => a.deliveryId !== webhookId).map((a) => a.outcome)).toEqual([
      'delivered',
    ]);
  });

  it('replays one lead to one destination with `npm run leads -- replay <id> --to <destination>`', async () => {
    const one = clientLead('again@example.com');
    await store.insertLead(one);
    workers.start();
    await until(async () => (await store.getLead(one.id))?.status === 'delivered', 10_000);
    await workers.stop();
    expect(receiver.accepted()).toHaveLength(1);

    const { config } = database;
    const cli = (args: string[]) =>
      runScript('scripts/leads.ts', args, {
        ...(config.url ? { DATABASE_URL: config.url } : { LEADS_DB: config.file }),
        ...webhookEnv,
      });

    const replayed = await cli(['replay', one.id, '--to', 'crm-mirror']);
    expect(replayed.stderr).toBe('');
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('webhook crm-mirror: delivered');
    expect(receiver.accepted()).toHaveLength(2);
    const [firstSend, again] = receiver.accepted();
    expect(again!.body).toBe(firstSend!.body);
    expect(again!.headers['webhook-id']).toBe(firstSend!.headers['webhook-id']);
    // HubSpot is another destination: not sent again.
    expect(fake.requests).toHaveLength(1);

    const unknown = await cli(['replay', one.id, '--to', 'crm-mirorr']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/"crm-mirorr" is not a configured destination.*crm-mirror/);
    expect(receiver.received).toHaveLength(2);
    // Two runs of the CLI (tsx compiles it each time): slow on a loaded machine.
  }, 90_000);
});
