// @vitest-environment jsdom
/**
 * The flow studio's draft status (site/admin/studio/flow-studio.tsx): whether the text is saved
 * is the text compared with the last text the server took, so what is typed while a save is in
 * flight is still "not saved" when that save answers, and the next autosave sends it. The server
 * is a fake `fetch` whose answers the test releases; the editor (CodeMirror, loaded with
 * next/dynamic) is a plain textarea here.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client, renderClientStudio } from './support/studio-fixtures';

vi.mock('@/site/admin/studio/studio-fields', async (importOriginal) =>
  (await import('./support/plain-editor')).withPlainEditor(importOriginal),
);

/** Each request the page sends, with the function that answers it (and lets the page read it). */
const requests: { url: string; body: URLSearchParams; answer: (body: unknown) => Promise<void> }[] =
  [];

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          requests.push({
            url,
            body: init.body as URLSearchParams,
            answer: (body) => {
              resolve(Response.json(body));
              return new Promise((done) => setTimeout(done, 0));
            },
          });
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The draft's status, beside the live version in the page's bar. */
const status = () => screen.getByText(/draft/i, { selector: 'header [role="status"]' });

describe('the flow studio’s draft status', () => {
  it('keeps text typed while a save is in flight unsaved, and saves it next', async () => {
    const { editor } = renderClientStudio();
    expect(status().textContent).toBe('No draft: this is the published text.');
    const first = client.replace('"title": "', '"title": "A ');
    fireEvent.change(editor, { target: { value: first } });
    expect(status().textContent).toBe('Draft not saved yet.');

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/admin/flows/client/draft');
    expect(requests[0]!.body.get('source')).toBe(first);
    expect(status().textContent).toBe('Saving the draft…');

    // Typed while the server has not answered yet.
    const second = first.replace('"title": "A ', '"title": "The ');
    fireEvent.change(editor, { target: { value: second } });
    await act(() => requests[0]!.answer({ savedAt: Date.UTC(2026, 0, 2, 9, 30) }));
    expect(status().textContent).toBe('Draft not saved yet.');

    // The autosave sends the text as it is now, once.
    await waitFor(() => expect(requests).toHaveLength(2), { timeout: 3000 });
    expect(requests[1]!.body.get('source')).toBe(second);
    await act(() => requests[1]!.answer({ savedAt: Date.UTC(2026, 0, 2, 9, 31) }));
    expect(status().textContent).toBe('Draft saved at 2026-01-02 09:31 UTC.');
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(requests).toHaveLength(2);
  });
});
