/**
 * The built server and a fake HubSpot: leads survive HubSpot's downtime, arrive once with the
 * visitor's submittedAt, wait as long as a 429 asks, and a form misconfiguration holds the lead
 * until an operator fixes the form and runs `npm run leads -- retry`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedFlow } from '@/engine/client';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
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

const portalId = '4242';
const subscribeForm = 'guid-subscribe';
const subscribePageForm = 'guid-subscribe-page';

describe.each(dialects)('on %s', (dialect) => {
  let fake: FakeHubSpot;
  let server: LeadsServer;

  const page = { uri: 'https://firm.example/insights/grants', name: 'insight' };

  beforeAll(async () => {
    await ensureBuild();
    fake = new FakeHubSpot({
      portalId,
      forms: {
        [subscribeForm]: { fields: ['email'], required: ['email'] },
      },
    });
    await fake.up();
    server = await startLeadsServer(
      {
        HUBSPOT_PORTAL_ID: portalId,
        HUBSPOT_API_BASE: fake.url,
        HUBSPOT_FORM_SUBSCRIBE: subscribeForm,
        HUBSPOT_FORM_SUBSCRIBE_PAGE: subscribePageForm,
        // A long poll: prompt deliveries below prove the endpoint wakes the worker itself.
        LEADS_WORKER_POLL_MS: '20000',
      },
      await serverDatabase(dialect),
    );
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  async function subscribe(email: string) {
    const before = Date.now();
    const response = await postLead(server, 'newsletter', { answers: { email }, page });
    const after = Date.now();
    const body = (await response.json()) as { id?: string };
    return { email, status: response.status, id: body.id, before, after };
  }

  describe('lead delivery (built server, fake HubSpot)', () => {
    it('warns in the log about each form key with no HubSpot form, and not about configured ones', () => {
      const warnings = server
        .output()
        .split('\n')
        .filter((line) => line.includes('flow diagnostic:') && line.includes('warning'));
      expect(warnings.some((line) => line.includes('HUBSPOT_FORM_CONTACT_BANNER'))).toBe(true);
      expect(warnings.some((line) => /HUBSPOT_FORM_SUBSCRIBE(?![A-Z_])/.test(line))).toBe(false);
    });

    it('makes the first delivery attempt right after the reply', async () => {
      const lead = await subscribe('prompt@example.com');
      expect(lead.status).toBe(202);
      await until(
        () => fake.accepted.some((a) => a.body.fields[0]?.value === lead.email),
        3000,
        'delivery',
      );
      const accepted = fake.accepted.find((a) => a.body.fields[0]?.value === lead.email)!;
      expect(accepted.receivedAt - lead.after).toBeLessThan(3000);
      expect(accepted.body.submittedAt).toBeGreaterThanOrEqual(lead.before);
    });

    it('stores 200 leads while HubSpot is down and delivers each exactly once when it is back', async () => {
      await fake.down();
      const emails = Array.from({ length: 200 }, (_, i) => `down-${i}@example.com`);
      const results: Awaited<ReturnType<typeof subscribe>>[] = [];
      for (let i = 0; i < emails.length; i += 20) {
        results.push(...(await Promise.all(emails.slice(i, i + 20).map(subscribe))));
      }
      expect(results.filter((r) => r.status !== 202)).toEqual([]);

      const ids = new Set(results.map((r) => r.id));
      await until(
        async () =>
          (await readOutbox(server.env)).filter((row) => ids.has(row.id) && row.attempts > 0)
            .length === 200,
        20_000,
        'a first attempt of every lead',
      );
      expect(fake.accepted.filter((a) => a.body.fields[0]?.value.startsWith('down-'))).toHaveLength(
        0,
      );

      await fake.up();
      await until(() => fake.accepted.length >= 200, 30_000, '200 deliveries');
      await new Promise((resolve) => setTimeout(resolve, 1000)); // room for a duplicate to show up
      const delivered = fake.accepted.filter((a) => a.body.fields[0]?.value.startsWith('down-'));
      expect(delivered).toHaveLength(200);
      for (const result of results) {
        const matches = delivered.filter((a) => a.body.fields[0]?.value === result.email);
        expect(matches).toHaveLength(1);
        const submittedAt = matches[0]!.body.submittedAt;
        expect(submittedAt).toBeGreaterThanOrEqual(result.before);
        expect(submittedAt).toBeLessThanOrEqual(result.after);
        expect(matches[0]!.body.context).toEqual({
          ipAddress: '127.0.0.1',
          pageUri: page.uri,
          pageName: page.name,
        });
      }
      expect(
        (await readOutbox(server.env)).filter(
          (row) => ids.has(row.id) && row.status === 'delivered',
        ),
      ).toHaveLength(200);
    }, 120_000);

    it('waits as long as a 429 Retry-After says before trying again', async () => {
      fake.failNext(1, 429, '2');
      const lead = await subscribe('limited@example.com');
      expect(lead.status).toBe(202);
      await until(
        () => fake.accepted.some((a) => a.body.fields[0]?.value === lead.email),
        15_000,
        'delivery',
      );
      const tries = fake.requests.filter((r) => r.status === 429 || r.email === lead.email);
      expect(tries.map((r) => r.status)).toEqual([429, 200]);
      expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(1900);
    }, 30_000);

    it('holds a lead HubSpot refuses for an undeclared field; the CLI retry delivers it once fixed', async () => {
      fake.setForm(subscribeForm, { fields: ['firstname'] });
      const lead = await subscribe('held@example.com');
      expect(lead.status).toBe(202);
      const rowOf = async () => (await readOutbox(server.env)).find((row) => row.id === lead.id);
      await until(async () => (await rowOf())?.status === 'held', 15_000, 'the lead to be held');
      expect((await rowOf())?.last_error).toMatch(/not in the form definition/);

      const held = await runLeadsCli(server, ['list', '--status', 'held', '--json']);
      expect(held.status).toBe(0);
      expect((JSON.parse(held.stdout) as { id: string }[]).map((l) => l.id)).toEqual([lead.id]);

      fake.setForm(subscribeForm, { fields: ['email'], required: ['email'] });
      await new Promise((resolve) => setTimeout(resolve, 600)); // the worker leaves held leads alone
      expect(fake.accepted.filter((a) => a.body.fields[0]?.value === lead.email)).toHaveLength(0);

      const retry = await runLeadsCli(server, ['retry', lead.id!]);
      expect(retry.status, retry.stderr).toBe(0);
      expect(retry.stdout).toMatch(/1 delivery\(ies\) re-queued/);
      await until(
        async () => (await rowOf())?.status === 'delivered',
        15_000,
        'delivery after retry',
      );
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(fake.accepted.filter((a) => a.body.fields[0]?.value === lead.email)).toHaveLength(1);

      const shown = await runLeadsCli(server, ['show', lead.id!]);
      expect(JSON.parse(shown.stdout)).toMatchObject({
        id: lead.id,
        status: 'delivered',
        flowId: 'newsletter',
      });
    }, 60_000);
    it('sends the subscribe page’s consent as legalConsentOptions with its text, and the visitor’s address', async () => {
      // The form as the server's flow sends it (the brand names one field), asking for consent.
      const flow = (await (
        await fetch(`${server.url}/api/flows/subscribePage`)
      ).json()) as ResolvedFlow;
      fake.setForm(subscribePageForm, {
        fields: flow.submissions[0]!.fields.map((field) => field.name),
        required: ['email'],
        consent: { processing: true },
      });
      const consentLabel = flow.steps
        .flatMap((step) => (step.kind === 'choice' ? [] : step.fields))
        .find((field) => field.legalConsent?.includes('processing'))!.label;
      const response = await postLead(
        server,
        'subscribePage',
        {
          answers: {
            email: 'consents@example.com',
            full_name: 'Casey Reader',
            phone: '(202) 555-0143',
            privacy_consent: true,
          },
          page,
          hidden: { utm_source: 'news' },
        },
        { 'x-forwarded-for': '198.51.100.23' },
      );
      expect(response.status).toBe(202);
      await until(() => fake.acceptedFor(subscribePageForm).length === 1, 15_000, 'delivery');
      const { body } = fake.acceptedFor(subscribePageForm)[0]!;
      expect(body.legalConsentOptions).toEqual({
        consent: { consentToProcess: true, text: consentLabel },
      });
      expect(body.context).toMatchObject({ ipAddress: '198.51.100.23', pageName: page.name });
      expect(body.fields).toContainEqual({
        objectTypeId: '0-1',
        name: 'utm_source',
        value: 'news',
      });
    }, 30_000);

    it('holds, not fails, a lead whose HubSpot form demands consent the flow does not ask', async () => {
      fake.setForm(subscribeForm, { fields: ['email'], consent: { processing: true } });
      try {
        const lead = await subscribe('no-consent-asked@example.com');
        expect(lead.status).toBe(202);
        const rowOf = async () => (await readOutbox(server.env)).find((row) => row.id === lead.id);
        await until(async () => (await rowOf())?.status === 'held', 15_000, 'the lead to be held');
        expect((await rowOf())?.last_error).toMatch(/form configuration.*consent/);
      } finally {
        fake.setForm(subscribeForm, { fields: ['email'], required: ['email'] });
      }
    }, 30_000);
  });
});
