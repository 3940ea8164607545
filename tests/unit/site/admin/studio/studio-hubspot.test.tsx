// @vitest-environment jsdom
/**
 * The flow studio against HubSpot's own forms (the HubSpot panel, studio-hubspot.tsx; the live
 * check, hubspot-checks.ts; the publish dialog's confirmation, publish-form.tsx), on the client
 * flow with the definition of a HubSpot form set up for it (tests/fixtures/hubspot-forms.ts, read
 * through the site's own parser of HubSpot's answer). The panel marks each field by the paths
 * that send it, the visits that bring it, nobody, or as missing in HubSpot; a field the form
 * lacks is a HubSpot warning at its line and needs its own box ticked to publish; "Add missing
 * fields" posts the text and checks it against the definitions it gets back. The server is a
 * fake `fetch`; the editor is a plain textarea.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HubSpotFormDefinition, HubSpotForms } from '@/engine';
import { parseHubSpotForm } from '@/site/server/hubspot/parse-hubspot-form';
import { formDefinition } from '@/tests/fakes/fake-hubspot';
import { repositoryFormIds, repositoryPortalForms } from '@/tests/fixtures/hubspot-forms';
import { NEW_FIELD, withNewField, withoutEmail } from '@/tests/fixtures/flow-edits';
import { axeViolations } from './axe-violations';
import { client, polyfillDialogs, renderClientStudio } from './support/studio-fixtures';

vi.mock('@/site/admin/studio/studio-fields', async (importOriginal) =>
  (await import('./support/plain-editor')).withPlainEditor(importOriginal),
);

const FORM_ID = repositoryFormIds.question;
const READ_AT = Date.UTC(2026, 0, 5, 10, 30);

/** The client questionnaire's HubSpot form as the site holds it, `extra` fields added. */
function questionForm(extra: string[] = []): HubSpotFormDefinition {
  const form = repositoryPortalForms[FORM_ID]!;
  const answer = parseHubSpotForm(
    formDefinition(FORM_ID, {
      ...form,
      fields: [...form.fields, ...extra.map((name) => ({ name, hidden: true }))],
    }),
  )!;
  return {
    formKey: 'question',
    formId: answer.id,
    name: answer.name,
    fields: answer.fields,
    fetchedAt: READ_AT,
  };
}

const connected = (forms: HubSpotForms = { question: questionForm() }) => ({
  hubspot: { status: { enabled: true }, forms },
});

const requests: { url: string; body: URLSearchParams }[] = [];

/** Answers each POST with `answer(url)`; records it. */
function serve(answer: (url: string) => Promise<Response> | Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, body: init.body as URLSearchParams });
      return Promise.resolve(answer(url));
    }),
  );
}

beforeAll(polyfillDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  requests.length = 0;
});

/** Opens the tab, whose panels load when first opened. */
function openPanel() {
  fireEvent.click(screen.getByRole('tab', { name: 'Paths and HubSpot' }));
  return screen.findByRole('region', { name: 'HubSpot forms' });
}

/** The panel's table of the question form, as field → what the panel says of it. */
function markings(panel: HTMLElement): Record<string, string> {
  const table = within(panel).getByRole('table', {
    name: 'The fields of HubSpot form “Client questionnaire” and who sends them',
  });
  return Object.fromEntries(
    within(table)
      .getAllByRole('rowheader')
      .map((th) => [th.textContent, th.parentElement!.lastElementChild!.textContent]),
  );
}

const problems = () => screen.queryByRole('list', { name: 'Problems' })?.textContent ?? '';

