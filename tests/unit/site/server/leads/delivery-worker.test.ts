import { afterEach, describe, expect, it } from 'vitest';
import { noneSink } from '@/site/server/leads/crm-sink';
import { DeliveryWorker, SUBMITTED_AT_MAX_AGE_MS } from '@/site/server/leads/delivery-worker';
import { createHubSpotSink } from '@/site/server/leads/hubspot-sink';
import { DuplicateLeadError } from '@/site/server/leads/lead-store';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import type { Dialect } from '@/site/server/db/database';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { dialects } from '@/tests/integration/support/test-databases';
import { lead, tempOutbox } from './outbox-fixtures';

const portalId = '123456';
const forms = {
  SUBSCRIBE: 'form-subscribe',
  CAREER_QUESTIONS: 'form-cq',
  CAREERS_SUBMIT: 'form-cs',
};
const options = {
  retryBaseMs: 50,
  retryMaxMs: 400,
  pollMs: 50,
  concurrency: 4,
  leaseMs: 5000,
  sendLimit: { count: 1000, windowMs: 10_000 },
  soleWorker: true,
};

let fake: FakeHubSpot | undefined;
const workers: DeliveryWorker[] = [];
const outboxes: ReturnType<typeof tempOutbox>[] = [];

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await fake?.close();
  fake = undefined;
  for (const outbox of outboxes.splice(0)) await outbox.dispose();
});

