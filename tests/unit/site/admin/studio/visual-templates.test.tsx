// @vitest-environment jsdom
/**
 * "Add a step from a template" in the studio's visual editor (visual-template-panel.tsx) over the
 * client questionnaire: with the keyboard alone, contact details are added after the chosen step,
 * shown with what they ask before they are added, and the new card's question takes the focus;
 * a choice from a shared list shows the chosen list's options before it is added. The text then
 * holds the steps on their way, and the engine's check accepts it; axe finds nothing.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorDiagnostic, type RawFlow } from '@/engine/client';
import { VisualEditor } from '@/site/admin/studio/visual-editor';
import { FLOWS_DIR } from '@/tests/unit/engine/load-repo-flows';
import { axeViolations } from './axe-violations';
import { checkClient, client, optionLists } from './support/client-flow';

afterEach(cleanup);

let latest = client;
function Harness() {
  const [text, setText] = useState(client);
  latest = text;
  const { flow } = useMemo(() => checkClient(text), [text]);
  return (
    <VisualEditor
      text={text}
      onChange={setText}
      flow={flow}
      hubspotForms={{}}
      optionLists={optionLists}
      onUndo={() => undefined}
      onRedo={() => undefined}
    />
  );
}

const card = (question: RegExp) => screen.getByRole('region', { name: question });
const steps = () => (JSON.parse(latest) as RawFlow).steps;
const headings = () => screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);

describe('a step from a template', () => {
  it('adds contact details after the chosen step, with the keyboard alone', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const industry = card(/What is your industry/);
    within(industry).getByRole('button', { name: 'Add a step from a template' }).focus();
    await user.keyboard('{Enter}');
    const form = within(industry).getByRole('form', { name: /New step from a template/ });
    expect(document.activeElement).toBe(within(form).getByLabelText('Template'));
    const asks = within(form).getByRole('group', { name: 'What the new step asks' });
    expect(
      within(asks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Full name (required)', 'E-mail address (required)', 'Phone number (optional)']);
    expect(await axeViolations(container)).toEqual([]);
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByLabelText('New step’s question'));
    await user.keyboard('{Control>}a{/Control}Where can we reach you?{Enter}');

    expect(headings().slice(3, 6)).toEqual([
      'Step 4: What is your industry?',
      'Step 5: Where can we reach you?',
      'Step 6: What service best suits your needs?',
    ]);
    const added = card(/Where can we reach you/);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(added).getByLabelText('Question')),
    );
    const at = steps().findIndex((s) => s.id === 'industry');
    expect(steps()[at]!.next).toBe('whereCanWeReach');
    expect(steps()[at + 1]).toMatchObject({
      id: 'whereCanWeReach',
      kind: 'fields',
      next: 'service',
      fields: [
        { type: 'fullName', label: 'Full name' },
        { type: 'email', label: 'E-mail address', required: true },
        { type: 'phone', label: 'Phone number', required: false },
      ],
    });
    expect(checkClient(latest).diagnostics.filter(isErrorDiagnostic)).toEqual([]);
  }, 60_000);

  it('shows the options of the chosen shared list before adding the choice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const phase = card(/What phase/);
    within(phase).getByRole('button', { name: 'Add a step from a template' }).focus();
    await user.keyboard('{Enter}');
    const form = within(phase).getByRole('form', { name: /New step from a template/ });
    await user.selectOptions(
      within(form).getByLabelText('Template'),
      'A choice from a shared list',
    );
    await user.selectOptions(within(form).getByLabelText('Shared list'), 'services');
    const services = JSON.parse(
      readFileSync(join(FLOWS_DIR, 'options', 'services.json'), 'utf8'),
    ) as { options: string[] };
    const asks = within(form).getByRole('group', { name: 'What the new step asks' });
    expect(
      within(asks).getByText(`The options of the list “services” (${services.options.length}):`),
    ).toBeTruthy();
    expect(
      within(asks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(services.options);
    within(form).getByLabelText('New step’s question').focus();
    await user.keyboard('{Control>}a{/Control}Which service interests you?{Enter}');
    expect(steps()[1]).toMatchObject({
      id: 'whichServiceInterestsYou',
      kind: 'choice',
      options: 'services',
      next: 'revenue',
    });
    expect(steps()[0]!.next).toMatchObject({ otherwise: 'whichServiceInterestsYou' });
    expect(
      within(card(/Which service interests you/)).getByText(
        'The options are the shared list “services” (edited on its own page).',
      ),
    ).toBeTruthy();
    expect(checkClient(latest).diagnostics.filter(isErrorDiagnostic)).toEqual([]);
  }, 60_000);
});
