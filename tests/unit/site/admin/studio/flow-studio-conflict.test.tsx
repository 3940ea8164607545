// @vitest-environment jsdom
/**
 * The flow studio when another member of staff changed the flow first (use-flow-draft.ts,
 * conflict-panel.tsx): every request names its base; a 409 with a conflict stops the autosave
 * and shows an alert dialog, focused, with their change and the person's as diffs; Merge saves
 * the three-way merge from their revision, Take theirs loads their text, Overwrite sends the
 * person's text again from their revision; a refused publish closes the publish dialog and can
 * be published over theirs with the same note. And who else has the flow open, from the
 * heartbeat's answer, with a leave sent on pagehide. The server is a fake `fetch` answering as
 * the actions do; the editor is a plain textarea here.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudioPresence } from '@/site/admin/studio/studio-presence';
import { axeViolations } from './axe-violations';
import { client, polyfillDialogs, renderClientStudio } from './support/studio-fixtures';

vi.mock('@/site/admin/studio/studio-fields', async (importOriginal) =>
  (await import('./support/plain-editor')).withPlainEditor(importOriginal),
);

const ann = 'ann@example.com';
const savedAt = Date.UTC(2026, 0, 5, 10, 42);
const mine = client.replace('"title": "Client questionnaire (home page)"', '"title": "Clients"');
const theirs = client.replace(
  'What was your company gross revenue last year?',
  'What was your gross revenue last year?',
);

/** Ann's draft, as a 409 answers it to a save from the published version 3. */
const annSaved = (source = theirs) =>
  Response.json(
    {
      errors: [{ field: 'baseRevision', message: `${ann} saved the draft …` }],
      conflict: {
        kind: 'draft',
        source,
        author: ann,
        savedAt,
        revision: 4,
        version: 3,
        base: client,
      },
    },
    { status: 409 },
  );

const requests: { url: string; body: URLSearchParams }[] = [];
let answers: (() => Response)[] = [];

beforeAll(polyfillDialogs);
beforeEach(() => {
  requests.length = 0;
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, body: init.body as URLSearchParams });
      const next = answers.shift();
      return Promise.resolve(
        next ? next() : Response.json({ savedAt, revision: 5, baseVersion: 3 }),
      );
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
    /** Save draft, answered with `answer`; resolves once the page read the answer. */
    save: async (answer?: () => Response) => {
      if (answer) answers.push(answer);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}

const base = (request: { body: URLSearchParams }) => [
  request.body.get('baseVersion'),
  request.body.get('baseRevision'),
];

describe('the flow studio when someone else changed the flow first', () => {
  it('shows their change and merges both into a save from their revision', async () => {
    const page = studio();
    page.type(mine);
    await page.save(() => annSaved());
    expect(base(requests[0]!)).toEqual(['3', '0']);

    const panel = screen.getByRole('alertdialog', {
      name: `${ann} saved the draft at 2026-01-05 10:42 UTC (revision 4)`,
    });
    expect(document.activeElement).toBe(panel);
    expect(within(panel).getByLabelText(`What ${ann} changed`).textContent).toContain(
      '+       "question": "What was your gross revenue last year?",',
    );
    expect(within(panel).getByLabelText('What you changed').textContent).toContain(
      '+   "title": "Clients",',
    );
    expect(await axeViolations(panel)).toEqual([]);
    // The person's text stays in the editor until they choose; the autosave waits.
    expect(page.text()).toBe(mine);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(requests).toHaveLength(1);

    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Merge both changes' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const merged = mine.replace(
      'What was your company gross revenue last year?',
      'What was your gross revenue last year?',
    );
    expect(page.text()).toBe(merged);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body.get('source')).toBe(merged);
    expect(base(requests[1]!)).toEqual(['3', '4']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText(/draft/i, { selector: 'header [role="status"]' }).textContent).toBe(
      'Draft saved at 2026-01-05 10:42 UTC.',
    );

    // The next save continues from the revision the merge made.
    page.type(`${merged} `);
    await page.save();
    expect(base(requests[2]!)).toEqual(['3', '5']);
  });

  it('offers no merge where both changed the same lines; Take theirs loads their text', async () => {
    const page = studio();
    const clash = client.replace('"title": "Client questionnaire (home page)"', '"title": "Ann’s"');
    page.type(mine);
    await page.save(() => annSaved(clash));
    const panel = screen.getByRole('alertdialog');
    expect(within(panel).queryByRole('button', { name: /Merge/ })).toBeNull();
    expect(panel.textContent).toContain(
      'You both changed the same lines (line 5 of your text, 5 of theirs): a merge cannot keep both.',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Take theirs' }));
    expect(page.text()).toBe(clash);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests).toHaveLength(1);

    page.type(`${clash} `);
    await page.save();
    expect(base(requests[1]!)).toEqual(['3', '4']);
  });

  it('overwrites with the person’s text from their revision', async () => {
    const page = studio();
    page.type(mine);
    await page.save(() => annSaved());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Overwrite with mine' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(requests[1]!.body.get('source')).toBe(mine);
    expect(base(requests[1]!)).toEqual(['3', '4']);
    expect(page.text()).toBe(mine);
  });

  it('closes a refused publish’s dialog for the panel, and publishes over theirs with the note', async () => {
    const page = studio();
    page.type(mine);
    fireEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = screen.getByRole('dialog', { name: /Publish client as version 4/ });
    fireEvent.change(within(dialog).getByLabelText(/What does this version change/), {
      target: { value: 'Shorter title' },
    });
    answers.push(() => annSaved());
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(requests[0]!.url).toBe('/admin/flows/client/publish');
    expect(dialog).toHaveProperty('open', false);
    const panel = screen.getByRole('alertdialog');
    expect(panel.textContent).toContain('Nothing was published');

    answers.push(() => Response.json({ version: 4, source: mine, warnings: [] }));
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Publish mine over theirs' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(requests[1]!.url).toBe('/admin/flows/client/publish');
    expect(requests[1]!.body.get('note')).toBe('Shorter title');
    expect(requests[1]!.body.get('source')).toBe(mine);
    expect(base(requests[1]!)).toEqual(['3', '4']);
    await waitFor(() => expect(screen.getByText(/Version 4 is published/)).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('who else has the flow open', () => {
  it('shows the others the heartbeat answers, and says goodbye on pagehide', async () => {
    answers.push(() =>
      Response.json({
        others: [
          {
            email: 'bob@example.com',
            openedAt: Date.UTC(2020, 0, 1, 10, 42),
            seenAt: 0,
            you: false,
          },
          { email: ann, openedAt: Date.UTC(2020, 0, 1, 11, 5), seenAt: 0, you: true },
        ],
      }),
    );
    const beacons: { url: string; body: URLSearchParams }[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (url: string, body: URLSearchParams) => beacons.push({ url, body }) > 0,
    });
    render(<StudioPresence flowId="client" csrf="token" />);
    expect(requests[0]!.url).toBe('/admin/flows/client/presence');
    const tab = requests[0]!.body.get('tab')!;
    expect(tab).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Also open: bob@example.com, since 2020-01-01 10:42 UTC; you, in another tab, since 2020-01-01 11:05 UTC',
      ),
    );
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/admin/flows/client/presence');
    expect(Object.fromEntries(beacons[0]!.body)).toEqual({ tab, csrf: 'token', leave: '1' });
  });
});
