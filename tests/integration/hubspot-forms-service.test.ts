/**
 * HubSpot's form definitions read, cached and changed by the site, on SQLite and PostgreSQL,
 * against the fake HubSpot on loopback (its Marketing Forms API v3): a refresh stores what every
 * instance then reads; a form key pointed at another form hides the definition read from the old
 * one; add-fields appends the missing fields, the attribution set first, after which HubSpot
 * takes the leads it refused; a HubSpot outage keeps the stored definitions and is logged once;
 * without a token nothing is read, and it says why.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTION_FIELDS, type HubSpotBody } from '@/engine';
import {
  createHubSpotFormsService,
  type HubSpotFormsConfig,
} from '@/site/server/hubspot/create-hubspot-forms-service';
import { startHubSpotFormsRefresh } from '@/site/server/hubspot/hubspot-forms-refresh';
import { createHubSpotSink } from '@/site/server/leads/hubspot-sink';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import {
  REPOSITORY_PORTAL_ID,
  repositoryFormIds,
  repositoryPortal,
} from '@/tests/fixtures/hubspot-forms';
import { loadFlowRegistry } from '@/site/server/flows/flow-registry';
import { SITE_FLOWS_DIR, siteFlowVars } from '@/site/server/flows/site-flow-registry';
import { dialects, testDatabase, type TestDatabase } from './support/test-databases';

const token = 'pat-test-forms-token';
// The repository's flows with the site's own brand, as the fixture's portal takes them.
const flows = Object.values(loadFlowRegistry(SITE_FLOWS_DIR, siteFlowVars()).flows);
const ids = repositoryFormIds;

/** The fake with the repository's portal, the subscribe page's form set up before attribution. */
function portal() {
  const forms = repositoryPortal();
  const page = forms[ids.subscribePage]!;
  page.fields = page.fields.filter((f) => {
    const name = typeof f === 'string' ? f : f.name;
    return !ATTRIBUTION_FIELDS.includes(name) && name !== 'jobtitle';
  });
  return forms;
}

const config = (fake: FakeHubSpot, overrides: Partial<HubSpotFormsConfig> = {}) => ({
  apiBase: fake.url,
  accessToken: token,
  portalId: REPOSITORY_PORTAL_ID,
  forms: {
    SUBSCRIBE: ids.subscribe,
    QUESTION: ids.question,
    SUBSCRIBE_PAGE: ids.subscribePage,
  } as Record<string, string>,
  timeoutMs: 2_000,
  ...overrides,
});

const formKeys = () => ['subscribe', 'question', 'subscribePage', 'joinEvent'];

