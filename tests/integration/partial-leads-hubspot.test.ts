/**
 * Partial leads sent to HubSpot (`saveProgress.formKey`), on both databases: the progress
 * endpoint, the partial lead store, their outbox and the delivery worker are the real ones, and
 * HubSpot is the fake speaking the Forms v3 contract. A flow with the form key has its partial
 * lead reach that HubSpot form with the e-mail and the consent; one without sends nothing; a
 * HubSpot outage delays it and it arrives once; a forgotten or finished one is never sent.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coveringPaths, emailStep, type FlowPath, type ResolvedFlow } from '@/engine';
import type { Dialect } from '@/site/server/db/database';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { SiteFlows } from '@/site/server/flows/site-flows';
import { createRateLimit } from '@/site/server/http/rate-limit';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';
import { DeliveryWorker } from '@/site/server/leads/delivery-worker';
import { FileStorage, fileLink } from '@/site/server/leads/file-storage';
import { handleLeadPost } from '@/site/server/leads/handle-lead-post';
import { handleProgressPost } from '@/site/server/leads/handle-progress-post';
import { createHubSpotSink } from '@/site/server/leads/hubspot-sink';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { PartialDeliveries } from '@/site/server/leads/partial-deliveries';
import { PartialDeliveryStore } from '@/site/server/leads/partial-delivery-store';
import { PartialLeadStore } from '@/site/server/leads/partial-lead-store';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';
import { until } from './support/leads-server';
import { dialects, testDatabase, type TestDatabase } from './support/test-databases';

const SITE = 'https://firm.example';
const page = { uri: 'https://firm.example/apply', name: 'Apply' };
const portalId = '4242';
/** The partial leads' HubSpot form (`HUBSPOT_FORM_PARTIAL`), and the leads' own. */
const PARTIAL_FORM = 'form-partial';
const QUESTION_FORM = 'form-question';
/** How long the visitor must stop saving before the latest answers go, compressed. */
const QUIET_MS = 400;

/** The repository's flows, with the client questionnaire sending its partial leads to `partial`. */
function flowsDirWithPartialFormKey(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'partial-flows-'));
  cpSync(FLOWS_DIR, dir, { recursive: true });
  const file = path.join(dir, 'client.json');
  const client = JSON.parse(readFileSync(file, 'utf8')) as { saveProgress: object };
  client.saveProgress = { ...client.saveProgress, formKey: 'partial' };
  writeFileSync(file, JSON.stringify(client, null, 2));
  return dir;
}

/** A path of the flow that submits through its e-mail step, and the steps up to that one. */
function pathThroughEmail(flow: ResolvedFlow): { path: FlowPath; upTo: string[] } {
  const at = emailStep(flow)!.id;
  const found = coveringPaths(flow).find(
    (p) => p.submissions.length > 0 && p.steps.some((s) => s.step === at),
  )!;
  const ids = found.steps.map((s) => s.step);
  return { path: found, upTo: ids.slice(0, ids.indexOf(at) + 1) };
}

