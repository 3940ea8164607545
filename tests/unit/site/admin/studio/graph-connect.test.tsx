// @vitest-environment jsdom
/**
 * Adding a branch on the studio's graph with the keyboard alone (site/admin/studio/studio-graph.tsx
 * over the client questionnaire's text): a step taken in focus, "Connect steps…", the answer's
 * option and the target chosen in the form, Enter. The text then holds the rule, which the engine's
 * check accepts, the graph labels the new edge with the option, the page says what was added, the
 * focus is back on the button, and axe finds nothing in the form. Without an edit function the
 * graph offers no way to change the flow.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorDiagnostic } from '@/engine/client';
import { StudioGraph } from '@/site/admin/studio/studio-graph';
import { checkClient, client } from './support/client-flow';
import { axeViolations } from './axe-violations';

let latest = client;
function Harness() {
  const [text, setText] = useState(client);
  latest = text;
  const { flow } = useMemo(() => checkClient(text), [text]);
  return (
    <StudioGraph
      flow={flow!}
      onSelect={() => undefined}
      onEdit={(edit) => setText((current) => edit(current))}
    />
  );
}

afterEach(cleanup);

const phaseNext = () =>
  (JSON.parse(latest) as { steps: { id: string; next: unknown }[] }).steps.find(
    (s) => s.id === 'phase',
  )!.next;

describe('connecting steps on the graph with the keyboard', () => {
  it('adds "if phase is IPO & ICO go to capital" to the text, checked and drawn', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    // The start takes the focus (Tab from the canvas), then Shift+Tab back to the toolbar's
    // "Connect steps…", which opens the form from that step.
    screen.getByRole('group', { name: 'Graph canvas' }).focus();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Step "phase":/);
    const connect = screen.getByRole('button', { name: 'Connect steps…' });
    connect.focus();
    await user.keyboard('{Enter}');
    expect(connect.getAttribute('aria-expanded')).toBe('true');

    const form = screen.getByRole('form', { name: 'Connect steps' });
    const from = within(form).getByLabelText('From');
    expect(document.activeElement).toBe(from);
    expect((from as HTMLSelectElement).value).toBe('phase');
    // A step leading back to phase is never offered.
    const to = within(form).getByLabelText('Go to');
    expect(within(to).queryByRole('option', { name: /\(phase\)$/ })).toBeNull();
    expect(await axeViolations(form)).toEqual([]);

    await user.tab();
    const when = within(form).getByLabelText('When the answer is');
    expect(document.activeElement).toBe(when);
    await user.selectOptions(when, 'IPO & ICO');
    await user.tab();
    expect(document.activeElement).toBe(to);
    await user.selectOptions(to, within(to).getByRole('option', { name: /\(capital\)$/ }));
    await user.tab();
    expect(document.activeElement).toBe(
      within(form).getByRole('button', { name: 'Add the branch' }),
    );
    await user.keyboard('{Enter}');

    expect(phaseNext()).toEqual({
      branches: [
        { when: { answer: 'phase', equals: 'Start-up' }, to: 'capital' },
        { when: { answer: 'phase', equals: 'IPO & ICO' }, to: 'capital' },
      ],
      otherwise: 'revenue',
    });
    expect(checkClient(latest).diagnostics.filter(isErrorDiagnostic)).toEqual([]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(connect);
    expect(screen.getByRole('status').textContent).toBe(
      'Added: if phase is IPO & ICO, go to capital.',
    );
    expect(screen.getByText('IPO & ICO', { selector: 'text' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('refuses an "otherwise" that would cut a step off, and cancels back to the button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const connect = screen.getByRole('button', { name: 'Connect steps…' });
    await user.click(connect);
    let form = screen.getByRole('form', { name: 'Connect steps' });
    await user.selectOptions(within(form).getByLabelText('From'), 'ready');
    const when = within(form).getByLabelText('When the answer is');
    await user.selectOptions(when, 'Otherwise (any other answer)');
    await user.selectOptions(within(form).getByLabelText('Go to'), 'checkout');
    const add = within(form).getByRole('button', { name: 'Add the branch' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(within(form).getByText(/no visitor would reach bookConsult any more/)).toBeTruthy();
    await user.click(add);
    expect(latest).toBe(client);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(connect);

    // The same ends for the other option: a rule, which cuts nothing off.
    await user.keyboard('{Enter}');
    form = screen.getByRole('form', { name: 'Connect steps' });
    await user.selectOptions(within(form).getByLabelText('From'), 'ready');
    await user.selectOptions(
      within(form).getByLabelText('When the answer is'),
      'No, book a consultation first',
    );
    await user.selectOptions(within(form).getByLabelText('Go to'), 'checkout');
    await user.click(within(form).getByRole('button', { name: 'Add the branch' }));
    const ready = (JSON.parse(latest) as { steps: { id: string; next: unknown }[] }).steps.find(
      (s) => s.id === 'ready',
    )!;
    expect(ready.next).toMatchObject({
      branches: [
        { to: 'checkout' },
        { when: { answer: 'ready', equals: 'No, Book Consultation First' }, to: 'checkout' },
      ],
      otherwise: 'bookConsult',
    });
    expect(checkClient(latest).diagnostics.filter(isErrorDiagnostic)).toEqual([]);
  });

  it('offers no edit without an edit function (a text that does not load)', () => {
    render(<StudioGraph flow={checkClient(client).flow!} onSelect={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Connect steps…' })).toBeNull();
    expect(document.querySelector('[data-handle]')).toBeNull();
  });
});
