// @vitest-environment jsdom
/**
 * The flow studio's status line after a publish (site/admin/studio/flow-studio.tsx,
 * use-flow-draft.ts): it names the version just published and when, not a draft that no longer
 * exists, until the text is changed again. The server is a fake `fetch`; the editor (CodeMirror,
 * loaded with next/dynamic) is a plain textarea here.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { client, polyfillDialogs, renderClientStudio } from './support/studio-fixtures';

vi.mock('@/site/admin/studio/studio-fields', async (importOriginal) =>
  (await import('./support/plain-editor')).withPlainEditor(importOriginal),
);

const changed = client.replace('"title": "', '"title": "A ');

beforeAll(polyfillDialogs);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 2, 5, 14, 7));
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ version: 4, source: changed, warnings: [] }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The status beside the live version, in the page's bar. */
const status = () => document.querySelector('header span[role="status"]')!.textContent;

describe('the flow studio’s status after a publish', () => {
  it('names the version published and when, until the text changes again', async () => {
    const page = renderClientStudio();
    page.type(changed);
    expect(status()).toBe('Draft not saved yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = screen.getByRole('dialog', { name: /Publish client as version 4/ });
    fireEvent.change(within(dialog).getByLabelText(/What does this version change/), {
      target: { value: 'A new title' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
      await Promise.resolve();
    });
    expect(screen.getByText(/^Live: version 4\./)).toBeTruthy();
    expect(status()).toBe('Published as version 4 at 2026-03-05 14:07 UTC.');

    page.type(changed.replace('"title": "A ', '"title": "The '));
    expect(status()).toBe('Draft not saved yet.');
  });
});
