/**
 * A lead is never held for a field it can do without: the delivery worker, the outbox (SQLite
 * and PostgreSQL) and the fake HubSpot over loopback. HubSpot refuses an undeclared field, a
 * value its dropdown does not list or a number that is not one; the lead goes again at once
 * without those fields, the outbox keeps the whole body and what was left out with HubSpot's
 * answer, and `npm run leads -- show` says it. A field the form requires, or a second refusal,
 * holds the lead; a person's retry sends every field again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dialect } from '@/site/server/db/database';
import { DeliveryWorker } from '@/site/server/leads/delivery-worker';
import { createHubSpotSink } from '@/site/server/leads/hubspot-sink';
import type { NewLead } from '@/site/server/leads/lead-types';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { FakeHubSpot, type FakeForm } from '@/tests/fakes/fake-hubspot';
import { parseCsv } from '@/tests/unit/engine/support/parse-csv';
import { lead } from '@/tests/unit/site/server/leads/outbox-fixtures';
import { until } from './support/leads-server';
import { runScript } from './support/run-script';
import { dialects, testDatabase, type TestDatabase } from './support/test-databases';

const portalId = '4242';
const formGuid = 'form-subscribe';

interface Setup {
  fake: FakeHubSpot;
  store: OutboxStore;
  worker: DeliveryWorker;
  database: TestDatabase;
}

/** A newsletter lead whose body carries these fields after the e-mail. */
function leadWith(email: string, fields: Record<string, string>): NewLead {
  const one = lead(email, ['subscribe'], { hidden: { utm_source: 'spring-campaign' } });
  for (const [name, value] of Object.entries(fields)) {
    one.submissions[0]!.body.fields.push({ objectTypeId: '0-1', name, value });
  }
  return one;
}

