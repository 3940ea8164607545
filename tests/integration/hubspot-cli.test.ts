/**
 * The operator's HubSpot tools as processes, against the fake HubSpot on loopback and a SQLite
 * file: `npm run hubspot -- forms | add-fields | refresh`, `npm run flows -- check --hubspot`,
 * and a started runtime's schedule of reads. The portal is the fixture a firm would set up for
 * the repository's flows (tests/fixtures/hubspot-forms.ts): against it the check is quiet; a
 * portal that lacks a dropdown value, the attribution fields and a field is named at the flow's
 * file:line:col until the fields are added; without a token every tool says so once.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTION_FIELDS } from '@/engine';
import { FakeHubSpot } from '@/tests/fakes/fake-hubspot';
import {
  REPOSITORY_PORTAL_ID,
  repositoryFormEnv,
  repositoryFormIds,
  repositoryPortal,
} from '@/tests/fixtures/hubspot-forms';
import { runScript } from './support/run-script';

const token = 'pat-test-cli-token';
const ids = repositoryFormIds;
const tmp = mkdtempSync(path.join(tmpdir(), 'hubspot-cli-'));

const nameOf = (field: string | { name: string }) =>
  typeof field === 'string' ? field : field.name;

/** The portal as a firm may have it before adding anything: three things the flows need are missing. */
function brokenPortal() {
  const forms = repositoryPortal();
  const question = forms[ids.question]!;
  question.fields = question.fields.map((f) =>
    typeof f !== 'string' && f.name === 'what_is_your_industry'
      ? { ...f, options: f.options!.filter((o) => o !== 'Fintech') }
      : f,
  );
  const subscribe = forms[ids.subscribe]!;
  subscribe.fields = subscribe.fields.filter((f) => !ATTRIBUTION_FIELDS.includes(nameOf(f)));
  const page = forms[ids.subscribePage]!;
  page.fields = page.fields.filter((f) => nameOf(f) !== 'jobtitle');
  return forms;
}

const matching = new FakeHubSpot({
  portalId: REPOSITORY_PORTAL_ID,
  forms: repositoryPortal(),
  accessToken: token,
});
const broken = new FakeHubSpot({
  portalId: REPOSITORY_PORTAL_ID,
  forms: brokenPortal(),
  accessToken: token,
});

const site = (fake: FakeHubSpot | undefined, db: string): Record<string, string> => ({
  LEADS_DB: path.join(tmp, db),
  HUBSPOT_PORTAL_ID: REPOSITORY_PORTAL_ID,
  ...repositoryFormEnv,
  ...(fake ? { HUBSPOT_ACCESS_TOKEN: token, HUBSPOT_FILES_API_BASE: fake.url } : {}),
});

const flows = (env: Record<string, string>, ...args: string[]) =>
  runScript('scripts/flows.ts', ['check', '--hubspot', ...args], env);
const hubspot = (env: Record<string, string>, ...args: string[]) =>
  runScript('scripts/hubspot.ts', args, env);

const formGets = (fake: FakeHubSpot) =>
  new Set(fake.formReads.filter((r) => r.method === 'GET').map((r) => r.path.split('/').pop()));

/** The line of a flow file a `file:line:col` names. */
const lineOf = (file: string, line: string) =>
  readFileSync(path.join('flows', file), 'utf8').split('\n')[Number(line) - 1] ?? '';

beforeAll(async () => {
  await matching.up();
  await broken.up();
});
afterAll(async () => {
  await matching.close();
  await broken.close();
  rmSync(tmp, { recursive: true, force: true });
});