async function setup(
  dialect: Dialect,
  accessToken?: string,
  subscriptionTypes?: Record<string, number>,
) {
  fake = new FakeHubSpot({
    portalId,
    accessToken,
    forms: {
      'form-subscribe': { fields: ['email'], required: ['email'] },
      'form-cq': { fields: ['email'] },
      'form-cs': { fields: ['email'] },
    },
  });
  await fake.up();
  const outbox = tempOutbox(dialect);
  outboxes.push(outbox);
  const sink = createHubSpotSink({
    apiBase: fake.url,
    filesApiBase: fake.url,
    portalId,
    accessToken,
    forms,
    subscriptionTypes,
    timeoutMs: 500,
  });
  const worker = new DeliveryWorker(outbox.store, sink, options);
  workers.push(worker);
  /**
   * A second instance's worker on the same database (its own pool on PostgreSQL; on SQLite the
   * process's one connection), sending to the same HubSpot.
   */
  const secondWorker = async (overrides: Partial<typeof options> = {}) => {
    const other = dialect === 'postgres' ? (await outbox.database).open() : outbox.site;
    const second = new DeliveryWorker(new OutboxStore(() => other), sink, {
      ...options,
      ...overrides,
    });
    workers.push(second);
    return second;
  };
  return { ...outbox, worker, fake, sink, secondWorker };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 8000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(dialects)('delivery worker on %s', (dialect) => {
  it('delivers each form of a lead once, with the original submittedAt, on the public endpoint', async () => {
    const { store, worker, fake } = await setup(dialect);
    const careers = lead('ada@example.com', ['careerQuestions', 'careersSubmit']);
    await store.insertLead(careers);
    worker.start();
    await until(() => fake.accepted.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.accepted.map((a) => a.formGuid).sort()).toEqual(['form-cq', 'form-cs']);
    expect(
      fake.accepted.every((a) => a.body.submittedAt === careers.submittedAt && !a.secure),
    ).toBe(true);
    expect((await store.getLead(careers.id))?.status).toBe('delivered');
  });

  it('uses the secure endpoint with the bearer token when one is set', async () => {
    const { store, worker, fake } = await setup(dialect, 'pat-token-123');
    await store.insertLead(lead('bob@example.com'));
    worker.start();
    await until(() => fake.accepted.length === 1);
    expect(fake.accepted[0]?.secure).toBe(true);
  });

  it('keeps retrying through downtime and 5xx, then delivers exactly once', async () => {
    const { store, worker, fake } = await setup(dialect);
    await fake.down();
    const leads = Array.from({ length: 20 }, (_, i) => lead(`p${i}@example.com`));
    for (const one of leads) await store.insertLead(one);
    worker.start();
    await until(async () => (await store.listLeads()).every((l) => l.attempts >= 1));
    expect((await store.stats()).deliveries.pending).toBe(20);
    await fake.up();
    fake.failNext(3, 503);
    await until(async () => (await store.stats()).deliveries.delivered === 20);
    const emails = fake.accepted.map((a) => a.body.fields[0]?.value);
    expect(new Set(emails).size).toBe(20);
    expect(emails).toHaveLength(20);
  });

  it('honours Retry-After on 429', async () => {
    const { store, worker, fake } = await setup(dialect);
    fake.failNext(1, 429, '1');
    await store.insertLead(lead('wait@example.com'));
    worker.start();
    await until(() => fake.accepted.length === 1, 5000);
    const [limited, accepted] = fake.requests;
    expect(limited?.status).toBe(429);
    expect(accepted!.at - limited!.at).toBeGreaterThanOrEqual(950);
  });

  it('sends no other lead while a 429 Retry-After runs, then delivers both', async () => {
    const { store, worker, fake } = await setup(dialect);
    fake.failNext(1, 429, '1');
    await store.insertLead(lead('first@example.com'));
    worker.start();
    await until(() => fake.requests.length === 1);
    await store.insertLead(lead('second@example.com'));
    worker.kick();
    await until(() => fake.accepted.length === 2, 5000);
    const [limited, ...after] = fake.requests;
    expect(limited?.status).toBe(429);
    expect(after.map((r) => r.email).sort()).toEqual(['first@example.com', 'second@example.com']);
    for (const request of after) expect(request.at - limited!.at).toBeGreaterThanOrEqual(950);
  });

  it('holds a lead on an undeclared field and delivers it once the form is fixed and retried', async () => {
    const { store, worker, fake } = await setup(dialect);
    fake.setForm('form-subscribe', { fields: ['firstname'] });
    const one = lead('held@example.com');
    await store.insertLead(one);
    worker.start();
    await until(async () => (await store.getLead(one.id))?.status === 'held');
    expect((await store.getLead(one.id))?.deliveries[0]?.lastError).toMatch(
      /not in the form definition/,
    );
    fake.setForm('form-subscribe', { fields: ['email'] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.accepted).toHaveLength(0);
    expect(await store.requeue({ leadId: one.id })).toBe(1);
    worker.kick();
    await until(async () => (await store.getLead(one.id))?.status === 'delivered');
    expect(fake.accepted).toHaveLength(1);
  });

  it("marks a lead failed with HubSpot's message when the visitor's e-mail is refused", async () => {
    const { store, worker } = await setup(dialect);
    const one = lead('not-an-email');
    await store.insertLead(one);
    worker.start();
    await until(async () => (await store.getLead(one.id))?.status === 'failed');
    expect((await store.getLead(one.id))?.lastError).toBe(
      "Error in 'fields.email'. Invalid email address",
    );
  });

  it('drops a rejected hutk and delivers without it', async () => {
    const { store, worker, fake } = await setup(dialect);
    const one = lead('hutk@example.com');
    one.submissions[0]!.body.context.hutk = 'not-a-real-hutk';
    await store.insertLead(one);
    worker.start();
    await until(() => fake.accepted.length === 1);
    expect(fake.accepted[0]?.body.context).not.toHaveProperty('hutk');
  });

  it('holds every lead without HubSpot configured, and sends them once it is', async () => {
    const { store, fake } = await setup(dialect);
    const idle = new DeliveryWorker(store, noneSink, options);
    workers.push(idle);
    const one = lead('later@example.com');
    await store.insertLead(one);
    idle.start();
    await until(async () => (await store.getLead(one.id))?.status === 'held');
    await idle.stop();
    const configured = new DeliveryWorker(
      store,
      createHubSpotSink({
        apiBase: fake.url,
        filesApiBase: fake.url,
        portalId,
        forms,
        timeoutMs: 500,
      }),
      options,
    );
    workers.push(configured);
    configured.start();
    await until(async () => (await store.getLead(one.id))?.status === 'delivered');
    expect(fake.accepted).toHaveLength(1);
  });

  it('counts a lease left by a dead process as an attempt in doubt and retries it', async () => {
    const { store, worker, fake } = await setup(dialect);
    const one = lead('doubt@example.com');
    await store.insertLead(one);
    expect(await store.claimDue(Date.now(), 10, 60_000)).toHaveLength(1);
    expect(await store.claimDue(Date.now(), 10, 60_000)).toHaveLength(0);
    worker.start();
    await until(() => fake.accepted.length === 1);
    expect((await store.getLead(one.id))?.deliveries[0]?.inDoubt).toBe(1);
  });

  it('stores a repeated idempotency key once, even within one group commit', async () => {
    const { store } = await setup(dialect);
    const first = lead('twice@example.com', ['subscribe'], { idempotencyKey: 'k-1' });
    const second = lead('twice@example.com', ['subscribe'], { idempotencyKey: 'k-1' });
    const other = lead('other@example.com', ['subscribe']);
    const results = await Promise.allSettled([
      store.insertLead(first),
      store.insertLead(second),
      store.insertLead(other),
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: first.id });
    expect(results[1]?.status).toBe('rejected');
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateLeadError);
    // The rest of the batch is stored once, with its delivery: the failure rolled back alone.
    expect(results[2]).toEqual({ status: 'fulfilled', value: other.id });
    expect((await store.listLeads()).map((row) => row.id)).toEqual(
      expect.arrayContaining([first.id, other.id]),
    );
    expect(await store.listLeads()).toHaveLength(2);
    expect((await store.getLead(other.id))?.deliveries).toHaveLength(1);
  });

  it('keeps two workers together within the site-wide send window', async () => {
    const { store, fake, sink, secondWorker } = await setup(dialect);
    const window = { sendLimit: { count: 3, windowMs: 1500 } };
    const first = new DeliveryWorker(store, sink, { ...options, ...window });
    workers.push(first);
    const second = await secondWorker(window);
    for (let i = 0; i < 7; i++) await store.insertLead(lead(`burst${i}@example.com`));
    first.start();
    second.start();
    await until(() => fake.accepted.length === 7, 8000);
    const times = fake.requests.map((r) => r.at).sort((a, b) => a - b);
    // Any 3 sends apart by less than a window would break the limit; 7 need three windows. The
    // slot is taken before the request leaves, and HubSpot notes it when it arrives: on a loaded
    // machine the two differ by up to a few hundred ms (unlimited, the gaps would be ~0).
    for (let i = 3; i < times.length; i++) {
      expect(times[i]! - times[i - 3]!).toBeGreaterThanOrEqual(1000);
    }
    expect(new Set(fake.accepted.map((r) => r.body.fields[0]?.value)).size).toBe(7);
    // HubSpot answered the last send; its worker records that a moment later.
    await until(async () => (await store.stats()).deliveries.delivered === 7);
    // Claims given back for want of a slot were not counted as attempts: each lead counts the
    // requests HubSpot had for it (one, unless a send timed out on a loaded machine).
    for (const l of await store.listLeads()) {
      const sent = fake.requests.filter((r) => r.email === l.contact.email).length;
      expect(l.attempts, l.contact.email ?? l.id).toBe(sent);
    }
  });

  it("pauses every instance on one instance's 429 until its Retry-After", async () => {
    const { store, worker, fake, secondWorker } = await setup(dialect);
    fake.failNext(1, 429, '1');
    await store.insertLead(lead('limited@example.com'));
    worker.start();
    await until(() => fake.requests.length === 1);
    const second = await secondWorker();
    await store.insertLead(lead('other@example.com'));
    second.start();
    await until(() => fake.accepted.length === 2, 5000);
    const [limited, ...after] = fake.requests;
    expect(limited?.status).toBe(429);
    for (const request of after) expect(request.at - limited!.at).toBeGreaterThanOrEqual(950);
  });
  it('sends a lead held longer than HubSpot backdates with the oldest time it takes; the outbox keeps the true time', async () => {
    const { store, worker, fake } = await setup(dialect);
    const trueTime = Date.now() - 40 * 24 * 60 * 60 * 1000;
    const old = lead('old@example.com');
    old.submittedAt = trueTime;
    old.submissions[0]!.body.submittedAt = trueTime;
    // As stored, HubSpot refuses it: the time is more than a month old.
    const direct = await fetch(
      `${fake.url}/submissions/v3/integration/submit/${portalId}/form-subscribe`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(old.submissions[0]!.body),
      },
    );
    expect(direct.status).toBe(400);
    expect(await direct.text()).toMatch(/too far in the past/);

    await store.insertLead(old);
    const sendStart = Date.now();
    worker.start();
    await until(() => fake.accepted.length === 1);
    const sent = fake.accepted[0]!.body.submittedAt;
    expect(sent).toBeGreaterThanOrEqual(sendStart - SUBMITTED_AT_MAX_AGE_MS);
    expect(sent).toBeLessThanOrEqual(Date.now() - SUBMITTED_AT_MAX_AGE_MS);
    // HubSpot answered; the worker records the outcome right after.
    await until(async () => (await store.getLead(old.id))?.status === 'delivered');
    const stored = await store.getLead(old.id);
    expect(stored?.status).toBe('delivered');
    expect(stored?.submittedAt).toBe(trueTime);
    expect(stored?.deliveries[0]?.body.submittedAt).toBe(trueTime);
  });

  it('holds, not fails, a lead a consent-requiring form refuses, and delivers it once consent is sent', async () => {
    const { store, worker, fake } = await setup(dialect);
    fake.setForm('form-subscribe', { fields: ['email'], consent: { processing: true } });
    const bare = lead('noconsent@example.com');
    await store.insertLead(bare);
    worker.start();
    await until(async () => (await store.getLead(bare.id))?.status === 'held');
    const held = await store.getLead(bare.id);
    expect(held?.deliveries[0]).toMatchObject({
      status: 'held',
      holdKind: 'provider',
      lastStatus: 400,
    });
    expect(held?.deliveries[0]?.lastError).toMatch(/form configuration.*consent to process/);

    const consenting = lead('consent@example.com');
    consenting.submissions[0]!.body.legalConsentOptions = {
      consent: { consentToProcess: true, text: 'I agree to the processing of my data' },
    };
    await store.insertLead(consenting);
    worker.kick();
    await until(async () => (await store.getLead(consenting.id))?.status === 'delivered');
    expect(fake.accepted.map((a) => a.body.legalConsentOptions)).toEqual([
      { consent: { consentToProcess: true, text: 'I agree to the processing of my data' } },
    ]);
  });

  it('fills the form key’s subscription type into a communication consent, and holds it when none is set', async () => {
    const withConsent = (email: string) => {
      const one = lead(email);
      one.submissions[0]!.body.legalConsentOptions = {
        consent: {
          consentToProcess: true,
          text: 'I agree',
          communications: [{ value: true, text: 'Send me the newsletter' }],
        },
      };
      return one;
    };
    const configured = await setup(dialect, undefined, { SUBSCRIBE: 777 });
    await configured.store.insertLead(withConsent('sub@example.com'));
    configured.worker.start();
    await until(() => configured.fake.accepted.length === 1);
    expect(configured.fake.accepted[0]!.body.legalConsentOptions).toEqual({
      consent: {
        consentToProcess: true,
        text: 'I agree',
        communications: [{ value: true, text: 'Send me the newsletter', subscriptionTypeId: 777 }],
      },
    });
    await configured.worker.stop();
    await configured.fake.close();

    const missing = await setup(dialect);
    const unset = withConsent('unset@example.com');
    await missing.store.insertLead(unset);
    missing.worker.start();
    await until(async () => (await missing.store.getLead(unset.id))?.status === 'held');
    const delivery = (await missing.store.getLead(unset.id))?.deliveries[0];
    expect(delivery?.holdKind).toBe('unconfigured');
    expect(delivery?.lastError).toMatch(/set HUBSPOT_SUBSCRIPTION_TYPE_SUBSCRIBE/);
    expect(missing.fake.requests).toHaveLength(0);
  });
});
