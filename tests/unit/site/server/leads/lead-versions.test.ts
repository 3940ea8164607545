/**
 * A lead is checked against the version of the flow its visitor answered: after a publish adds a
 * required field, a visitor who started on the old version still gets their lead stored (and sent
 * with the old version's fields), a new visitor is held to the new version, and a version the
 * store never had is refused with the field and the reason. Real outbox and real studio store on
 * both databases.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowCatalogue } from '@/site/server/flows/flow-catalogue';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { SiteFlows } from '@/site/server/flows/site-flows';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';
import { FileStorage, fileLink } from '@/site/server/leads/file-storage';
import { handleLeadPost } from '@/site/server/leads/handle-lead-post';
import type { LeadServices } from '@/site/server/leads/lead-services';
import { createRateLimit } from '@/site/server/http/rate-limit';
import { dialects } from '@/tests/integration/support/test-databases';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';
import { tempOutbox } from './outbox-fixtures';

const SITE = 'https://firm.example';
const page = { uri: 'https://firm.example/', name: 'home' };

/** The newsletter with a required first name, sent to HubSpot as `firstname`. */
function withFirstName(source: string): string {
  const flow = JSON.parse(source) as {
    steps: { fields: unknown[] }[];
    submissions: { fields: unknown[] }[];
  };
  flow.steps[0]!.fields.push({ name: 'firstname', type: 'text', label: 'First name' });
  flow.submissions[0]!.fields.push({
    name: 'firstname',
    objectTypeId: '0-1',
    value: { answer: 'firstname' },
  });
  return `${JSON.stringify(flow, null, 2)}\n`;
}

describe.each(dialects)('lead versions on %s', (dialect) => {
  let outbox: ReturnType<typeof tempOutbox>;
  let services: LeadServices;
  let before: number;

  beforeAll(async () => {
    outbox = tempOutbox(dialect);
    const store = new FlowCatalogue({
      flowsDir: FLOWS_DIR,
      files: loadFlowRegistry(FLOWS_DIR, VARS),
      vars: VARS,
      database: () => outbox.site,
    });
    await store.seed();
    before = (await store.latest('newsletter'))!.version;
    const source = readFileSync(path.join(FLOWS_DIR, 'newsletter.json'), 'utf8');
    const published = await store.publish('newsletter', withFirstName(source), {
      author: 'ann@example.com',
      note: 'ask the first name',
    });
    expect(published.ok).toBe(true);
    services = {
      store: outbox.store,
      files: new FileStorage(path.join(process.env.TMPDIR ?? '/tmp', `lead-versions-${dialect}`)),
      flows: new SiteFlows({ files: loadFlowRegistry(FLOWS_DIR, VARS), catalogue: store }),
      captcha: createCaptchaVerifier({ provider: 'none' }),
      rateLimit: createRateLimit(0),
      fileLink: (token) => fileLink(SITE, token),
    };
  });
  afterAll(() => outbox?.dispose());

  const post = (query: string, answers: Record<string, unknown>) =>
    handleLeadPost(
      new Request(`${SITE}/api/leads/newsletter${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers, page }),
      }),
      'newsletter',
      services,
    );

  const stored = async (response: Response) => {
    const { id } = (await response.json()) as { id: string };
    const lead = (await outbox.store.getLead(id))!;
    const fields = (lead.deliveries[0]!.body as { fields: { name: string }[] }).fields;
    return { version: lead.flowVersion, names: fields.map((f) => f.name) };
  };

  it('stores an old version lead as the version the visitor answered', async () => {
    const response = await post(`?version=${before}`, { email: 'early@firm.example' });
    expect(response.status).toBe(202);
    const lead = await stored(response);
    expect(lead.version).toBe(before);
    expect(lead.names).toContain('email');
    expect(lead.names).not.toContain('firstname');
  });

  it('holds a new visitor, or one naming no version, to the newest version', async () => {
    for (const query of ['', `?version=${before + 1}`]) {
      const refused = await post(query, { email: 'late@firm.example' });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('firstname');
    }
    const response = await post(`?version=${before + 1}`, {
      email: 'late@firm.example',
      firstname: 'Ada',
    });
    expect(response.status).toBe(202);
    expect(await stored(response)).toEqual({
      version: before + 1,
      names: expect.arrayContaining(['email', 'firstname']) as string[],
    });
  });

  it('refuses a version that was never published, or is not a number, naming the field', async () => {
    const unknown = await post(`?version=${before + 40}`, { email: 'x@firm.example' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      errors: [
        {
          field: 'version',
          message: `Form "newsletter" has no version ${before + 40}; reload the page`,
        },
      ],
    });
    const garbled = await post('?version=two', { email: 'x@firm.example' });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ errors: [{ field: 'version' }] });
  });
});
