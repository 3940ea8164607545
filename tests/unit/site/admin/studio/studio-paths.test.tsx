// @vitest-environment jsdom
/**
 * The studio's paths (site/admin/studio/studio-paths.tsx): the engine's covering paths, each with
 * its steps and answers and the ending it reaches, and what HubSpot would receive for each form
 * key as text a marketer reads: the field names and values, the hidden values sent when the
 * visit brings them, the consent of a flow with a consent box. A field added on a new branch
 * shows on the path that takes the branch.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { coveringPaths, type ResolvedFlow } from '@/engine';
import { StudioPaths } from '@/site/admin/studio/studio-paths';
import { repoFlows } from '@/tests/unit/engine/load-repo-flows';
import { axeViolations } from './axe-violations';

const { flows } = repoFlows();
const client = flows.client!;

afterEach(cleanup);

/** A path's list item, found by its heading. */
function pathItem(n: number): HTMLElement {
  return screen.getByRole('heading', { level: 3, name: new RegExp(`^Path ${n}: `) }).closest('li')!;
}

/** A form key's fields on a path, as name → value. */
function fields(item: HTMLElement, formKey: string, sender = 'this path'): Record<string, string> {
  const table = within(item).getByRole('table', {
    name: `Form key ${formKey}: the HubSpot fields ${sender} sends`,
  });
  return Object.fromEntries(
    within(table)
      .getAllByRole('rowheader')
      .map((th) => [th.textContent, th.parentElement!.lastElementChild!.textContent]),
  );
}

describe('the studio paths', () => {
  it('list every covering path: steps and answers, the ending, the fields each form key sends', () => {
    render(<StudioPaths flow={client} />);
    const paths = coveringPaths(client);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      paths.map((p, i) => `Path ${i + 1}: to ${p.ending}`),
    );
    const n = paths.findIndex((p) => p.ending === 'checkout') + 1;
    const item = pathItem(n);
    expect(within(item).getByText('phase').closest('li')!.textContent).toMatch(
      /^phase What phase is your business in\? → /,
    );
    const sent = fields(item, 'question');
    expect(Object.keys(sent)).toEqual(paths[n - 1]!.submissions[0]!.fields.map((f) => f.name));
    expect(sent).toMatchObject({
      what_is_your_email: 'alex.sample@example.com',
      are_you_ready_to_buy_this_service: 'Yes Go to Checkout',
    });
    // The visit's hidden values are not in the body: they are named as sent when brought.
    expect(sent).not.toHaveProperty('utm_source');
    expect(within(item).getByText(/Also sent when the visit brings them/).textContent).toBe(
      'Also sent when the visit brings them (hidden values): utm_source, utm_medium, ' +
        'utm_campaign, utm_term, utm_content, gclid',
    );
    const noCapital = pathItem(paths.findIndex((p) => p.ending === 'noCapital') + 1);
    expect(
      within(noCapital).getByText('Sends nothing to HubSpot: the ending does not submit.'),
    ).toBeTruthy();
  });

  it('show the new HubSpot field on the path taking the new branch', () => {
    // An author adds a step on a new branch of "phase" and a HubSpot field for its answer.
    const flow: ResolvedFlow = structuredClone(client);
    const phase = flow.steps[0]!;
    phase.next.branches.push({ when: { answer: 'phase', equals: 'IPO & ICO' }, to: 'exchange' });
    flow.steps.push({
      id: 'exchange',
      kind: 'choice',
      question: 'Where will you list?',
      numbered: true,
      multiple: false,
      required: true,
      options: ['NASDAQ', 'NYSE'].map((v) => ({ label: v, value: v })),
      next: { branches: [], otherwise: 'industry' },
    });
    flow.submissions[0]!.fields.splice(1, 0, {
      name: 'which_exchange',
      objectTypeId: '0-2',
      value: { answer: 'exchange', whenNotAsked: '' },
    });
    render(<StudioPaths flow={flow} />);
    const n = coveringPaths(flow).findIndex((p) => p.steps.some((s) => s.step === 'exchange'));
    const item = pathItem(n + 1);
    expect(within(item).getByText('exchange').closest('li')!.textContent).toBe(
      'exchange Where will you list? → NASDAQ',
    );
    expect(fields(item, 'question')).toMatchObject({ which_exchange: 'NASDAQ' });
  });

  it('show the consent HubSpot receives from a flow with a consent box', () => {
    const subscribe = flows.subscribePage!;
    render(<StudioPaths flow={subscribe} />);
    const consent = screen.getByRole('table', {
      name: 'Form key subscribePage: the consent it sends (legalConsentOptions)',
    });
    const label =
      subscribe.steps[0]!.kind === 'choice' ? '' : subscribe.steps[0]!.fields.at(-1)!.label;
    expect(
      within(consent)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([['consentToProcess', 'true', label]]);
  });

  it('give axe nothing to report', async () => {
    const { container } = render(<StudioPaths flow={flows.subscribePage!} />);
    expect(await axeViolations(container)).toEqual([]);
  });
});