describe.each(dialects)('HubSpot form definitions on %s', (dialect) => {
  let fake: FakeHubSpot;
  let database: TestDatabase;
  const opened: (() => void)[] = [];

  beforeAll(async () => {
    fake = new FakeHubSpot({ portalId: REPOSITORY_PORTAL_ID, forms: portal(), accessToken: token });
    await fake.up();
    database = await testDatabase(dialect);
  });
  afterEach(() => opened.splice(0).forEach((stop) => stop()));
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });

  /** A service as one instance of the site has it, on its own connection to the database. */
  async function service(overrides: Partial<HubSpotFormsConfig> = {}) {
    const site = await database.open();
    return createHubSpotFormsService({
      database: () => Promise.resolve(site),
      config: config(fake, overrides),
      formKeys,
    });
  }

  it('stores what a refresh reads, and every instance reads it from the database', async () => {
    const first = await service();
    expect(first.status()).toEqual({ enabled: true });
    const outcomes = await first.refresh();
    // joinEvent has no HUBSPOT_FORM_JOIN_EVENT: not asked for.
    expect(outcomes.map((o) => [o.formKey, o.ok])).toEqual([
      ['subscribe', true],
      ['question', true],
      ['subscribePage', true],
    ]);
    const reads = fake.formReads.length;
    const other = await service();
    const forms = await other.definitions();
    expect(fake.formReads.length).toBe(reads);
    expect(Object.keys(forms).sort()).toEqual(['question', 'subscribe', 'subscribePage']);
    expect(forms.subscribe).toMatchObject({ formId: ids.subscribe, name: 'Newsletter' });
    const industry = forms.question!.fields.find((f) => f.name === 'what_is_your_industry');
    expect(industry).toMatchObject({ fieldType: 'dropdown', objectTypeId: '0-2', required: false });
    expect(industry!.options).toContain('Law, Financial Consulting & Accounting');
    expect(forms.subscribe!.fields.find((f) => f.name === 'gclid')).toMatchObject({
      fieldType: 'single_line_text',
      hidden: true,
    });
    expect(forms.subscribe!.fields.find((f) => f.name === 'email')?.required).toBe(true);
  });

  it('hides the definition of a form the form key no longer points at, until read again', async () => {
    await (await service()).refresh(['subscribe']);
    const moved = await service({ forms: { ...config(fake).forms, SUBSCRIBE: ids.joinEvent } });
    expect((await moved.definitions()).subscribe).toBeUndefined();
    expect((await moved.definitions()).question?.formId).toBe(ids.question);
    await moved.refresh(['subscribe']);
    expect((await moved.definitions()).subscribe).toMatchObject({
      formId: ids.joinEvent,
      name: 'Join an event',
    });
    // The instance still configured with the old id no longer sees a definition for it.
    expect((await (await service()).definitions()).subscribe).toBeUndefined();
    await (await service()).refresh(['subscribe']);
  });

  it('adds the missing fields, attribution first, after which HubSpot takes the lead it refused', async () => {
    const sink = createHubSpotSink({
      apiBase: fake.url,
      filesApiBase: fake.url,
      portalId: REPOSITORY_PORTAL_ID,
      accessToken: token,
      forms: { SUBSCRIBE_PAGE: ids.subscribePage },
      timeoutMs: 2_000,
    });
    const body: HubSpotBody = {
      submittedAt: Date.now(),
      fields: [
        { objectTypeId: '0-1', name: 'email', value: 'paid@example.com' },
        { objectTypeId: '0-1', name: 'utm_source', value: 'newsletter-ad' },
      ],
      context: { pageUri: 'https://firm.example/subscribe', pageName: 'Subscribe' },
    };
    const before = await sink.send('subscribePage', body);
    expect(before.kind === 'sent' && before.result.ok && before.result.status).toBe(400);
    expect(before.kind === 'sent' && before.result.ok && before.result.body).toContain(
      'FIELD_NOT_IN_FORM_DEFINITION',
    );

    const forms = await service();
    const patches = () => fake.formReads.filter((r) => r.method === 'PATCH').length;
    const patchesBefore = patches();
    const outcome = await forms.addMissingFields('subscribePage', flows);
    expect(patches()).toBe(patchesBefore + 1);
    expect(outcome.added.map((f) => f.name)).toEqual([...ATTRIBUTION_FIELDS, 'jobtitle']);
    const declared = outcome.definition.fields.map((f) => f.name);
    // The form's own fields stay, in their order, and the new ones follow.
    expect(declared.slice(0, 3)).toEqual(['email', 'full_name', 'phone']);
    expect(declared.slice(-7)).toEqual([...ATTRIBUTION_FIELDS, 'jobtitle']);
    for (const name of [...ATTRIBUTION_FIELDS, 'jobtitle']) {
      expect(outcome.definition.fields.find((f) => f.name === name)).toMatchObject({
        fieldType: 'single_line_text',
        hidden: true,
        required: false,
      });
    }
    expect((await forms.definitions()).subscribePage?.fields.map((f) => f.name)).toEqual(declared);

    const after = await sink.send('subscribePage', { ...body, submittedAt: Date.now() });
    expect(after.kind === 'sent' && after.result.ok && after.result.status).toBe(200);
    const accepted = fake.acceptedFor(ids.subscribePage).at(-1)!;
    expect(accepted.body.fields).toContainEqual({
      objectTypeId: '0-1',
      name: 'utm_source',
      value: 'newsletter-ad',
    });

    const again = await forms.addMissingFields('subscribePage', flows);
    expect(again.added).toEqual([]);
    expect(patches()).toBe(patchesBefore + 1);
  });

  it('keeps the stored definitions while HubSpot is down, and logs the outage once', async () => {
    const forms = await service();
    await forms.refresh();
    const stored = await forms.definitions();
    const lines: string[] = [];
    await fake.down();
    try {
      const outcomes = await forms.refresh();
      expect(outcomes.every((o) => !o.ok)).toBe(true);
      expect(outcomes[0]!.error).toMatch(/HubSpot cannot be reached/);
      expect(await forms.definitions()).toEqual(stored);

      const refresh = startHubSpotFormsRefresh(forms, {
        intervalMs: 40,
        log: (line) => lines.push(line),
      });
      opened.push(() => refresh.stop());
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(lines.filter((l) => l.includes('not refreshed'))).toHaveLength(1);
      expect(lines[0]).toMatch(/stored ones stay in use: subscribe: HubSpot cannot be reached/);
    } finally {
      await fake.up();
    }
    const deadline = Date.now() + 5_000;
    while (!lines.some((l) => l.includes('refreshed again')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(lines.filter((l) => l.includes('refreshed again'))).toHaveLength(1);
    expect(lines).toHaveLength(2);
  });

  it('reads nothing without a token, and says why', async () => {
    await (await service()).refresh();
    const reads = fake.formReads.length;
    const off = await service({ accessToken: undefined });
    expect(off.status().enabled).toBe(false);
    expect(off.status().reason).toMatch(/^HUBSPOT_ACCESS_TOKEN is not set .*forms scope/);
    expect(await off.definitions()).toEqual({});
    // What was read before is still there for telling staff what to add by hand.
    expect(Object.keys(await off.cachedDefinitions())).toContain('subscribe');
    const outcomes = await off.refresh(['subscribe']);
    expect(outcomes).toEqual([
      { formKey: 'subscribe', formId: ids.subscribe, ok: false, error: off.status().reason },
    ]);
    await expect(off.addMissingFields('subscribe', flows)).rejects.toThrow(/HUBSPOT_ACCESS_TOKEN/);
    expect(fake.formReads.length).toBe(reads);

    const lines: string[] = [];
    startHubSpotFormsRefresh(off, { intervalMs: 40, log: (line) => lines.push(line) }).stop();
    expect(lines).toEqual([off.status().reason]);
    const noPortal = await service({ portalId: undefined });
    expect(noPortal.status().reason).toMatch(/^HUBSPOT_PORTAL_ID is not set/);
  });
});
