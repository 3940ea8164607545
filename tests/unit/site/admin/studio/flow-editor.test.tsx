// @vitest-environment jsdom
/**
 * The studio's editor in a (simulated) browser: a real CodeMirror over client.json with the
 * engine's own diagnostics, checked as a person meets it: what is typed reaches the page, the
 * page's value replaces the text without echoing back, problems are marked where they are (and
 * leave when fixed), a quick fix puts the known name back from Ctrl-. and from the problems panel,
 * Tab leaves the editor, Ctrl-Space completes from the schema, revealPointer selects a step, and
 * axe finds nothing to report.
 */
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '@/engine/client';
import flowSchema from '@/schemas/flow.schema.json';
import { checkFlowText, quickFixes } from '@/site/admin/studio/check-flow-text';
import { FlowEditor, type FlowEditorHandle } from '@/site/admin/studio/flow-editor';
import { FLOWS_DIR, VARS } from '../../../engine/load-repo-flows';
import { axeViolations } from './axe-violations';

// jsdom does no layout: CodeMirror measures ranges and scrolls, so these answer "nothing".
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.scrollIntoView = () => {};
});
afterEach(cleanup);

const client = readFileSync(join(FLOWS_DIR, 'client.json'), 'utf8');
const optionLists = Object.fromEntries(
  ['industries', 'revenue-bands', 'services'].map((id) => [
    id,
    JSON.parse(readFileSync(join(FLOWS_DIR, 'options', `${id}.json`), 'utf8')) as unknown,
  ]),
);
const check = (text: string) =>
  checkFlowText({ flowId: 'client', text, optionLists, vars: VARS }).diagnostics;
const typo = client.replace('"next": "service"', '"next": "servcie"');

function editor(value: string, diagnostics: readonly Diagnostic[] = check(value)) {
  const onChange = vi.fn<(text: string) => void>();
  const ref = createRef<FlowEditorHandle>();
  const props = { onChange, schema: flowSchema, label: 'The client flow as JSON', id: 'flow-text' };
  const result = render(
    <FlowEditor
      ref={ref}
      value={value}
      diagnostics={diagnostics}
      fixes={quickFixes(value, diagnostics)}
      {...props}
    />,
  );
  const content = result.container.querySelector<HTMLElement>('.cm-content')!;
  const view = EditorView.findFromDOM(content)!;
  const rerender = (next: string, nextDiagnostics = check(next)) =>
    result.rerender(
      <FlowEditor
        ref={ref}
        value={next}
        diagnostics={nextDiagnostics}
        fixes={quickFixes(next, nextDiagnostics)}
        {...props}
      />,
    );
  return { ...result, content, view, onChange, ref, rerender };
}

const marked = (container: HTMLElement, severity = 'error') =>
  [...container.querySelectorAll(`.cm-lintRange-${severity}`)].map((e) => e.textContent).join('');

