/**
 * `POST /api/leads/{flowId}` on the built server: what a browser (or a bot) gets back, and what
 * ends up in the outbox and the uploads folder. HubSpot is not configured here (the embedded
 * default): every lead is stored and held.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSiteverify, type FakeSiteverify } from '@/tests/fakes/fake-siteverify';
import { buildSubmissions, validateAnswers } from '@/engine';
import { uploadSpecs } from '@/site/server/leads/upload-specs';
import { formKeyToEnvSuffix } from '@/site/server/leads/form-key';
import { FakeHubSpot, type FakeForm } from '@/tests/fakes/fake-hubspot';
import { ensureBuild } from './support/leads-build';
import { readOutbox } from './support/outbox-reader';
import { dialects, serverDatabase } from './support/test-databases';
import {
  postLead,
  runLeadsCli,
  startLeadsServer,
  until,
  type LeadsServer,
} from './support/leads-server';
import {
  careersMultipart as sampleCareersMultipart,
  exeBytes,
  pdfBytes,
  siteFlows,
  submittingPaths,
} from './support/sample-leads';

const page = { uri: 'https://firm.example/careers', name: 'careers' };

describe.each(dialects)('on %s', (dialect) => {
  let server: LeadsServer;
  let guarded: LeadsServer;
  let siteverify: FakeSiteverify;

  beforeAll(async () => {
    await ensureBuild();
    // A fake Turnstile siteverify: `pass` passes, anything else fails.
    siteverify = await startFakeSiteverify('turnstile-secret');
    [server, guarded] = await Promise.all([
      startLeadsServer({}, await serverDatabase(dialect)),
      startLeadsServer(
        {
          LEADS_RATE_LIMIT: '3',
          CAPTCHA_PROVIDER: 'turnstile',
          CAPTCHA_SECRET: 'turnstile-secret',
          CAPTCHA_VERIFY_URL: siteverify.url,
        },
        await serverDatabase(dialect),
      ),
    ]);
  }, 600_000);

  afterAll(async () => {
    await Promise.all([server?.stop(), guarded?.stop()]);
    await siteverify?.close();
  });

  const outbox = () => readOutbox(server.env);

  async function errorsOf(response: Response) {
    return ((await response.json()) as { errors: { field: string; message: string }[] }).errors;
  }

  const careersMultipart = (files: Record<string, { bytes: Uint8Array; name: string }>) =>
    sampleCareersMultipart(files, page);

  describe('lead endpoint (built server)', () => {
    it("accepts one submitting path of every JSON flow and stores the engine's exact HubSpot bodies", async () => {
      const flows = siteFlows();
      const jsonFlows = Object.keys(flows).filter(
        (id) => !['careers', 'careersApplication'].includes(id),
      );
      expect(jsonFlows.length).toBeGreaterThanOrEqual(8);
      for (const flowId of jsonFlows) {
        const path = submittingPaths(flowId)[0];
        if (!path) continue;
        // Optional uploads (tellUsMore's attachment) are left out: JSON carries no files.
        const answers = { ...path.answers };
        for (const field of uploadSpecs(flows[flowId]!).keys()) delete answers[field];
        const response = await postLead(server, flowId, { answers, page });
        expect(response.status, `${flowId}: ${JSON.stringify(await response.clone().json())}`).toBe(
          202,
        );
        const { id } = (await response.json()) as { id: string };
        const rows = (await outbox()).filter((row) => row.id === id);
        const valid = validateAnswers(flows[flowId]!, answers);
        if (!valid.ok) throw new Error(`${flowId}: ${JSON.stringify(valid.errors)}`);
        const expected = buildSubmissions(flows[flowId]!, valid, {
          submittedAt: rows[0]!.submitted_at,
          pageUri: page.uri,
          pageName: page.name,
          ipAddress: '127.0.0.1',
        });
        expect(
          rows.map((row) => ({ formKey: row.form_key, body: JSON.parse(row.body) as unknown })),
        ).toEqual(expected);
      }
    });

    it('holds leads while HubSpot is not configured, saying why', async () => {
      await until(
        async () => (await outbox()).every((row) => row.status === 'held'),
        10_000,
        'holds',
      );
      expect((await outbox())[0]?.last_error).toMatch(/HubSpot is not configured/);
    });

    it('answers 202 with the same id for a repeated Idempotency-Key, storing one lead', async () => {
      const body = { answers: { email: 'once@example.com' }, page };
      const headers = { 'idempotency-key': 'attempt-7f3a' };
      const responses = await Promise.all(
        [1, 2, 3].map(() => postLead(server, 'newsletter', body, headers)),
      );
      const ids = await Promise.all(
        responses.map(async (r) => ((await r.json()) as { id: string }).id),
      );
      expect(responses.map((r) => r.status)).toEqual([202, 202, 202]);
      expect(new Set(ids).size).toBe(1);
      expect(
        (await outbox()).filter((row) => row.answers.includes('once@example.com')),
      ).toHaveLength(1);
    });

    it("puts the visitor's hubspotutk cookie into context.hutk", async () => {
      const hutk = '0123456789abcdef0123456789abcdef';
      const response = await postLead(
        server,
        'newsletter',
        { answers: { email: 'tracked@example.com' }, page },
        {
          cookie: `theme=dark; hubspotutk=${hutk}`,
        },
      );
      const { id } = (await response.json()) as { id: string };
      const row = (await outbox()).find((r) => r.id === id)!;
      expect((JSON.parse(row.body) as { context: unknown }).context).toEqual({
        pageUri: page.uri,
        pageName: page.name,
        hutk,
        ipAddress: '127.0.0.1',
      });
    });

    it("sends HubSpot the visitor's address as the trusted proxy reports it, never a visitor's claim", async () => {
      // This server trusts one proxy (TRUST_PROXY_HOPS=1): the last X-Forwarded-For entry is the
      // proxy's report of the visitor; anything before it was written by the visitor.
      const sent = async (forwardedFor: string) => {
        const response = await postLead(
          server,
          'newsletter',
          { answers: { email: `ip-${forwardedFor.length}-${Date.now()}@example.com` }, page },
          { 'x-forwarded-for': forwardedFor },
        );
        const { id } = (await response.json()) as { id: string };
        const row = (await outbox()).find((r) => r.id === id)!;
        return (JSON.parse(row.body) as { context: Record<string, unknown> }).context.ipAddress;
      };
      expect(await sent('203.0.113.9')).toBe('203.0.113.9');
      expect(await sent('6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
      expect(await sent('2001:db8::7')).toBe('2001:db8::7');
    });

    it('refuses bad requests with a status and a reason per field', async () => {
      const before = (await outbox()).length;
      const unknown = await postLead(server, 'no-such-flow', { answers: {}, page });
      expect(unknown.status).toBe(404);

      const plain = await fetch(`${server.url}/api/leads/newsletter`, {
        method: 'POST',
        body: 'email=a@b.co',
      });
      expect(plain.status).toBe(415);

      const broken = await postLead(server, 'newsletter', '{"answers": {');
      expect(broken.status).toBe(400);
      expect(await errorsOf(broken)).toEqual([
        { field: 'body', message: 'The body is not valid JSON' },
      ]);

      const missing = await postLead(server, 'newsletter', { answers: {}, page });
      expect(missing.status).toBe(400);
      expect(await errorsOf(missing)).toEqual([
        { field: 'email', message: expect.stringMatching(/required/i) as string },
      ]);

      const badEmail = await postLead(server, 'newsletter', { answers: { email: 'nobody' }, page });
      expect(await errorsOf(badEmail)).toEqual([
        { field: 'email', message: 'This is not a valid email' },
      ]);

      const noPage = await postLead(server, 'newsletter', { answers: { email: 'a@example.com' } });
      expect((await errorsOf(noPage))[0]?.field).toBe('page');

      const huge = await postLead(server, 'newsletter', {
        answers: { email: 'a@example.com', x: 'y'.repeat(300_000) },
        page,
      });
      expect(huge.status).toBe(413);

      const bot = await postLead(server, 'newsletter', {
        answers: { email: 'bot@example.com' },
        page,
        website: 'http://spam',
      });
      expect(bot.status).toBe(400);
      expect(await errorsOf(bot)).toEqual([
        { field: 'website', message: 'This field must be left empty' },
      ]);

      expect(await outbox()).toHaveLength(before);
    });

    it('stores an uploaded resume under a random name and serves it through an unguessable link', async () => {
      const response = await fetch(`${server.url}/api/leads/careers`, {
        method: 'POST',
        body: careersMultipart({ resume_document: { bytes: pdfBytes(), name: 'Ada Résumé.pdf' } }),
      });
      expect(response.status, JSON.stringify(await response.clone().json())).toBe(202);
      const { id } = (await response.json()) as { id: string };
      const rows = (await outbox()).filter((row) => row.id === id);
      expect(rows.map((row) => row.form_key).sort()).toEqual(['careerQuestions', 'careersSubmit']);
      const fields = (
        JSON.parse(rows.find((r) => r.form_key === 'careersSubmit')!.body) as {
          fields: { name: string; value: string }[];
        }
      ).fields;
      const link = fields.find((f) => f.name === 'resume_document')!.value;
      expect(link).toMatch(new RegExp(`^${server.url}/api/lead-files/[A-Za-z0-9_-]{43}$`));
      expect(fields.find((f) => f.name === 'cover_letter')?.value).toBe('');
      expect(
        readdirSync(server.env.UPLOADS_DIR!).every((name) => /^[a-f0-9]{32}\.pdf$/.test(name)),
      ).toBe(true);

      const download = await fetch(link);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdfBytes());
      const guessed = await fetch(link.replace(/.{4}$/, 'AAAA'));
      expect(guessed.status).toBe(404);
    });

    it('refuses a file whose bytes are not an allowed type, whatever its name says, and a missing file', async () => {
      const before = (await outbox()).length;
      const lying = await fetch(`${server.url}/api/leads/careers`, {
        method: 'POST',
        body: careersMultipart({ resume_document: { bytes: exeBytes(), name: 'resume.pdf' } }),
      });
      expect(lying.status).toBe(415);
      expect(await errorsOf(lying)).toEqual([
        {
          field: 'resume_document',
          message: expect.stringMatching(/^Resume is a EXE file; allowed: PDF/) as string,
        },
      ]);

      const tooBig = new Uint8Array(10 * 1024 * 1024 + 10);
      tooBig.set(pdfBytes());
      const big = await fetch(`${server.url}/api/leads/careers`, {
        method: 'POST',
        body: careersMultipart({ resume_document: { bytes: tooBig, name: 'resume.pdf' } }),
      });
      expect(big.status).toBe(413);

      const none = await fetch(`${server.url}/api/leads/careers`, {
        method: 'POST',
        body: careersMultipart({}),
      });
      expect(none.status).toBe(400);
      expect((await errorsOf(none))[0]?.field).toBe('resume_document');
      expect(await outbox()).toHaveLength(before);
    });

    it('checks the captcha with the provider when one is configured', async () => {
      const body = { answers: { email: 'human@example.com' }, page };
      const client = { 'x-forwarded-for': '10.0.0.1' };
      const without = await postLead(guarded, 'newsletter', body, client);
      expect(without.status).toBe(400);
      expect((await errorsOf(without))[0]?.field).toBe('captchaToken');
      const wrong = await postLead(
        guarded,
        'newsletter',
        { ...body, captchaToken: 'bot-token' },
        client,
      );
      expect(wrong.status).toBe(400);
      const right = await postLead(
        guarded,
        'newsletter',
        { ...body, captchaToken: 'pass' },
        client,
      );
      expect(right.status).toBe(202);
      expect(siteverify.calls.at(-1)?.get('remoteip')).toBe('10.0.0.1');
      expect(await readOutbox(guarded.env)).toHaveLength(1);
    });

    it('answers 429 with Retry-After once a client passes the per-minute limit', async () => {
      const client = { 'x-forwarded-for': '10.0.0.2' };
      const body = { answers: { email: 'fast@example.com' }, page, captchaToken: 'pass' };
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 4; i++) {
        const response = await postLead(guarded, 'newsletter', body, client);
        statuses.push(response.status);
        if (response.status === 429) limited = response;
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
      const other = await postLead(guarded, 'newsletter', body, { 'x-forwarded-for': '10.0.0.3' });
      expect(other.status).toBe(202);
    });

    it('takes the client address from the connection when no proxy names one', async () => {
      const body = { answers: { email: 'direct@example.com' }, page, captchaToken: 'pass' };
      const statuses: number[] = [];
      for (let i = 0; i < 4 && statuses.at(-1) !== 429; i++) {
        statuses.push((await postLead(guarded, 'newsletter', body)).status);
      }
      expect(statuses.at(-1)).toBe(429);
      // The same address named by a proxy shares the connection's allowance; another does not.
      const sameClient = await postLead(guarded, 'newsletter', body, {
        'x-forwarded-for': '127.0.0.1',
      });
      expect(sameClient.status).toBe(429);
      const otherClient = await postLead(guarded, 'newsletter', body, {
        'x-forwarded-for': '10.0.0.9',
      });
      expect(otherClient.status).toBe(202);
    });

    it('routes like Next: query strings and escapes in the form name, other methods answered by Next', async () => {
      const body = JSON.stringify({ answers: { email: 'routes@example.com' }, page });
      const headers = { 'content-type': 'application/json' };
      const withQuery = await fetch(`${server.url}/api/leads/newsletter?utm_source=mail`, {
        method: 'POST',
        headers,
        body,
      });
      expect(withQuery.status).toBe(202);
      const escaped = await fetch(`${server.url}/api/leads/news%6Cetter`, {
        method: 'POST',
        headers,
        body,
      });
      expect(escaped.status).toBe(202);
      const stored = (await outbox()).filter((lead) => lead.answers.includes('routes@example.com'));
      expect(stored.map((lead) => lead.flow_id)).toEqual(['newsletter', 'newsletter']);

      const get = await fetch(`${server.url}/api/leads/newsletter`);
      expect(get.status).toBe(405);
      const malformed = await fetch(`${server.url}/api/leads/%E0%A4`, {
        method: 'POST',
        headers,
        body,
      });
      expect(malformed.status).toBe(400);
      expect(await errorsOf(malformed)).toEqual([
        { field: 'flowId', message: 'The form name in the address is not valid' },
      ]);
    });

    it('has no benchmark echo route, whatever the environment says', async () => {
      // The benchmark serves its baseline route from its own process (scripts/bench-leads-server.mjs).
      const asked = await startLeadsServer(
        { LEADS_BENCH_ECHO: 'true' },
        await serverDatabase(dialect),
      );
      try {
        const echo = await fetch(`${asked.url}/api/bench/echo`, { method: 'POST', body: '{}' });
        expect(echo.status).toBe(404);
      } finally {
        await asked.stop();
      }
    });

    it('delivers every held lead once HubSpot is configured and `npm run leads -- retry --all-held` runs', async () => {
      // The operator stops the unconfigured server, configures HubSpot and retries from the CLI.
      await server.stop();
      await guarded.stop();

      // HubSpot forms declaring exactly the fields flows.md lists for each form key.
      const forms: Record<string, FakeForm> = {};
      const formEnv: Record<string, string> = {};
      for (const flow of Object.values(siteFlows())) {
        for (const submission of flow.submissions) {
          const guid = `guid-${submission.formKey}`;
          forms[guid] = { fields: submission.fields.map((field) => field.name) };
          formEnv[`HUBSPOT_FORM_${formKeyToEnvSuffix(submission.formKey)}`] = guid;
        }
      }
      const fake = new FakeHubSpot({ portalId: '777', forms });
      await fake.up();
      try {
        const held = (await outbox()).length;
        const retry = await runLeadsCli(server, ['retry', '--all-held'], {
          HUBSPOT_PORTAL_ID: '777',
          HUBSPOT_API_BASE: fake.url,
          ...formEnv,
        });
        expect(retry.status, retry.stderr).toBe(0);
        expect(retry.stdout).toContain(`${held} delivery(ies) re-queued`);
        expect((await outbox()).every((row) => row.status === 'delivered')).toBe(true);
        expect(fake.accepted).toHaveLength(held);
        const [stats, csv] = await Promise.all([
          runLeadsCli(server, ['stats']),
          runLeadsCli(server, ['export', '--csv']),
        ]);
        expect(JSON.parse(stats.stdout)).toMatchObject({
          deliveries: { delivered: held, held: 0 },
        });
        // A column per question, headed by its flow and its words (several flows are in it).
        const header = csv.stdout.split('\r\n')[0]!;
        expect(header).toMatch(/^Flow,Version,Lead id,Submitted \(UTC\),Received \(UTC\),Status,/);
        expect(header).toContain(',client: What is your industry?,');
        expect(csv.stdout).toContain((await outbox())[0]!.id);
      } finally {
        await fake.close();
      }
    }, 60_000);
  });
});
