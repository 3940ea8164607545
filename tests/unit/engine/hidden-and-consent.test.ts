import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildSubmissions,
  capturedHidden,
  checkHiddenValues,
  coveringPaths,
  hiddenSent,
  loadFlows,
  validateAnswers,
  type ResolvedFlow,
} from '@/engine';
import { FLOWS_DIR, VARS, repoFlows } from './load-repo-flows';

const { flows } = repoFlows();
const newsletter = flows.newsletter!;
const subscribe = flows.subscribePage!;
const ctx = { submittedAt: 1, pageUri: 'https://firm.example/x', pageName: 'x' };

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** The repository's flows with `file` edited; the diagnostics about that file. */
function withEdit(file: string, edit: (flow: Record<string, unknown>) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'flows-'));
  temp.push(dir);
  cpSync(FLOWS_DIR, dir, { recursive: true });
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(data);
  writeFileSync(path, JSON.stringify(data, null, 2));
  return loadFlows(dir, VARS).diagnostics.filter((d) => d.file === file);
}

function send(flow: ResolvedFlow, answers: Record<string, unknown>, hidden = {}) {
  const valid = validateAnswers(flow, answers);
  if (!valid.ok) throw new Error(JSON.stringify(valid.errors));
  return buildSubmissions(flow, valid, { ...ctx, hidden });
}

describe('hidden fields', () => {
  it('"utm" declares the five UTM parameters and gclid, each read from the landing URL', () => {
    expect(newsletter.hidden.map((f) => [f.name, f.from, f.param])).toEqual([
      ['utm_source', 'query', 'utm_source'],
      ['utm_medium', 'query', 'utm_medium'],
      ['utm_campaign', 'query', 'utm_campaign'],
      ['utm_term', 'query', 'utm_term'],
      ['utm_content', 'query', 'utm_content'],
      ['gclid', 'query', 'gclid'],
    ]);
  });

  it('captures the first touch’s parameters, referrer and landing page, never a bad value', () => {
    const flow: ResolvedFlow = {
      ...newsletter,
      hidden: [
        ...newsletter.hidden,
        { name: 'ref', from: 'referrer', maxLength: 2048 },
        { name: 'landing', from: 'landingPage', maxLength: 2048 },
        { name: 'promo', from: 'query', param: 'p', maxLength: 5 },
      ],
    };
    const touch = {
      url: 'https://firm.example/grants?utm_source=news&utm_campaign=fall%20sale&p=toolong&utm_term=a%0Ab',
      referrer: 'https://search.example/',
    };
    expect(capturedHidden(flow, touch)).toEqual({
      utm_source: 'news',
      utm_campaign: 'fall sale',
      ref: 'https://search.example/',
      landing: 'https://firm.example/grants',
    });
    expect(capturedHidden(flow, { url: 'not a url', referrer: '' })).toEqual({});
  });

  it('the server takes only the flow’s hidden fields, each within its rule', () => {
    expect(checkHiddenValues(newsletter, { utm_source: 'news', gclid: '' })).toEqual({
      ok: true,
      values: { utm_source: 'news' },
    });
    expect(checkHiddenValues(newsletter, undefined)).toEqual({ ok: true, values: {} });
    const refused = checkHiddenValues(newsletter, {
      utm_sorce: 'x',
      utm_medium: 'x'.repeat(256),
      utm_term: 'a\u0000b',
      utm_content: 5,
    });
    expect(refused).toEqual({
      ok: false,
      errors: [
        {
          field: 'hidden.utm_sorce',
          message: 'hidden.utm_sorce is not a hidden value of this form',
        },
        { field: 'hidden.utm_medium', message: 'hidden.utm_medium is longer than 255 characters' },
        {
          field: 'hidden.utm_term',
          message: 'hidden.utm_term contains control characters or line breaks',
        },
        { field: 'hidden.utm_content', message: 'hidden.utm_content must be text' },
      ],
    });
    expect(checkHiddenValues(newsletter, ['x'])).toMatchObject({ ok: false });
  });

  it('sends captured values under their HubSpot names and leaves uncaptured ones out', () => {
    const [body] = send(
      newsletter,
      { email: 'a@b.co' },
      { utm_source: 'news', utm_campaign: 'fall' },
    );
    expect(body!.body.fields).toEqual([
      { objectTypeId: '0-1', name: 'email', value: 'a@b.co' },
      { objectTypeId: '0-1', name: 'utm_source', value: 'news' },
      { objectTypeId: '0-1', name: 'utm_campaign', value: 'fall' },
    ]);
  });

  it('hiddenSent lists, per form key, the fields sent only when the visit brings them', () => {
    const utm = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'];
    expect(hiddenSent(subscribe)).toEqual([{ formKey: 'subscribePage', names: utm }]);
    const asked = subscribe.submissions[0]!.fields.filter((f) => !('hidden' in f.value));
    const submissions = [{ formKey: 'subscribePage', fields: asked }];
    expect(hiddenSent({ ...subscribe, submissions })).toEqual([]);
  });
});