describe('the flow editor', () => {
  it('is a labelled text box holding the value', () => {
    const { content, view } = editor(client);
    expect(content.getAttribute('aria-label')).toBe('The client flow as JSON');
    expect(content.id).toBe('flow-text');
    expect(content.getAttribute('role')).toBe('textbox');
    expect(view.state.doc.toString()).toBe(client);
  });

  // Not with the problems panel open: CodeMirror's panel puts each fix's button inside a listbox
  // option (axe: nested-interactive). The page's own problem list is the accessible route.
  it('gives axe nothing to report, with problems marked', async () => {
    const { container } = editor(client.replace('"start": "phase"', '"start": "phsae"'));
    expect(container.querySelector('.cm-lintRange-error')).not.toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('hands what is typed to onChange, and takes a new value without echoing it', async () => {
    const { view, content, onChange, rerender } = editor(client);
    await userEvent.setup().type(content, 'zz');
    const typed = onChange.mock.lastCall![0];
    expect(typed).not.toBe(client);
    expect(typed.replace('zz', '')).toBe(client);
    expect(view.state.doc.toString()).toBe(typed);

    // The page's value equals the text: nothing is replaced, the cursor stays where it is.
    const at = typed.indexOf('"Start-up"');
    act(() => view.dispatch({ selection: { anchor: at } }));
    rerender(typed);
    expect(view.state.selection.main.head).toBe(at);

    // A different value (a fix applied from the problems list) replaces only what differs.
    const calls = onChange.mock.calls.length;
    rerender(client);
    expect(view.state.doc.toString()).toBe(client);
    expect(view.state.selection.main.head).toBe(client.indexOf('"Start-up"'));
    expect(onChange).toHaveBeenCalledTimes(calls);
  });

  it('marks each diagnostic on its text and in the gutter, and clears them when fixed', () => {
    // CodeMirror draws only the lines in view: jsdom's view is the first few.
    const misspeltStart = client.replace('"start": "phase"', '"start": "phsae"');
    const warned = client.replace('"total": 5', '"total": 3');
    const { container, rerender } = editor(misspeltStart);
    expect(marked(container)).toBe('"start": "phsae"');
    expect(container.querySelectorAll('.cm-lint-marker-error')).toHaveLength(1);

    rerender(warned);
    expect(marked(container)).toBe('');
    expect(marked(container, 'warning')).toBe('"total": 3');
    expect(container.querySelectorAll('.cm-lint-marker-warning')).toHaveLength(1);

    rerender(client);
    expect(container.querySelectorAll('.cm-lintRange, .cm-lint-marker')).toHaveLength(0);
  });

  it('Ctrl-. on a misspelt name replaces it with the known one', () => {
    const { view, content, onChange } = editor(typo);
    act(() => view.dispatch({ selection: { anchor: typo.indexOf('servcie') + 2 } }));
    fireEvent.keyDown(content, { key: '.', code: 'Period', ctrlKey: true });
    expect(onChange).toHaveBeenLastCalledWith(client);
  });

  it('the problems panel (Ctrl-Shift-M) lists the problem with its fix, "Replace with service"', () => {
    const { container, content, onChange } = editor(typo);
    fireEvent.keyDown(content, {
      key: 'M',
      code: 'KeyM',
      keyCode: 77,
      ctrlKey: true,
      shiftKey: true,
    });
    const panel = container.querySelector('.cm-panel-lint')!;
    expect(panel.textContent).toContain(
      'Step "industry" goes to "servcie", which is not a step or ending of this flow',
    );
    expect(panel.textContent).toContain('In step "industry" › next');
    const fix = [...panel.querySelectorAll('button')].find(
      (b) => b.textContent === 'Replace with service',
    )!;
    fireEvent.click(fix);
    expect(onChange).toHaveBeenLastCalledWith(client);
  });

  it('lets Tab leave the editor', () => {
    const { content } = editor(client);
    content.focus();
    const notHandled = fireEvent.keyDown(content, { key: 'Tab', code: 'Tab' });
    expect(notHandled).toBe(true);
  });

  it('completes property names from the schema with Ctrl-Space', async () => {
    const text = client.replace('"showFirst": 6,', '"sh": 6,');
    const { view, content, container } = editor(text, []);
    act(() => view.dispatch({ selection: { anchor: text.indexOf('"sh"') + 3 } }));
    content.focus();
    fireEvent.keyDown(content, { key: ' ', code: 'Space', ctrlKey: true });
    await waitFor(() => expect(container.querySelector('.cm-tooltip-autocomplete')).not.toBeNull());
    const labels = [...container.querySelectorAll('.cm-completionLabel')].map((e) => e.textContent);
    expect(labels).toEqual(['showFirst']);
  });

  it('revealPointer selects the node and focuses the editor', () => {
    const { view, content, ref } = editor(client);
    act(() => ref.current!.revealPointer('/steps/3/options'));
    const { from, to } = view.state.selection.main;
    expect(client.slice(from, to)).toBe('"options": "industries"');
    expect(content.contains(document.activeElement) || document.activeElement === content).toBe(
      true,
    );
  });
});