describe.each(dialects)('partial leads to HubSpot on %s', (dialect: Dialect) => {
  let flowsDir: string;
  let fake: FakeHubSpot;
  let database: TestDatabase;
  let flows: SiteFlows;
  let queue: PartialDeliveryStore;
  let worker: DeliveryWorker;
  let services: Parameters<typeof handleProgressPost>[2];

  beforeEach(async () => {
    flowsDir = flowsDirWithPartialFormKey();
    const files = loadFlowRegistry(flowsDir, VARS);
    const clientFields = files.get('client')!.submissions.flatMap((s) => s.fields);
    fake = new FakeHubSpot({
      portalId,
      forms: {
        // Consent to process required: a partial lead must carry the visitor's.
        [PARTIAL_FORM]: {
          fields: [...new Set(clientFields.map((f) => f.name))],
          consent: { processing: true },
        },
        [QUESTION_FORM]: { fields: [...new Set(clientFields.map((f) => f.name))] },
      },
    });
    await fake.up();
    database = await testDatabase(dialect);
    const site = await database.open();
    const open = () => Promise.resolve(site);
    const catalogue = new FlowCatalogue({ flowsDir, files, vars: VARS, database: open });
    await catalogue.seed();
    flows = new SiteFlows({ files, catalogue });
    const outbox = new OutboxStore(open);
    const partials = new PartialLeadStore(open, 30);
    queue = new PartialDeliveryStore(open, outbox, QUIET_MS);
    const sink = createHubSpotSink({
      apiBase: fake.url,
      filesApiBase: fake.url,
      portalId,
      forms: { PARTIAL: PARTIAL_FORM, QUESTION: QUESTION_FORM },
      timeoutMs: 2000,
    });
    worker = new DeliveryWorker(queue, sink, {
      retryBaseMs: 50,
      retryMaxMs: 200,
      pollMs: 50,
      concurrency: 8,
      leaseMs: 5000,
      sendLimit: { count: 1000, windowMs: 10_000 },
      soleWorker: true,
    });
    // The save path reads no resume-link service: the services a save needs, as the site's.
    services = {
      store: outbox,
      files: new FileStorage(path.join(flowsDir, 'uploads')),
      flows,
      captcha: createCaptchaVerifier({ provider: 'none' }),
      rateLimit: createRateLimit(0),
      fileLink: (token: string) => fileLink(SITE, token),
      partials,
      partialDeliveries: new PartialDeliveries(queue, () => worker.kick()),
    } as unknown as Parameters<typeof handleProgressPost>[2];
  });

  afterEach(async () => {
    await worker.stop();
    await fake.close();
    await database.dispose();
    rmSync(flowsDir, { recursive: true, force: true });
  });

  const post = (flowId: string, body: Record<string, unknown>) =>
    handleProgressPost(
      new Request(`${SITE}/api/leads/${flowId}/progress`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: 'hubspotutk=0123456789abcdef0123456789abcdef',
        },
        body: JSON.stringify(body),
      }),
      flowId,
      services,
    );

  /** Saves `flowId`'s answers up to its e-mail step (`more` steps further) for `email`. */
  async function save(
    flowId: string,
    email: string,
    more = 0,
    handle?: { id: string; key: string },
  ): Promise<{ id: string; key: string }> {
    const flow = (await flows.flow(flowId))!;
    const { path: walked, upTo } = pathThroughEmail(flow);
    const ids = walked.steps.map((s) => s.step);
    const history = ids.slice(0, upTo.length + more);
    const response = await post(flowId, {
      action: 'save',
      version: flow.version,
      step: ids[history.length] ?? history.at(-1),
      history,
      answers: { ...walked.answers, email },
      page,
      consent: true,
      ...(handle ? { partial: handle } : {}),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { id: string; key: string };
  }

  const emailsAt = (form: string) =>
    fake
      .acceptedFor(form)
      .map((s) => s.body.fields.find((f) => f.name === 'email' && f.objectTypeId === '0-1')?.value);

  it('sends a partial lead to its form key with the e-mail, the consent, the page and hutk', async () => {
    worker.start();
    const handle = await save('client', 'ada@example.com');
    await until(() => fake.acceptedFor(PARTIAL_FORM).length === 1, 10_000, 'the partial lead');
    const [sent] = fake.acceptedFor(PARTIAL_FORM);
    const client = (await flows.flow('client'))!;
    expect(emailsAt(PARTIAL_FORM)).toEqual(['ada@example.com']);
    expect(sent!.body.legalConsentOptions).toEqual({
      consent: { consentToProcess: true, text: client.saveProgress!.consent },
    });
    expect(sent!.body.context).toMatchObject({
      pageUri: page.uri,
      pageName: page.name,
      hutk: '0123456789abcdef0123456789abcdef',
    });
    // Nothing else: no lead's form, and staff read the send as delivered.
    expect(fake.acceptedFor(QUESTION_FORM)).toEqual([]);
    // HubSpot answered; the worker records the outcome right after.
    const recorded = async () => (await queue.statusesOf([handle.id])).get(handle.id)![0]!;
    await until(async () => (await recorded()).status !== 'pending', 10_000, 'the outcome');
    const [status] = (await queue.statusesOf([handle.id])).get(handle.id)!;
    expect(status).toMatchObject({ kind: 'saved', status: 'delivered', attempts: 1 });
  });

  it('sends nothing for a flow without the form key', async () => {
    worker.start();
    await save('grants', 'grace@example.com');
    await save('client', 'ada@example.com');
    await until(() => fake.acceptedFor(PARTIAL_FORM).length === 1, 10_000, 'the client one');
    expect(emailsAt(PARTIAL_FORM)).toEqual(['ada@example.com']);
    expect(fake.requests.length).toBe(1);
  });

  it('delays a partial lead while HubSpot is down and delivers it once when it is back', async () => {
    await fake.down();
    worker.start();
    const handle = await save('client', 'ada@example.com');
    await until(
      async () => ((await queue.statusesOf([handle.id])).get(handle.id)?.[0]?.attempts ?? 0) >= 3,
      10_000,
      'three failed attempts',
    );
    const [waiting] = (await queue.statusesOf([handle.id])).get(handle.id)!;
    expect(waiting?.status).toBe('pending');
    expect(waiting?.lastError).toMatch(/network error/);
    expect(fake.acceptedFor(PARTIAL_FORM)).toEqual([]);
    await fake.up();
    await until(() => fake.acceptedFor(PARTIAL_FORM).length === 1, 10_000, 'the partial lead');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(emailsAt(PARTIAL_FORM)).toEqual(['ada@example.com']);
    const [done] = (await queue.statusesOf([handle.id])).get(handle.id)!;
    expect(done).toMatchObject({ status: 'delivered' });
  });

  it('never sends a partial lead the visitor asked to forget, nor one that became a lead', async () => {
    await fake.down();
    worker.start();
    const forgotten = await save('client', 'forget-me@example.com');
    const finished = await save('client', 'finished@example.com');
    await save('client', 'kept@example.com');
    const forget = await post('client', { action: 'forget', partial: forgotten });
    expect(await forget.json()).toEqual({ forgotten: true });
    // The one that finishes becomes a lead (its own form); its partial lead is not sent.
    const client = (await flows.flow('client'))!;
    const { path: walked } = pathThroughEmail(client);
    const lead = await handleLeadPost(
      new Request(`${SITE}/api/leads/client`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-partial-lead': `${finished.id}.${finished.key}`,
        },
        body: JSON.stringify({
          answers: { ...walked.answers, email: 'finished@example.com' },
          page,
        }),
      }),
      'client',
      services,
    );
    expect(lead.status).toBe(202);
    await fake.up();
    await until(() => fake.acceptedFor(PARTIAL_FORM).length === 1, 10_000, 'the kept one');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(emailsAt(PARTIAL_FORM)).toEqual(['kept@example.com']);
    expect((await queue.statusesOf([forgotten.id])).size).toBe(0);
  });

  it('sends the latest answers once more after the visitor stopped saving, and no more', async () => {
    worker.start();
    const handle = await save('client', 'ada@example.com');
    await until(() => fake.acceptedFor(PARTIAL_FORM).length === 1, 10_000, 'the first save');
    const firstFields = fake.acceptedFor(PARTIAL_FORM)[0]!.body.fields.length;
    // Two more saves within the quiet period: only the last one's answers are sent, once.
    await save('client', 'ada@example.com', 1, handle);
    await save('client', 'ada@example.com', 2, handle);
    await until(() => fake.acceptedFor(PARTIAL_FORM).length === 2, 10_000, 'the latest answers');
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS * 2));
    const [, latest] = fake.acceptedFor(PARTIAL_FORM);
    expect(fake.acceptedFor(PARTIAL_FORM)).toHaveLength(2);
    expect(latest!.body.fields.length).toBeGreaterThan(firstFields);
    // A save after it went sends nothing more.
    await save('client', 'ada@example.com', 3, handle);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS * 2));
    expect(fake.acceptedFor(PARTIAL_FORM)).toHaveLength(2);
  });
});