describe.each(dialects)('refused optional fields on %s', (dialect: Dialect) => {
  let setup: Setup;

  beforeEach(async () => {
    const fake = new FakeHubSpot({ portalId, forms: {} });
    await fake.up();
    const database = await testDatabase(dialect);
    const site = await database.open();
    const store = new OutboxStore(() => Promise.resolve(site));
    const sink = createHubSpotSink({
      apiBase: fake.url,
      filesApiBase: fake.url,
      portalId,
      forms: { SUBSCRIBE: formGuid },
      timeoutMs: 2000,
    });
    // A backoff of a minute: a resend within the test's time can only be the immediate one.
    const worker = new DeliveryWorker(store, sink, {
      retryBaseMs: 60_000,
      retryMaxMs: 60_000,
      pollMs: 50,
      concurrency: 4,
      leaseMs: 5000,
      sendLimit: { count: 1000, windowMs: 10_000 },
      soleWorker: true,
    });
    setup = { fake, store, worker, database };
  });

  afterEach(async () => {
    await setup.worker.stop();
    await setup.fake.close();
    await setup.database.dispose();
  });

  /** Stores the lead, runs the worker until the lead is no longer pending, and reads it back. */
  async function deliver(form: FakeForm, one: NewLead) {
    const { fake, store, worker } = setup;
    fake.setForm(formGuid, form);
    await store.insertLead(one);
    worker.start();
    await until(
      async () => (await store.getLead(one.id))?.status !== 'pending',
      10_000,
      'the lead to leave pending',
    );
    return (await store.getLead(one.id))!;
  }

  /** The CLI as an operator runs it, on the test's database. */
  function leadsCli(args: string[]) {
    const { config } = setup.database;
    return runScript(
      'scripts/leads.ts',
      args,
      config.url ? { DATABASE_URL: config.url } : { LEADS_DB: config.file },
    );
  }

  it('delivers a lead without an attribution field the form does not declare, keeping it in the outbox', async () => {
    const { fake, store } = setup;
    const one = leadWith('campaign@example.com', { utm_source: 'spring-campaign' });
    const stored = await deliver({ fields: ['email'], required: ['email'] }, one);

    expect(stored.status).toBe('delivered');
    expect(fake.requests.map((r) => r.status)).toEqual([400, 200]);
    // The resend went at once, not after the minute-long backoff.
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeLessThan(5000);
    expect(fake.accepted).toHaveLength(1);
    expect(fake.accepted[0]!.body.fields).toEqual([
      { objectTypeId: '0-1', name: 'email', value: 'campaign@example.com' },
    ]);

    const delivery = stored.deliveries[0]!;
    expect(delivery.body).toEqual(one.submissions[0]!.body);
    expect(delivery.body.fields.map((f) => f.name)).toContain('utm_source');
    const message = "Error in 'fields.utm_source'. This field is not in the form definition";
    expect(delivery.droppedFields).toMatchObject({
      httpStatus: 400,
      fields: [
        {
          name: 'utm_source',
          value: 'spring-campaign',
          errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
          message,
        },
      ],
    });
    // HubSpot's own answer, whole.
    expect(JSON.parse(delivery.droppedFields!.response)).toMatchObject({
      status: 'error',
      correlationId: 'fake-correlation',
      errors: [{ errorType: 'FIELD_NOT_IN_FORM_DEFINITION', message }],
    });
    const attempts = await store.attemptsOf(one.id);
    expect(attempts.map((a) => [a.outcome, a.httpStatus])).toEqual([
      ['pending', 400],
      ['delivered', 200],
    ]);
    expect(attempts[0]!.error).toMatch(/^HubSpot refused utm_source; sending the lead without it/);

    const shown = await leadsCli(['show', one.id]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      id: one.id,
      status: 'delivered',
      deliveries: [
        {
          body: one.submissions[0]!.body,
          droppedFields: { fields: [{ name: 'utm_source', value: 'spring-campaign', message }] },
        },
      ],
    });
    expect(shown.stderr).toContain(
      `subscribe: delivered without utm_source = "spring-campaign"; HubSpot 400 FIELD_NOT_IN_FORM_DEFINITION: ${message}`,
    );
    // The CSV's column for the form key says the lead went without the field.
    const [header, ...rows] = parseCsv((await leadsCli(['export', '--csv'])).stdout);
    const row = rows.find((cells) => cells.includes(one.id))!;
    expect(row[header!.indexOf('subscribe')]).toBe('delivered (without utm_source)');
  }, 60_000);

  it.each([
    {
      what: 'a dropdown value the property does not list',
      field: { name: 'service', fieldType: 'dropdown' as const, options: ['audit', 'tax'] },
      value: 'payroll',
      errorType: 'VALUE_NOT_IN_FIELD_DEFINITION',
    },
    {
      what: 'text sent to a number field',
      field: { name: 'employees', fieldType: 'number' as const },
      value: 'about forty',
      errorType: 'INVALID_NUMBER',
    },
  ])('delivers a lead without $what', async ({ field, value, errorType }) => {
    const { fake } = setup;
    const one = leadWith('choice@example.com', { firstname: 'Ada', [field.name]: value });
    const stored = await deliver({ fields: ['email', 'firstname', field] }, one);

    expect(stored.status).toBe('delivered');
    expect(fake.requests.map((r) => r.status)).toEqual([400, 200]);
    expect(fake.accepted[0]!.body.fields.map((f) => f.name)).toEqual(['email', 'firstname']);
    expect(stored.deliveries[0]!.body.fields.map((f) => f.name)).toEqual([
      'email',
      'firstname',
      field.name,
    ]);
    const dropped = stored.deliveries[0]!.droppedFields?.fields;
    expect(dropped?.map((f) => [f.name, f.value, f.errorType])).toEqual([
      [field.name, value, errorType],
    ]);
    expect(dropped?.[0]?.message).toMatch(new RegExp(`^Error in 'fields\\.${field.name}'\\.`));
  });

  it('delivers without a refused field and a rejected hutk together, in one resend', async () => {
    const { fake } = setup;
    const one = leadWith('both@example.com', { gclid: 'Cj0KCQ' });
    one.submissions[0]!.body.context.hutk = 'not-a-hutk';
    const stored = await deliver({ fields: ['email'] }, one);
    expect(stored.status).toBe('delivered');
    expect(fake.requests.map((r) => r.status)).toEqual([400, 200]);
    expect(fake.accepted[0]!.body.fields.map((f) => f.name)).toEqual(['email']);
    expect(fake.accepted[0]!.body.context).not.toHaveProperty('hutk');
    expect(stored.deliveries[0]).toMatchObject({
      droppedContext: ['hutk'],
      droppedFields: { fields: [{ name: 'gclid', value: 'Cj0KCQ' }] },
    });
  });

  it('holds a lead whose refused field the form requires, and a retry after the fix sends it whole', async () => {
    const { fake, store, worker } = setup;
    const service = {
      name: 'service',
      fieldType: 'dropdown' as const,
      options: ['audit'],
      required: true,
    };
    const one = leadWith('required@example.com', { service: 'payroll' });
    const stored = await deliver({ fields: ['email', service] }, one);

    expect(stored.status).toBe('held');
    expect(fake.accepted).toHaveLength(0);
    expect(fake.requests.map((r) => r.status)).toEqual([400, 400]);
    const delivery = stored.deliveries[0]!;
    expect(delivery.holdKind).toBe('provider');
    expect(delivery.lastError).toMatch(
      /^HubSpot requires service, which was left out after HubSpot refused it: .*Required field 'service' is missing/,
    );
    // What was left out stays visible while the lead is held.
    expect(delivery.droppedFields?.fields.map((f) => [f.name, f.value])).toEqual([
      ['service', 'payroll'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests).toHaveLength(2);

    // The marketer lists the value in HubSpot; a person's retry sends every field again.
    fake.setForm(formGuid, { fields: ['email', { ...service, options: ['audit', 'payroll'] }] });
    expect(await store.requeue({ leadId: one.id })).toBe(1);
    worker.kick();
    await until(async () => (await store.getLead(one.id))?.status === 'delivered', 10_000);
    const retried = (await store.getLead(one.id))!;
    expect(retried.status).toBe('delivered');
    expect(retried.deliveries[0]!.droppedFields).toBeNull();
    expect(fake.accepted[0]!.body.fields).toContainEqual({
      objectTypeId: '0-1',
      name: 'service',
      value: 'payroll',
    });
  });

  it('holds a lead HubSpot refuses fields of again after the drop: two requests, no third', async () => {
    const { fake } = setup;
    // The first answer names only utm_source; the resend is then refused for gclid.
    fake.failNext(
      1,
      400,
      undefined,
      JSON.stringify({
        status: 'error',
        message: 'The request is not valid',
        errors: [
          {
            message: "Error in 'fields.utm_source'. This field is not in the form definition",
            errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
          },
        ],
      }),
    );
    const one = leadWith('again@example.com', { utm_source: 'ads', gclid: 'Cj0KCQ' });
    const stored = await deliver({ fields: ['email'] }, one);
    expect(stored.status).toBe('held');
    expect(stored.deliveries[0]!.lastError).toMatch(
      /^HubSpot refused fields again after utm_source were left out: Error in 'fields\.gclid'/,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests.map((r) => r.status)).toEqual([400, 400]);
    expect(fake.accepted).toHaveLength(0);
  });

  it('fails, as before, a lead whose e-mail HubSpot refuses, dropping nothing', async () => {
    const { fake } = setup;
    const one = leadWith('not-an-email', { utm_source: 'ads' });
    const stored = await deliver({ fields: ['email', 'utm_source'] }, one);
    expect(stored.status).toBe('failed');
    expect(stored.lastError).toBe("Error in 'fields.email'. Invalid email address");
    expect(stored.deliveries[0]!.droppedFields).toBeNull();
    expect(fake.requests).toHaveLength(1);
  });
});