describe('consent HubSpot reads', () => {
  const answers = {
    email: 'a@b.co',
    full_name: 'Ann Lee',
    phone: '2025550143',
    privacy_consent: true,
  };

  it('the subscribe page’s privacy box becomes legalConsentOptions with the label as its text', () => {
    const label =
      subscribe.steps[0]!.kind !== 'choice' ? subscribe.steps[0]!.fields.at(-1)!.label : '';
    expect(label).toMatch(/privacy policy/);
    const [built] = send(subscribe, answers);
    expect(built!.body.legalConsentOptions).toEqual({
      consent: { consentToProcess: true, text: label },
    });
    // The box is required: the answers without it never reach a HubSpot body.
    expect(validateAnswers(subscribe, { ...answers, privacy_consent: false })).toMatchObject({
      ok: false,
      errors: [{ field: 'privacy_consent', message: 'Please accept the privacy policy' }],
    });
  });

  it('a communication box adds the subscription with its own text and value', () => {
    const flow: ResolvedFlow = structuredClone(subscribe);
    const step = flow.steps[0]!;
    if (step.kind === 'choice') throw new Error('fields step expected');
    step.fields.push({
      name: 'newsletter_optin',
      type: 'consent',
      label: 'Send me the monthly newsletter',
      required: false,
      legalConsent: ['communication'],
    });
    const [on] = send(flow, { ...answers, newsletter_optin: true });
    expect(on!.body.legalConsentOptions?.consent.communications).toEqual([
      { value: true, text: 'Send me the monthly newsletter' },
    ]);
    const [off] = send(flow, answers);
    expect(off!.body.legalConsentOptions?.consent.communications).toEqual([
      { value: false, text: 'Send me the monthly newsletter' },
    ]);
  });

  it('a path’s submissions carry the consent its answers give, as the body does', () => {
    const [path] = coveringPaths(subscribe);
    const [built] = send(subscribe, path!.answers);
    expect(path!.submissions).toEqual([
      {
        formKey: 'subscribePage',
        fields: built!.body.fields,
        legalConsentOptions: built!.body.legalConsentOptions,
      },
    ]);
    expect(path!.submissions[0]!.legalConsentOptions?.consent.consentToProcess).toBe(true);
  });
});

describe('flow check', () => {
  it('a typo in a hidden value gets a did-you-mean', () => {
    const diagnostics = withEdit('newsletter.json', (flow) => {
      const fields = (flow.submissions as { fields: { value: unknown }[] }[])[0]!.fields;
      fields[1]!.value = { hidden: 'utm_sorce' };
    });
    expect(diagnostics).toMatchObject([
      {
        pointer: '/submissions/0/fields/1/value/hidden',
        message: 'Unknown hidden value "utm_sorce"',
        hint: expect.stringMatching(/^Did you mean "utm_source"\?/) as unknown,
      },
    ]);
  });

  it('reading a hidden value as an answer says how to read it', () => {
    const diagnostics = withEdit('newsletter.json', (flow) => {
      const fields = (flow.submissions as { fields: { value: unknown }[] }[])[0]!.fields;
      fields[1]!.value = { answer: 'utm_source' };
    });
    expect(diagnostics).toMatchObject([
      {
        message: 'Unknown answer "utm_source"',
        hint: '"utm_source" is a hidden value: write {"hidden": "utm_source"}',
      },
    ]);
  });

  it('a hidden field named like an answer, or declared twice, is refused', () => {
    const diagnostics = withEdit('newsletter.json', (flow) => {
      flow.hidden = ['utm', { name: 'email', from: 'referrer' }, { name: 'gclid', from: 'query' }];
    });
    expect(diagnostics.map((d) => [d.pointer, d.message])).toEqual([
      ['/hidden/1/name', 'Hidden field "email" has the name of an answer'],
      ['/hidden/2/name', 'Hidden field "gclid" is declared twice'],
    ]);
  });

  it('processing consent must be required, and a subscription needs processing consent', () => {
    const optional = withEdit('subscribePage.json', (flow) => {
      const fields = (flow.steps as { fields: Record<string, unknown>[] }[])[0]!.fields;
      fields.at(-1)!.required = false;
    });
    expect(optional).toMatchObject([
      {
        pointer: '/steps/0/fields/12/required',
        message: 'Field "privacy_consent" is processing consent but not required',
      },
    ]);
    const communicationOnly = withEdit('subscribePage.json', (flow) => {
      const fields = (flow.steps as { fields: Record<string, unknown>[] }[])[0]!.fields;
      fields.at(-1)!.legalConsent = ['communication'];
    });
    expect(communicationOnly).toMatchObject([
      {
        pointer: '/steps/0/fields/12/legalConsent',
        message:
          'Field "privacy_consent" subscribes the visitor, but the flow asks no processing consent',
      },
    ]);
  });
});
