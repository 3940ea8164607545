// @vitest-environment jsdom
/**
 * The swap from the server-rendered opening step to the renderer, in a DOM: what the visitor
 * typed, chose and ticked in the static step, in every kind of control the step views draw,
 * is what the renderer holds after its arrival, and the press that brought it is acted on.
 * The static step is rendered to HTML exactly as the server sends it; the flow's JSON comes
 * from a fake `GET /api/flows/{id}` (the network), and next/navigation is replaced because no
 * Next app router runs here.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFlowFromData, type Answers, type ResolvedFlow } from '@/engine';
import { FlowIsland } from '@/site/flows/flow-island';
import { StaticStep } from '@/site/flows/static-step';
import { prefillProgress } from '@/site/flows/prefill-progress';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: () => undefined }),
  usePathname: () => '/',
}));

const file = path.join(process.cwd(), 'tests/fixtures/island/islandFixture.json');
const { flow: loaded, diagnostics } = loadFlowFromData({
  file: 'islandFixture.json',
  data: JSON.parse(readFileSync(file, 'utf8')),
  vars: { brandName: 'Sample Firm', brandSlug: 'samplefirm' },
});
if (!loaded) throw new Error(JSON.stringify(diagnostics));
const flow: ResolvedFlow = loaded;

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === `/api/flows/${flow.id}?v=${flow.version}`
          ? new Response(JSON.stringify(flow), { headers: { 'Content-Type': 'application/json' } })
          : new Response('not found', { status: 404 }),
      ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The island around the opening step as the server sends it (flow-host): HTML, no React of its
 * own, on the step the known answers lead to.
 */
function renderIsland(initialAnswers?: Answers) {
  const onEnding = vi.fn<(ending: string, answers: Answers) => void>();
  const start = prefillProgress(flow, initialAnswers);
  const html = renderToStaticMarkup(<StaticStep flow={flow} start={start} headingLevel={3} />);
  render(
    <FlowIsland
      kind="flow"
      flowId={flow.id}
      version={flow.version}
      props={{ headingLevel: 3, onEnding, initialAnswers }}
    >
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </FlowIsland>,
  );
  return onEnding;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the flow island', () => {
  it('carries every field typed in the static step into the renderer and acts on Next', async () => {
    const onEnding = renderIsland();
    type('Full name', 'Ada Lovelace');
    type('Email', 'ada@example.com');
    type('Phone', '5551234567');
    type('Website (optional)', 'https://example.com');
    type('Your story', 'Two founders, one idea.');
    type('Preferred day', 'Tuesday');
    fireEvent.click(screen.getByLabelText('Funding'));
    fireEvent.click(screen.getByLabelText('Hiring'));
    fireEvent.click(screen.getByLabelText('I agree to be contacted'));
    // The static Next: the island holds the press, swaps in the renderer and replays it.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const goals = await screen.findByRole('heading', { name: 'What are your goals?' });
    await waitFor(() => expect(document.activeElement).toBe(goals));
    fireEvent.click(screen.getByLabelText('Expand'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onEnding).toHaveBeenCalledTimes(1);
    expect(onEnding.mock.calls[0]?.[1]).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: expect.stringMatching(/^\(?555\)? ?123-?4567$/) as unknown,
      website: 'https://example.com',
      story: 'Two founders, one idea.',
      day: 'Tuesday',
      topics: ['Funding', 'Hiring'],
      agree: true,
      goals: ['Expand'],
    });
  });

  it('keeps the boxes ticked in a static multiple-choice step and sends them with Next', async () => {
    const onEnding = renderIsland({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '(555) 123-4567',
      story: 'Known',
      day: 'Monday',
      topics: ['Growth'],
      agree: true,
    });
    expect(screen.getByRole('heading', { name: 'What are your goals?' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Raise capital'));
    fireEvent.click(screen.getByLabelText('Sell'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onEnding).toHaveBeenCalledTimes(1));
    expect(onEnding.mock.calls[0]?.[1]).toMatchObject({ goals: ['Raise capital', 'Sell'] });
  });

  it('replays a submit of the static form: empty required fields get errors, typed text stays', async () => {
    renderIsland();
    const story = screen.getByLabelText('Your story');
    type('Your story', 'Half');
    story.focus();
    // Enter in a field submits the static form: the required fields left empty get errors.
    await act(async () => {
      fireEvent.submit(story.closest('form')!);
      await Promise.resolve();
    });
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toMatch(/There are \d+ problems/);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your story').value).toBe('Half');
    expect(screen.getByLabelText('Your story')).not.toBe(story);
  });
});
