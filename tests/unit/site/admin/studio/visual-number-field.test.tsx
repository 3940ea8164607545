// @vitest-environment jsdom
/**
 * A number field in the studio's visual editor, over the client questionnaire's text: a field
 * added to the contact step becomes "Number or amount", shows amounts of money, and gets its
 * smallest and largest number, with no JSON; the engine's check accepts the text, and turning it
 * back into short text takes its number settings away. axe finds nothing wrong.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorDiagnostic } from '@/engine/client';
import { VisualEditor } from '@/site/admin/studio/visual-editor';
import { checkClient, client } from './support/client-flow';
import { axeViolations } from './axe-violations';

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
      onUndo={() => undefined}
      onRedo={() => undefined}
    />
  );
}

/** The field the test added: the contact step's own fields come after the contact block. */
const addedField = () =>
  (
    JSON.parse(latest) as { steps: { id: string; fields?: Record<string, unknown>[] }[] }
  ).steps.find((s) => s.id === 'contact')!.fields![0]!;

afterEach(cleanup);

describe('a number field in the visual editor', () => {
  it('is made, set to an amount between two bounds, and undone, without JSON', async () => {
    const { container } = render(<Harness />);
    const contact = screen.getByRole('region', { name: /What is your full name/ });
    fireEvent.change(within(contact).getByLabelText('New field label'), {
      target: { value: 'Loan amount' },
    });
    fireEvent.click(within(contact).getByRole('button', { name: 'Add field' }));
    fireEvent.change(within(contact).getByLabelText('Field 1 type'), {
      target: { value: 'number' },
    });
    fireEvent.change(within(contact).getByLabelText('Field 1 shows'), {
      target: { value: 'currency' },
    });
    fireEvent.change(within(contact).getByLabelText('Field 1 smallest number'), {
      target: { value: '1000' },
    });
    fireEvent.change(within(contact).getByLabelText('Field 1 largest number'), {
      target: { value: '5000000' },
    });
    expect(addedField()).toEqual({
      name: 'loanAmount',
      type: 'number',
      label: 'Loan amount',
      format: 'currency',
      min: 1000,
      max: 5000000,
    });
    expect(checkClient(latest).diagnostics.filter(isErrorDiagnostic)).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);

    // A smallest number above the largest: the check says so, in the studio's words.
    fireEvent.change(within(contact).getByLabelText('Field 1 largest number'), {
      target: { value: '500' },
    });
    expect(checkClient(latest).diagnostics.map((d) => d.code)).toContain('number.min-above-max');

    fireEvent.change(within(contact).getByLabelText('Field 1 type'), {
      target: { value: 'text' },
    });
    expect(addedField()).toEqual({ name: 'loanAmount', type: 'text', label: 'Loan amount' });
    expect(within(contact).queryByLabelText('Field 1 smallest number')).toBeNull();
  });
});
