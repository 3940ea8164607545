/**
 * `POST /api/leads/{flowId}/progress` and the lead that finishes it, on both databases with the
 * real outbox, flow catalogue and partial lead store: answers are kept only with the consent
 * and after the e-mail step, never a file; another site's page is refused; the lead that names
 * the saved progress finishes it once (two finishes, one lead); "Forget my answers" deletes it.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coveringPaths, type FlowPath, type ResolvedFlow } from '@/engine';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { SiteFlows } from '@/site/server/flows/site-flows';
import { createRateLimit } from '@/site/server/http/rate-limit';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';
import { FileStorage, fileLink } from '@/site/server/leads/file-storage';
import { handleLeadPost } from '@/site/server/leads/handle-lead-post';
import { handleProgressPost } from '@/site/server/leads/handle-progress-post';
import type { LeadServices } from '@/site/server/leads/lead-services';
import { PartialLeadStore } from '@/site/server/leads/partial-lead-store';
import { dialects } from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';
import { tempOutbox } from './outbox-fixtures';

const SITE = 'https://firm.example';
const page = { uri: 'https://firm.example/', name: 'home' };

/** A path of the flow that submits and passes its contact step, with the steps behind it. */
function pathThroughContact(flow: ResolvedFlow): { path: FlowPath; upTo: string[] } {
  const found = coveringPaths(flow).find(
    (p) => p.submissions.length > 0 && p.steps.some((s) => s.step === 'contact'),
  )!;
  const ids = found.steps.map((s) => s.step);
  return { path: found, upTo: ids.slice(0, ids.indexOf('contact') + 1) };
}

describe.each(dialects)('saved progress on %s', (dialect) => {
  let outbox: ReturnType<typeof tempOutbox>;
  let services: LeadServices & { partials: PartialLeadStore };
  let flows: SiteFlows;

  beforeAll(async () => {
    outbox = tempOutbox(dialect);
    const catalogue = new FlowCatalogue({
      flowsDir: FLOWS_DIR,
      files: loadFlowRegistry(FLOWS_DIR, VARS),
      vars: VARS,
      database: () => outbox.site,
    });
    await catalogue.seed();
    flows = new SiteFlows({ files: loadFlowRegistry(FLOWS_DIR, VARS), catalogue });
    services = {
      store: outbox.store,
      files: new FileStorage(path.join(process.env.TMPDIR ?? '/tmp', `saved-progress-${dialect}`)),
      flows,
      captcha: createCaptchaVerifier({ provider: 'none' }),
      rateLimit: createRateLimit(0),
      fileLink: (token) => fileLink(SITE, token),
      partials: new PartialLeadStore(() => outbox.site, 30),
    };
  });
  afterAll(() => outbox?.dispose());

  const progress = (flowId: string, body: Record<string, unknown>, headers = {}) =>
    handleProgressPost(
      new Request(`${SITE}/api/leads/${flowId}/progress`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
      flowId,
      services,
    );
  const lead = (flowId: string, answers: unknown, headers: Record<string, string>) =>
    handleLeadPost(
      new Request(`${SITE}/api/leads/${flowId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ answers, page }),
      }),
      flowId,
      services,
    );
  const leadCount = async (flowId: string) => {
    const db = (await outbox.site).db;
    const { rows } = await sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM leads WHERE flow_id = ${flowId}`.execute(db);
    return Number(rows[0]!.n);
  };

  it('keeps the answers after the contact step with consent, pinned to the version', async () => {
    const client = (await flows.flow('client'))!;
    const { path: walked, upTo } = pathThroughContact(client);
    const response = await progress('client', {
      action: 'save',
      version: client.version,
      step: walked.steps[upTo.length]!.step,
      history: upTo,
      answers: walked.answers,
      page,
      consent: true,
    });
    expect(response.status).toBe(200);
    const handle = (await response.json()) as { id: string; key: string };
    const [kept] = await services.partials.unfinished(Date.now(), { flowId: 'client' });
    expect(kept).toMatchObject({
      id: handle.id,
      flowVersion: client.version,
      email: walked.answers.email,
      step: walked.steps[upTo.length]!.step,
      consentText: client.saveProgress!.consent,
    });
    expect(kept!.stepTotal).toBeGreaterThanOrEqual(kept!.stepNumber);

    // Finishing twice (two devices, two idempotency keys) gives one lead.
    const header = { 'x-partial-lead': `${handle.id}.${handle.key}` };
    const before = await leadCount('client');
    const first = await lead('client', walked.answers, { ...header, 'idempotency-key': 'a' });
    const second = await lead('client', walked.answers, { ...header, 'idempotency-key': 'b' });
    expect(first.status).toBe(202);
    expect(await second.json()).toEqual(await first.json());
    expect(await leadCount('client')).toBe(before + 1);
    expect(await services.partials.unfinished(Date.now(), { flowId: 'client' })).toEqual([]);
  });

  it('keeps nothing without the consent, before the e-mail step, or from another site', async () => {
    const client = (await flows.flow('client'))!;
    const { path: walked, upTo } = pathThroughContact(client);
    const body = {
      action: 'save',
      version: client.version,
      step: walked.steps[upTo.length]!.step,
      history: upTo,
      answers: walked.answers,
      page,
      consent: true,
    };
    const before = await services.partials.count();
    expect((await progress('client', { ...body, consent: false })).status).toBe(400);
    expect((await progress('client', { ...body, history: upTo.slice(0, -1) })).status).toBe(400);
    const crossSite = await progress('client', body, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const newsletter = (await flows.flow('newsletter'))!;
    const notKept = await progress('newsletter', { ...body, version: newsletter.version });
    expect(notKept.status).toBe(403);
    expect(await services.partials.count()).toBe(before);
  });

  it('never keeps a file, and forgets on request', async () => {
    const careers = (await flows.flow('careers'))!;
    const { path: walked, upTo } = pathThroughContact(careers);
    const uploads = Object.keys(walked.answers).filter((key) => /document|letter/.test(key));
    expect(uploads.length).toBeGreaterThan(0);
    const response = await progress('careers', {
      action: 'save',
      version: careers.version,
      step: walked.steps[upTo.length]?.step ?? 'contact',
      history: upTo,
      answers: walked.answers,
      page,
      consent: true,
    });
    expect(response.status).toBe(200);
    const handle = (await response.json()) as { id: string; key: string };
    const [kept] = await services.partials.unfinished(Date.now(), { flowId: 'careers' });
    for (const upload of uploads) expect(kept!.answers).not.toHaveProperty(upload);
    expect(kept!.answers).toHaveProperty('email');

    const forgot = await progress('careers', { action: 'forget', partial: handle });
    expect(await forgot.json()).toEqual({ forgotten: true });
    expect(await services.partials.unfinished(Date.now(), { flowId: 'careers' })).toEqual([]);
  });
});
