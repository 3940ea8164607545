// @vitest-environment jsdom
/**
 * The studio's search (site/admin/studio/studio-search.tsx) with the keyboard alone, over the
 * client questionnaire in the real JSON editor (CodeMirror) and the visual editor, as the page
 * holds them: Ctrl+Shift+F reaches the box, the number of results is announced, and a result
 * chosen with Enter selects the matched words in the JSON view, or focuses the control of the
 * card that edits them in the visual view; words found nowhere say so. axe finds nothing.
 */
import { EditorView } from '@codemirror/view';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import flowSchema from '@/schemas/flow.schema.json';
import { quickFixes } from '@/site/admin/studio/check-flow-text';
import { FlowEditor, type FlowEditorHandle } from '@/site/admin/studio/flow-editor';
import { StudioSearch } from '@/site/admin/studio/studio-search';
import { VisualEditor } from '@/site/admin/studio/visual-editor';
import { axeViolations } from './axe-violations';
import { checkClient, client, optionLists } from './support/client-flow';

// jsdom does no layout: CodeMirror measures ranges and scrolls, so these answer "nothing".
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.scrollIntoView = () => {};
});
afterEach(cleanup);

/** The studio's editor column: the search, the visual view, and the JSON view kept mounted. */
function Studio({ start }: { start: 'visual' | 'json' }) {
  const [text, setText] = useState(client);
  const [view, setView] = useState(start);
  const editor = useRef<FlowEditorHandle | null>(null);
  const { flow, diagnostics } = useMemo(() => checkClient(text), [text]);
  return (
    <main>
      <StudioSearch text={text} view={view} editor={editor} onShowJson={() => setView('json')} />
      {view === 'visual' && (
        <VisualEditor
          text={text}
          onChange={setText}
          flow={flow}
          hubspotForms={{}}
          optionLists={optionLists}
          onUndo={() => undefined}
          onRedo={() => undefined}
        />
      )}
      <div hidden={view !== 'json'}>
        <FlowEditor
          ref={editor}
          value={text}
          onChange={setText}
          diagnostics={diagnostics}
          fixes={quickFixes(text, diagnostics)}
          schema={flowSchema}
          label="The client flow as JSON"
        />
      </div>
    </main>
  );
}

async function search(words: string) {
  const user = userEvent.setup();
  await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
  const box = screen.getByRole('searchbox', { name: 'Search the flow' });
  expect(document.activeElement).toBe(box);
  await user.keyboard(words);
  return user;
}

const cm = () => EditorView.findFromDOM(document.querySelector<HTMLElement>('.cm-content')!)!;

describe('search across the flow', () => {
  it('selects the words found in the JSON view, with the keyboard alone', async () => {
    const { container } = render(<Studio start="json" />);
    const user = await search('go to checkout');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('2 results for “go to checkout”.'),
    );
    const results = within(screen.getByRole('list', { name: 'Search results' }));
    expect(results.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Step “Are you ready to buy this service?”: option label “Yes, go to checkout”',
      'Step “Are you ready to buy this service?”: option’s HubSpot value “Yes Go to Checkout”',
    ]);
    await user.tab();
    expect(document.activeElement).toBe(results.getAllByRole('button')[0]);
    await user.keyboard('{Enter}');
    const { from, to } = cm().state.selection.main;
    expect(cm().state.sliceDoc(from, to)).toBe('go to checkout');
    expect(from).toBe(client.indexOf('go to checkout'));
    expect(document.activeElement).toBe(document.querySelector('.cm-content'));
    expect(await axeViolations(container)).toEqual([]);
  }, 60_000);

  it('focuses the control that edits the words in the visual view', async () => {
    const { container } = render(<Studio start="visual" />);
    const user = await search('what_is_your_email');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('1 result for “what_is_your_email”.'),
    );
    // Enter in the box goes to the first result: the contact step's card (no HubSpot definition
    // here, so its first control).
    await user.keyboard('{Enter}');
    const contact = screen.getByRole('region', { name: /full name, email, and phone/ });
    expect(document.activeElement).toBe(within(contact).getByLabelText('Question'));

    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    await user.keyboard('No, book');
    // Its label and its HubSpot value: the label comes first in the text.
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^2 results/));
    await user.keyboard('{Enter}');
    const ready = screen.getByRole('region', { name: /ready to buy/ });
    expect(document.activeElement).toBe(within(ready).getByLabelText('Option 2 label'));
    expect(await axeViolations(container)).toEqual([]);
  }, 60_000);

  it('opens the JSON view for words no card shows, and says when nothing matches', async () => {
    render(<Studio start="visual" />);
    const user = await search('noCapital');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^1 result/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('.cm-content')));
    const { from, to } = cm().state.selection.main;
    expect(cm().state.sliceDoc(from, to)).toBe('noCapital');
    expect(document.querySelector('#studio-visual-view')).toBeNull();

    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    await user.keyboard('zebra');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Nothing in the flow matches “zebra”.'),
    );
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  }, 60_000);
});
