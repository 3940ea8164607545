// @vitest-environment jsdom
/**
 * The flow studio's publish dialog (site/admin/studio/publish-form.tsx) against the published
 * version: the published text itself cannot be published, a form key that stops sending `email`
 * needs the box ticked (and the request carries the confirmation), and a plain option reworded
 * is a warning under the editor whose quick fix keeps the old value. The server is a fake
 * `fetch`; the editor (CodeMirror, loaded with next/dynamic) is a plain textarea here.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { client, polyfillDialogs, renderClientStudio } from './support/studio-fixtures';

vi.mock('@/site/admin/studio/studio-fields', async (importOriginal) =>
  (await import('./support/plain-editor')).withPlainEditor(importOriginal),
);

const requests: { url: string; body: URLSearchParams }[] = [];

beforeAll(polyfillDialogs);
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, body: init.body as URLSearchParams });
      return Promise.resolve(Response.json({ version: 4, source: client, warnings: [] }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function studio() {
  const { type, text } = renderClientStudio();
  return {
    type,
    text,
    open: () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish…' }));
      return screen.getByRole('dialog', { name: /Publish client as version 4/ });
    },
  };
}

/** client.json without the `email` field of form key `question`. */
function withoutEmail(): string {
  const flow = JSON.parse(client) as { submissions: { fields: { name: string }[] }[] };
  const question = flow.submissions[0]!;
  question.fields = question.fields.filter((f) => f.name !== 'email');
  return JSON.stringify(flow, null, 2);
}

describe('the flow studio’s publish dialog', () => {
  it('says there is nothing to publish for the published flow, and does not publish it', () => {
    const page = studio();
    // Reformatted, it is still the same flow.
    page.type(JSON.stringify(JSON.parse(client)));
    const dialog = page.open();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Nothing changed since version 3: there is nothing to publish',
    );
    fireEvent.change(within(dialog).getByLabelText(/What does this version change/), {
      target: { value: 'Nothing' },
    });
    const publish = within(dialog).getByRole('button', { name: 'Publish now' });
    expect(publish).toHaveProperty('disabled', true);
    fireEvent.submit(publish.closest('form')!);
    expect(requests.filter((r) => r.url.endsWith('/publish'))).toEqual([]);
  });

  it('needs the box ticked to stop sending email, and sends the confirmation', () => {
    const page = studio();
    page.type(withoutEmail());
    const dialog = page.open();
    expect(
      within(dialog).getByRole('list', { name: 'Warnings for HubSpot' }).textContent,
    ).toContain(
      'Form key "question" no longer sends "email": HubSpot will no longer be able to identify these contacts',
    );
    fireEvent.change(within(dialog).getByLabelText(/What does this version change/), {
      target: { value: 'No email' },
    });
    const publish = within(dialog).getByRole('button', { name: 'Publish now' });
    expect(publish).toHaveProperty('disabled', true);
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'I understand HubSpot will no longer be able to identify these contacts',
      }),
    );
    expect(publish).toHaveProperty('disabled', false);
    fireEvent.click(publish);
    const sent = requests.find((r) => r.url === '/admin/flows/client/publish')!;
    expect(sent.body.get('confirm')).toBe('drop-identity');
    expect(sent.body.get('source')).toBe(withoutEmail());
  });

  it('warns of a plain option reworded, and its quick fix keeps the old value', () => {
    const page = studio();
    page.type(client.replace('"In-Revenue"', '"In revenue"'));
    const problems = screen.getByRole('list', { name: 'Problems' });
    expect(problems.textContent).toContain(
      'Warning: HubSpot will receive "In revenue" instead of "In-Revenue"',
    );
    const dialog = page.open();
    expect(
      within(dialog).getByRole('list', { name: 'Warnings for HubSpot' }).textContent,
    ).toContain('HubSpot will receive "In revenue" instead of "In-Revenue"');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the value “In-Revenue”' }));
    expect(page.text()).toBe(
      client.replace('"In-Revenue"', '{"label": "In revenue", "value": "In-Revenue"}'),
    );
    expect(within(dialog).getByText(/relabelled: "In-Revenue" → "In revenue"/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Problems' })).toBeNull();
  });
});