// Each run starts tsx and the site's modules: slow on a busy machine, hence the long timeout.
describe('the HubSpot tools', { timeout: 240_000 }, () => {
  it("is quiet on the repository's flows against a portal set up for them, having read every form", async () => {
    const env = site(matching, 'matching.sqlite');
    const check = await flows(env);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stderr).not.toMatch(/HubSpot/);
    expect(check.stdout).toMatch(/^\d+ flows valid: /);
    expect([...formGets(matching)].sort()).toEqual(Object.values(ids).sort());

    const [text, json] = await Promise.all([
      hubspot(env, 'forms'),
      hubspot(env, 'forms', '--json'),
    ]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(
        `^question: HubSpot form "Client questionnaire" \\(${ids.question}\\), read \\d{4}-`,
        'm',
      ),
    );
    expect(text.stdout).toContain('  - email (email, required)\n');
    expect(text.stdout).toContain('  - gclid (single_line_text, hidden)\n');
    expect(text.stdout).toContain(
      '  - preferred_day (dropdown): Monday | Tuesday | Wednesday | Thursday | Friday\n',
    );
    expect(json.code, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout) as {
      forms: { formKey: string; read: boolean; definition: { fields: unknown[] } | null }[];
      unconfigured: string[];
    };
    expect(listed.unconfigured).toEqual([]);
    expect(listed.forms.map((f) => f.formKey).sort()).toEqual(Object.keys(ids).sort());
    expect(listed.forms.every((f) => f.read && f.definition!.fields.length > 0)).toBe(true);
  });

  it('names each field HubSpot would refuse at its file:line:col, until add-fields adds the missing ones', async () => {
    const env = site(broken, 'broken.sqlite');
    const before = await flows(env);
    expect(before.code).toBe(1);
    const fintech =
      /^flows\/client\.json:(\d+):\d+: warning: HubSpot's dropdown "what_is_your_industry" does not list "Fintech"/m.exec(
        before.stderr,
      );
    expect(fintech, before.stderr).not.toBeNull();
    expect(lineOf('client.json', fintech![1]!)).toContain('"value"');
    const utm =
      /^flows\/newsletter\.json:(\d+):\d+: warning: HubSpot form "Newsletter" \(form key "subscribe"\) does not declare the hidden field "utm_source"/m.exec(
        before.stderr,
      );
    expect(utm, before.stderr).not.toBeNull();
    expect(lineOf('newsletter.json', utm![1]!)).toContain('"name": "utm_source"');
    expect(before.stderr).toMatch(/^flows\/subscribePage\.json:\d+:\d+: warning: .*"jobtitle"/m);
    expect(before.stderr).toContain('8 HubSpot finding(s)');

    const added = await hubspot(env, 'add-fields', 'subscribe');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout.split('\n').filter((l) => l.startsWith('  + '))).toEqual(
      ATTRIBUTION_FIELDS.map((name) => `  + ${name} (contact) "${name}"`),
    );
    expect(broken.formReads.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    const again = await hubspot(env, 'add-fields', 'subscribe');
    expect(again.stdout).toMatch(/^Nothing missing: HubSpot form "Newsletter"/);

    const after = await flows(env);
    expect(after.code).toBe(1);
    expect(after.stderr).not.toContain('utm_source');
    expect(after.stderr).toContain('"Fintech"');
    expect(after.stderr).toContain('2 HubSpot finding(s)');

    // HubSpot unreachable: the definitions stored before are checked against, and it says so.
    await broken.down();
    try {
      const [down, refresh] = await Promise.all([flows(env), hubspot(env, 'refresh')]);
      expect(down.code).toBe(1);
      expect(down.stderr).toMatch(
        /HubSpot form of "question" not read \(HubSpot cannot be reached .*\): checked against the definition stored on \d{4}-/,
      );
      expect(down.stderr).toContain('"Fintech"');
      expect(refresh.code).toBe(1);
      expect(refresh.stdout).toMatch(/^question: not read \(HubSpot cannot be reached/m);
      for (const run of [before, added, again, after, down, refresh]) {
        expect(run.stdout + run.stderr).not.toContain(token);
      }
    } finally {
      await broken.up();
    }
  });

  // broken.sqlite holds what the test above read: the cache a token-less tool still has.
  it('without a token, says once what to set, skips the check and lists what to add by hand', async () => {
    const cached = site(undefined, 'broken.sqlite');
    const none = site(undefined, 'none.sqlite');
    const [check, fromCache, fromFlows, forms, unknown] = await Promise.all([
      flows(cached),
      hubspot(cached, 'add-fields', 'subscribePage'),
      hubspot(none, 'add-fields', 'subscribe'),
      hubspot(none, 'forms'),
      hubspot(none, 'add-fields', 'subscrib'),
    ]);
    expect(check.code, check.stderr).toBe(0);
    expect(
      check.stderr.match(/HubSpot check skipped: HUBSPOT_ACCESS_TOKEN is not set/g),
    ).toHaveLength(1);
    expect(check.stderr).not.toContain('Fintech');

    expect(fromCache.code).toBe(2);
    expect(fromCache.stderr.match(/HUBSPOT_ACCESS_TOKEN is not set/g)).toHaveLength(1);
    expect(fromCache.stdout).toContain(
      `open the HubSpot form "Subscription preferences" (id ${ids.subscribePage})`,
    );
    expect(fromCache.stdout).toMatch(/Fields the form lacks \(as read on \d{4}-/);
    expect(fromCache.stdout.split('\n').filter((l) => l.startsWith('  - '))).toEqual([
      '  - jobtitle (contact property) labelled "Job title"',
    ]);

    expect(fromFlows.code).toBe(2);
    expect(fromFlows.stdout).toContain('these are all the fields the flows send under it');
    expect(fromFlows.stdout.split('\n').filter((l) => l.startsWith('  - '))).toEqual([
      ...ATTRIBUTION_FIELDS.map((n) => `  - ${n} (contact property, attribution) labelled "${n}"`),
      '  - email (contact property) labelled "Email"',
    ]);
    expect(fromFlows.stdout).toContain('make it a hidden field');
    expect(existsSync(path.join(tmp, 'none.sqlite'))).toBe(false);

    expect(forms.code).toBe(2);
    expect(forms.stderr).toMatch(
      /^HUBSPOT_ACCESS_TOKEN is not set \(a HubSpot private app token with the forms scope\)/m,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'No flow sends the form key "subscrib". Did you mean "subscribe"?',
    );
  });

  it('a started runtime reads the forms at start and on schedule; without a token it says why once', async () => {
    const reads = () =>
      matching.formReads.filter((r) => r.path.endsWith(`/${ids.question}`)).length;
    const readsBefore = reads();
    const [on, off] = await Promise.all([
      runScript('tests/integration/support/run-site-runtime.ts', [], {
        ...site(matching, 'runtime.sqlite'),
        HUBSPOT_FORMS_REFRESH_MS: '1000',
        RUN_MS: '3500',
      }),
      runScript('tests/integration/support/run-site-runtime.ts', [], {
        ...site(undefined, 'runtime-off.sqlite'),
        RUN_MS: '1500',
      }),
    ]);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toMatch(/\[hubspot\] form definitions read for .*question/);
    expect(reads() - readsBefore).toBeGreaterThanOrEqual(2);
    const listed = await hubspot(site(undefined, 'runtime.sqlite'), 'add-fields', 'question');
    expect(listed.stdout).toContain('has every field the flows send under "question"');

    expect(off.code, off.stderr).toBe(0);
    const output = off.stdout + off.stderr;
    expect(output.match(/\[hubspot\] HUBSPOT_ACCESS_TOKEN is not set/g)).toHaveLength(1);
  });
});
