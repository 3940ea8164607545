/**
 * `POST /api/leads/{flowId}/progress` and the lead that finishes it, on both databases with the
 * real outbox, flow catalogue and partial lead store: answers are kept only with the consent
 * and after the e-mail step, never a file; another site's page is refused; the lead that names
 * the saved progress finishes it once (two finishes, one lead); "Forget my answers" deletes it.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
import { ResumeLinks } from '@/site/server/leads/resume-links';
import { ResumeService } from '@/site/server/leads/resume-service';
import { createFileMailer } from '@/site/server/mail/file-mailer';
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
  let services: LeadServices & { partials: PartialLeadStore; resume: ResumeService };
  /** Where the file mailer writes this suite's mail. */
  const mailDir = mkdtempSync(path.join(tmpdir(), 'resume-mail-'));
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
      resume: undefined as unknown as ResumeService,
    };
    services.resume = resumeService([]);
  });

  /** The resume links and mail as the site runs them; `reminding` are the live flows. */
  function resumeService(reminding: ResolvedFlow[]) {
    return new ResumeService({
      links: new ResumeLinks(() => outbox.site, services.partials, 7),
      partials: services.partials,
      mailer: () => createFileMailer({ dir: mailDir, from: 'no-reply@firm.example' }),
      siteUrl: SITE,
      brandName: 'The Firm',
      retentionDays: 30,
      liveFlows: () => reminding,
      flowTitle: async (flowId, version) => (await flows.flow(flowId, version))?.title ?? flowId,
      rateLimit: createRateLimit(0),
    });
  }
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

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(`${SITE}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const open = (token: string, action: 'open' | 'delete' = 'open') =>
    services.resume.answer(post('/api/resume', { token, action }));
  /** The mails written to `to`, oldest first. */
  const mailsTo = (to: string) =>
    readdirSync(mailDir)
      .sort()
      .map((file) => readFileSync(path.join(mailDir, file), 'utf8'))
      .filter((mail) => mail.includes(`To: ${to}`));
  const tokenIn = (mail: string) => /\/resume\?t=([^\s]+)/.exec(mail)![1]!;

  /** A partial lead of the client flow for a new address, saved past its contact step. */
  async function savedClient(email: string) {
    const client = (await flows.flow('client'))!;
    const { path: walked, upTo } = pathThroughContact(client);
    const answers = { ...walked.answers, email };
    const response = await progress('client', {
      action: 'save',
      version: client.version,
      step: walked.steps[upTo.length]!.step,
      history: upTo,
      answers,
      page: { uri: 'https://firm.example/en/raise-capital?utm_source=x', name: 'raise' },
      consent: true,
    });
    expect(response.status).toBe(200);
    const handle = (await response.json()) as { id: string; key: string };
    return { client, walked, upTo, answers, handle };
  }

  it('mails a link that opens the answers once, on their version, with a new key', async () => {
    const email = `phone-${dialect}@visitor.example`;
    const { client, walked, upTo, answers, handle } = await savedClient(email);
    const asked = await progress('client', { action: 'link', partial: handle });
    expect(asked.status).toBe(200);
    const [mail] = mailsTo(email);
    expect(mail).toContain(`${SITE}/resume?t=`);
    expect(mail).toContain(`step ${upTo.length + 1} of`);

    const opened = await open(decodeURIComponent(tokenIn(mail!)));
    expect(opened.status).toBe(200);
    const body = (await opened.json()) as {
      version: number;
      step: string;
      history: string[];
      answers: Record<string, unknown>;
      partial: { id: string; key: string };
      path: string;
    };
    expect(body).toMatchObject({
      version: client.version,
      step: walked.steps[upTo.length]!.step,
      history: upTo,
      path: '/en/raise-capital',
    });
    expect(body.answers.email).toBe(email);
    expect(body.partial.id).toBe(handle.id);
    expect(body.partial.key).not.toBe(handle.key);

    // The link is spent; the phone's old key opens nothing; the laptop's finishes one lead.
    const again = await open(decodeURIComponent(tokenIn(mail!)));
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ state: 'used', restart: '/en/raise-capital' });
    expect(await services.partials.open(handle)).toBeUndefined();
    const laptop = { 'x-partial-lead': `${body.partial.id}.${body.partial.key}` };
    const before = await leadCount('client');
    const first = await lead('client', answers, { ...laptop, 'idempotency-key': 'laptop-1' });
    const second = await lead('client', answers, { ...laptop, 'idempotency-key': 'laptop-2' });
    expect(first.status).toBe(202);
    expect(await second.json()).toEqual(await first.json());
    expect(await leadCount('client')).toBe(before + 1);
  });

  it('refuses an expired, altered or unknown link, and mails nobody for a stranger', async () => {
    const email = `late-${dialect}@visitor.example`;
    const { handle } = await savedClient(email);
    const partial = (await services.partials.open(handle))!;
    const { token } = await services.resume.links.issue(partial, Date.now() - 8 * 86_400_000);
    const expired = await open(token);
    expect(expired.status).toBe(410);
    const said = (await expired.json()) as { state: string; errors: { message: string }[] };
    expect(said.state).toBe('expired');
    expect(said.errors[0]!.message).toMatch(/has expired/);

    const fresh = await services.resume.links.issue(partial, Date.now());
    const altered = fresh.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await (await open(altered)).json()).toMatchObject({ state: 'invalid' });
    expect(await (await open('not-a-link')).json()).toMatchObject({ state: 'invalid' });

    // Knowing the flow and the address opens nothing and sends no mail.
    const before = mailsTo(email).length;
    const stranger = await progress('client', {
      action: 'link',
      partial: { id: handle.id, key: 'guessed' },
    });
    expect(stranger.status).toBe(404);
    const noHandle = await progress('client', { action: 'link', email });
    expect(noHandle.status).toBe(400);
    expect(mailsTo(email).length).toBe(before);
  });

  it('deletes the answers from a link', async () => {
    const { handle } = await savedClient(`delete-${dialect}@visitor.example`);
    const { token } = await services.resume.links.issue(
      (await services.partials.open(handle))!,
      Date.now(),
    );
    const deleted = await open(token, 'delete');
    expect(await deleted.json()).toEqual({ deleted: true });
    expect(await services.partials.get(handle.id)).toBeUndefined();
    expect(await (await open(token)).json()).toMatchObject({ state: 'gone' });
  });

  it('reminds once, after the delay of a flow that sets one', async () => {
    const email = `remind-${dialect}@visitor.example`;
    await savedClient(email);
    const client = (await flows.flow('client'))!;
    const reminding = { ...client, saveProgress: { ...client.saveProgress!, remindAfterHours: 2 } };
    const now = Date.now();
    expect(await resumeService([client]).remind(now + 3 * 3_600_000)).toBe(0);
    expect(await resumeService([reminding]).remind(now + 3_600_000)).toBe(0);
    const sent = await resumeService([reminding]).remind(now + 3 * 3_600_000);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await resumeService([reminding]).remind(now + 4 * 3_600_000)).toBe(0);
    const reminders = mailsTo(email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatch(/Subject: Finish ".*" where you stopped/);
    expect((await open(decodeURIComponent(tokenIn(reminders[0]!)))).status).toBe(200);
  });
});