describe('the studio’s HubSpot panel', () => {
  it('marks each field of the form by the paths that send it, the visits, or nobody', async () => {
    // The flow stops sending whether the visitor is ready to buy.
    const flow = JSON.parse(client) as { submissions: { fields: { name: string }[] }[] };
    const question = flow.submissions[0]!;
    question.fields = question.fields.filter((f) => f.name !== 'are_you_ready_to_buy_this_service');
    const { type } = renderClientStudio(connected());
    type(JSON.stringify(flow, null, 2));
    const panel = await openPanel();
    expect(within(panel).getByText(/^HubSpot form “Client questionnaire”/).textContent).toBe(
      `HubSpot form “Client questionnaire” (id ${FORM_ID}), read 2026-01-05 10:30 UTC.`,
    );
    // Path 1 reaches checkout through "capital", path 2 books a consultation through "revenue",
    // path 3 ends without submitting (the paths list below numbers them so).
    expect(markings(panel)).toEqual({
      what_phase_is_your_business_in: 'Sent by Paths 1, 2',
      what_was_company_gross_revenue_last_year: 'Sent by Path 2',
      how_much_working_capital_do_you_personally_have_to_invest_in_your_business: 'Sent by Path 1',
      what_is_your_industry: 'Sent by Paths 1, 2',
      what_service_best_suits_your_needs: 'Sent by Paths 1, 2',
      what_is_your_full_name: 'Sent by Paths 1, 2',
      what_is_your_phone_number: 'Sent by Paths 1, 2',
      what_is_your_email: 'Sent by Paths 1, 2',
      are_you_ready_to_buy_this_service: 'Never sent',
      email: 'Sent by Paths 1, 2',
      utm_source: 'Sent when the visit brings it',
      utm_medium: 'Sent when the visit brings it',
      utm_campaign: 'Sent when the visit brings it',
      utm_term: 'Sent when the visit brings it',
      utm_content: 'Sent when the visit brings it',
      gclid: 'Sent when the visit brings it',
    });
    expect(screen.getByRole('heading', { level: 3, name: /^Path 3: to noCapital/ })).toBeTruthy();
    // The repository's flow against its own form: nothing for HubSpot to refuse.
    expect(problems()).not.toContain('HubSpot');
  });

  it('marks a field the form lacks as missing, warns of it at its line, and adds it', async () => {
    let answer!: (response: Response) => void;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { type, text } = renderClientStudio(connected());
    type(withNewField(client));
    const line =
      text()
        .split('\n')
        .findIndex((l) => l.includes(NEW_FIELD.name)) + 1;
    // The live check: a warning marked as HubSpot's, at the field's name.
    expect(problems()).toContain(
      `Line ${line}: form "question" › field "${NEW_FIELD.name}" › name Warning (HubSpot): ` +
        `HubSpot form "Client questionnaire" (form key "question") has no field "${NEW_FIELD.name}"`,
    );
    const panel = await openPanel();
    expect(markings(panel)[NEW_FIELD.name]).toBe('Missing in HubSpot: sent by Paths 1, 2');
    const add = within(panel).getByRole('button', { name: 'Add missing fields' });
    expect(add.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(add.getAttribute('aria-describedby')!)!.textContent).toBe(
      `Adds "${NEW_FIELD.name}" to the HubSpot form, as hidden fields.`,
    );

    fireEvent.click(add);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/admin/flows/client/hubspot/add-fields');
    expect(Object.fromEntries(requests[0]!.body)).toEqual({
      csrf: 'token',
      formKey: 'question',
      source: text(),
    });
    // While HubSpot is being changed: the button says so and cannot be pressed again.
    expect(add.textContent).toBe('Adding fields…');
    expect(add).toHaveProperty('disabled', true);
    expect(within(panel).getByRole('button', { name: 'Refresh from HubSpot' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(panel.getAttribute('aria-busy')).toBe('true');

    await act(async () => {
      answer(
        Response.json({
          formKey: 'question',
          formId: FORM_ID,
          added: [{ name: NEW_FIELD.name, label: NEW_FIELD.name, objectTypeId: '0-1' }],
          definitions: { question: questionForm([NEW_FIELD.name]) },
        }),
      );
      await Promise.resolve();
    });
    expect(within(panel).getByRole('status').textContent).toBe(
      `Added to HubSpot form "Client questionnaire" as hidden fields: "${NEW_FIELD.name}".`,
    );
    // Checked again against the definitions the site holds now.
    expect(markings(panel)[NEW_FIELD.name]).toBe('Sent by Paths 1, 2');
    expect(problems()).not.toContain('HubSpot');
    expect(within(panel).queryByRole('button', { name: 'Add missing fields' })).toBeNull();
  });

  it('says what a refresh read and what it could not', async () => {
    serve(() =>
      Response.json({
        outcomes: [{ formKey: 'question', formId: FORM_ID, ok: false, error: 'HubSpot said 401' }],
        definitions: {},
      }),
    );
    renderClientStudio(connected());
    const panel = await openPanel();
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Refresh from HubSpot' }));
      await Promise.resolve();
    });
    expect(requests.map((r) => [r.url, Object.fromEntries(r.body)])).toEqual([
      ['/admin/hubspot/refresh', { csrf: 'token', formKeys: 'question' }],
    ]);
    expect(within(panel).getByRole('status').textContent).toBe(
      'Form key question not read: HubSpot said 401.',
    );
    // The definitions answered replace the page's: none is held for the form key now.
    expect(within(panel).getByText(/holds no definition of this form key/)).toBeTruthy();
  });

  it('is off, and says why, without a HubSpot connection', async () => {
    const reason = 'HUBSPOT_ACCESS_TOKEN is not set';
    renderClientStudio({ hubspot: { status: { enabled: false, reason }, forms: {} } });
    expect(screen.getByText(`The HubSpot check is off: ${reason}.`)).toBeTruthy();
    const panel = await openPanel();
    const refresh = within(panel).getByRole('button', { name: 'Refresh from HubSpot' });
    expect(refresh).toHaveProperty('disabled', true);
    expect(document.getElementById(refresh.getAttribute('aria-describedby')!)!.textContent).toBe(
      `HubSpot is not connected: ${reason}`,
    );
  });

  it('gives axe nothing to report', async () => {
    const { type } = renderClientStudio(connected());
    type(withNewField(client));
    expect(await axeViolations(await openPanel())).toEqual([]);
  });
});

describe('publishing what HubSpot would refuse', () => {
  function publishDialog(source: string) {
    serve(() => Response.json({ version: 4, source, warnings: [] }));
    const { type } = renderClientStudio(connected());
    type(source);
    fireEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = screen.getByRole('dialog', { name: /Publish client as version 4/ });
    fireEvent.change(within(dialog).getByLabelText(/What does this version change/), {
      target: { value: 'A new field' },
    });
    return dialog;
  }

  const hubspotBox = {
    name: 'I understand HubSpot will refuse these fields, and leads will be delivered without them or held',
  };

  it('names the field and the path, and publishes only once the consequence is confirmed', () => {
    const dialog = publishDialog(withNewField(client));
    const refused = within(dialog).getByRole('list', { name: 'HubSpot will refuse leads:' });
    // What, on which path, and where in the text.
    expect(refused.textContent).toContain(`has no field "${NEW_FIELD.name}"`);
    expect(refused.textContent).toContain(
      'path 1: phase › capital › industry › service › contact › ready › checkout',
    );
    expect(refused.textContent).toMatch(
      new RegExp(`\\(line \\d+, form "question" › field "${NEW_FIELD.name}" › name\\)$`),
    );
    const publish = within(dialog).getByRole('button', { name: 'Publish now' });
    expect(publish).toHaveProperty('disabled', true);
    fireEvent.submit(publish.closest('form')!);
    expect(requests).toEqual([]);
    fireEvent.click(within(dialog).getByRole('checkbox', hubspotBox));
    expect(publish).toHaveProperty('disabled', false);
    fireEvent.click(publish);
    expect(requests.map((r) => [r.url, r.body.get('confirm')])).toEqual([
      ['/admin/flows/client/publish', 'hubspot-refusals'],
    ]);
  });

  it('asks for both confirmations when the text also stops sending email, and sends both', () => {
    const dialog = publishDialog(withNewField(withoutEmail(client)));
    const publish = within(dialog).getByRole('button', { name: 'Publish now' });
    fireEvent.click(within(dialog).getByRole('checkbox', hubspotBox));
    expect(publish).toHaveProperty('disabled', true);
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'I understand HubSpot will no longer be able to identify these contacts',
      }),
    );
    expect(publish).toHaveProperty('disabled', false);
    fireEvent.click(publish);
    expect(requests.map((r) => r.body.get('confirm'))).toEqual(['drop-identity hubspot-refusals']);
  });

  it('counts a reworded option the HubSpot field does not list among the refusals', () => {
    const dialog = publishDialog(client.replace('"In-Revenue"', '"In revenue"'));
    expect(
      within(dialog).getByRole('list', { name: 'HubSpot will refuse leads:' }).textContent,
    ).toContain('"what_phase_is_your_business_in" does not list "In revenue"');
    expect(within(dialog).getByRole('checkbox', hubspotBox)).toBeTruthy();
  });

  it('asks nothing more of a text HubSpot takes', () => {
    const dialog = publishDialog(
      client.replace('What phase is your business in?', 'Which phase is your business in?'),
    );
    expect(within(dialog).queryByRole('list', { name: 'HubSpot will refuse leads:' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', hubspotBox)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Publish now' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
