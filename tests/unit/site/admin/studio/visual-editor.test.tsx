// @vitest-environment jsdom
/**
 * The studio's visual editor (site/admin/studio/visual-editor.tsx) over the client questionnaire's
 * text, with HubSpot's definition of its form: the steps as cards in visitor order; an option
 * renamed keeps its HubSpot value; a new step on one branch, sent to a field chosen from the form;
 * an AND rule; a step deleted with its visitors sent elsewhere. Each change is in the text, which
 * the engine's check accepts, and axe finds nothing.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorDiagnostic, type HubSpotFormDefinition } from '@/engine/client';
import { VisualEditor } from '@/site/admin/studio/visual-editor';
import { parseHubSpotForm } from '@/site/server/hubspot/parse-hubspot-form';
import { formDefinition } from '@/tests/fakes/fake-hubspot';
import { repositoryFormIds, repositoryPortalForms } from '@/tests/fixtures/hubspot-forms';
import { checkClient, client } from './support/client-flow';
import { axeViolations } from './axe-violations';

/** The client questionnaire's HubSpot form, with a company field for the new question. */
function questionForm(): HubSpotFormDefinition {
  const form = repositoryPortalForms[repositoryFormIds.question]!;
  const parsed = parseHubSpotForm(
    formDefinition(repositoryFormIds.question, {
      ...form,
      fields: [
        ...form.fields,
        { name: 'trading_since', label: 'Trading since', objectTypeId: '0-2' },
      ],
    }),
  )!;
  return {
    formKey: 'question',
    formId: parsed.id,
    name: parsed.name,
    fields: parsed.fields,
    fetchedAt: 0,
  };
}

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
      hubspotForms={{ question: questionForm() }}
      onUndo={() => undefined}
      onRedo={() => undefined}
    />
  );
}

const card = (question: RegExp) => screen.getByRole('region', { name: question });
const parsed = () =>
  JSON.parse(latest) as {
    steps: { id: string; options?: unknown[]; next: unknown }[];
    submissions: { fields: unknown[] }[];
  };

afterEach(cleanup);

describe('the visual editor', () => {
  it('edits the client questionnaire without JSON, and the check accepts the result', async () => {
    const { container } = render(<Harness />);
    const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(headings[0]).toBe('Step 1: What phase is your business in?');
    expect(headings.at(-1)).toBe('Step 7: Are you ready to buy this service?');

    // An option renamed: the label changes, HubSpot's value stays.
    const phase = card(/What phase/);
    fireEvent.change(within(phase).getByLabelText('Option 2 label'), {
      target: { value: 'Planning an exit' },
    });
    expect(parsed().steps[0]!.options![1]).toEqual({
      label: 'Planning an exit',
      value: 'Seeking Exit',
    });
    expect(within(phase).getByText('Seeking Exit')).toBeTruthy();

    // A question on the start-up branch, sent to a field of HubSpot's form.
    const capital = card(/working capital/);
    fireEvent.click(within(capital).getByRole('button', { name: 'Add a step after this one' }));
    fireEvent.change(within(capital).getByLabelText('New step’s question'), {
      target: { value: 'When did you start trading?' },
    });
    fireEvent.click(within(capital).getByRole('button', { name: 'Add the step' }));
    const added = card(/When did you start trading/);
    fireEvent.change(within(added).getByLabelText(/^HubSpot field for/), {
      target: { value: 'trading_since' },
    });
    expect(parsed().submissions[0]!.fields).toContainEqual({
      name: 'trading_since',
      objectTypeId: '0-2',
      value: { answer: 'whenDidYouStart', whenNotAsked: '' },
    });

    // An AND rule on the last step.
    const ready = card(/ready to buy/);
    fireEvent.click(within(ready).getByRole('button', { name: 'Add a rule' }));
    const rule2 = within(ready).getByRole('group', { name: 'Rule 2' });
    fireEvent.click(within(rule2).getByRole('button', { name: 'Add a test' }));
    const test2 = within(rule2).getByRole('group', { name: 'Test 2' });
    fireEvent.change(within(test2).getByLabelText(/^Answer to/), { target: { value: 'phase' } });
    fireEvent.change(within(test2).getByLabelText(/^Test/), { target: { value: 'isNot' } });
    fireEvent.change(within(rule2).getByLabelText('go to'), { target: { value: 'bookConsult' } });
    expect(parsed().steps.find((s) => s.id === 'ready')!.next).toMatchObject({
      branches: [
        expect.anything(),
        {
          when: {
            all: [
              { answer: 'ready', equals: 'Yes Go to Checkout' },
              { not: { answer: 'phase', equals: 'Start-up' } },
            ],
          },
          to: 'bookConsult',
        },
      ],
    });

    // A step others point to, deleted, its visitors sent on to the industry question.
    const revenue = card(/gross revenue/);
    fireEvent.click(within(revenue).getByRole('button', { name: 'Delete this step…' }));
    expect(
      within(revenue).getByText('“What phase is your business in?” goes there otherwise'),
    ).toBeTruthy();
    fireEvent.change(within(revenue).getByLabelText('Send those visitors instead to'), {
      target: { value: 'industry' },
    });
    fireEvent.click(within(revenue).getByRole('button', { name: 'Delete the step' }));
    expect(parsed().steps.map((s) => s.id)).not.toContain('revenue');
    expect(parsed().steps[0]!.next).toMatchObject({ otherwise: 'industry' });

    expect(checkClient(latest).diagnostics.filter(isErrorDiagnostic)).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);
  }, 60_000);

  it('asks a step later in visitor order, and offers it only where no other path changes', async () => {
    render(<Harness />);
    const headings = () =>
      screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent ?? '');
    const industry = card(/What is your industry/);
    // Two steps lead to the industry question: it cannot be asked earlier without changing one.
    expect(within(industry).queryByRole('button', { name: 'Ask earlier' })).toBeNull();
    fireEvent.click(within(industry).getByRole('button', { name: 'Ask later' }));
    const order = headings();
    expect(order.findIndex((h) => /best suits/.test(h))).toBeLessThan(
      order.findIndex((h) => /What is your industry/.test(h)),
    );
    expect(parsed().steps.find((s) => s.id === 'service')!.next).toBe('industry');
    expect(checkClient(latest).diagnostics.filter(isErrorDiagnostic)).toEqual([]);
    // The press's button keeps the focus at the card's new place.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement?.textContent).toBe('Ask later');
    expect(card(/What is your industry/).contains(document.activeElement)).toBe(true);
  });
});
