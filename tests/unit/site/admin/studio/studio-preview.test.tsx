// @vitest-environment jsdom
/**
 * The studio's preview (site/admin/studio/studio-preview.tsx): the visitors' renderer on the
 * flow, at a phone's or a desktop's width, opened at any step with the answers that lead there;
 * a submitting ending shows the bodies the live site would send, and nothing leaves the page: no
 * request, no funnel beacon, no redirect, nothing in the session storage the public site reads.
 * A new flow starts the preview afresh. next/navigation is replaced (no Next router here).
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudioPreview } from '@/site/admin/studio/studio-preview';
import { repoFlows } from '@/tests/unit/engine/load-repo-flows';
import { axeViolations } from './axe-violations';

const push = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push }),
  usePathname: () => '/admin/flows/client/edit',
}));

const { flows } = repoFlows();
const client = flows.client!;
const fetchSpy = vi.fn();
const beacon = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  push.mockClear();
  fetchSpy.mockClear();
  beacon.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Nothing reached the server or the public site's storage. */
function expectNothingLeft() {
  expect(fetchSpy).not.toHaveBeenCalled();
  expect(beacon).not.toHaveBeenCalled();
  expect(push).not.toHaveBeenCalled();
  expect(sessionStorage.length).toBe(0);
}

describe('the studio preview', () => {
  it('runs the visitors’ renderer in a phone-wide frame, switched to a desktop’s width', async () => {
    const user = userEvent.setup();
    const { container } = render(<StudioPreview flow={client} />);
    expect(screen.getByRole('heading', { name: 'What phase is your business in?' })).toBeTruthy();
    expect(screen.getByText('Question 1 / 5')).toBeTruthy();
    const frame = () =>
      screen.getByRole('heading', { name: 'What phase is your business in?' }).closest('[style]');
    expect(screen.getByRole('radio', { name: 'Phone (390 px)' })).toMatchObject({ checked: true });
    expect((frame() as HTMLElement).style.width).toBe('390px');
    await user.click(screen.getByRole('radio', { name: 'Desktop (1366 px)' }));
    expect((frame() as HTMLElement).style.width).toBe('1366px');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('starts at any step with the answers that lead there, and shows what would be sent', async () => {
    const user = userEvent.setup();
    render(<StudioPreview flow={client} />);
    const startAt = screen.getByRole('combobox', { name: 'Start at' });
    expect(
      within(startAt)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(client.steps.map((s) => s.id));
    await user.selectOptions(startAt, 'contact');
    expect(
      screen.getByRole('heading', { name: 'What is your full name, email, and phone number?' }),
    ).toBeTruthy();
    // Behind it, the four questions a covering path answered to get there.
    expect(screen.getByText('Question 5 / 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      screen.getByRole('heading', { name: 'What service best suits your needs?' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start again' }));

    await user.type(screen.getByLabelText('Full name'), 'Ada Studio');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    // The phone mask takes keystrokes.
    await user.type(screen.getByLabelText('Phone'), '2125550100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, go to checkout' }));

    expect(await screen.findByText('In the live site this would send:')).toBeTruthy();
    const table = screen.getByRole('table', {
      name: 'Form key question: the HubSpot fields the preview sends',
    });
    const sent = Object.fromEntries(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => [th.textContent, th.parentElement!.lastElementChild!.textContent]),
    );
    expect(sent).toMatchObject({
      what_is_your_full_name: 'Ada Studio',
      what_is_your_email: 'ada@example.com',
      what_is_your_phone_number: '2125550100',
      are_you_ready_to_buy_this_service: 'Yes Go to Checkout',
    });
    expect(screen.getByText(/Also sent when the visit brings them/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Checkout: / })).toBeTruthy();
    expectNothingLeft();
  });

  it('names the page a redirect ending would open, without going there', async () => {
    const user = userEvent.setup();
    render(<StudioPreview flow={client} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Start at' }), 'ready');
    await user.click(screen.getByRole('button', { name: 'No, book a consultation first' }));
    expect((await screen.findByText(/^Then the visitor goes to/)).textContent).toMatch(
      /^Then the visitor goes to \/book-consult/,
    );
    expect(screen.getByText('In the live site this would send:').getAttribute('role')).toBe(
      'status',
    );
    expectNothingLeft();
  });

  it('starts afresh when the flow changes in the editor', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<StudioPreview flow={client} />);
    await user.click(screen.getByRole('button', { name: 'Start-up' }));
    expect(await screen.findByText('Question 2 / 5')).toBeTruthy();
    rerender(<StudioPreview flow={client} />);
    expect(screen.getByText('Question 2 / 5')).toBeTruthy();
    const edited = structuredClone(client);
    edited.steps[0]!.question = 'Which phase is your business in?';
    rerender(<StudioPreview flow={edited} />);
    expect(screen.getByRole('heading', { name: 'Which phase is your business in?' })).toBeTruthy();
    expect(screen.getByText('Question 1 / 5')).toBeTruthy();
    expectNothingLeft();
  });
});

describe('the studio preview of a flow with computed values', () => {
  it('shows each computed value as the answers change', async () => {
    const user = userEvent.setup();
    const prequal = flows.clientPrequal!;
    render(<StudioPreview flow={prequal} />);
    const values = screen.getByRole('region', { name: 'Computed values' });
    const valueOf = (name: string) =>
      within(values).getByText(name).closest('div')!.querySelector('dd')!.textContent;
    expect(valueOf('band')).toBe('"early"');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '250000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // An option's answer follows the frame that shows the press (choice-step.tsx).
    await user.click(await screen.findByRole('button', { name: 'Over 5 years' }));
    await waitFor(() => expect(valueOf('score')).toBe('55'));
    expect(valueOf('band')).toBe('"close"');
    await user.click(await screen.findByRole('button', { name: '740 or above' }));
    await waitFor(() => expect(valueOf('score')).toBe('100'));
    expect(valueOf('band')).toBe('"ready"');
    expectNothingLeft();
  });

  it('shows an ending’s text with the score and band filled in, as visitors read it', async () => {
    const user = userEvent.setup();
    render(<StudioPreview flow={flows.clientPrequal!} />);
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '10000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Not yet started' }));
    await user.click(await screen.findByRole('button', { name: '580 to 669' }));
    expect(
      await screen.findByText('Your readiness score is 20 of 100 (band: early).'),
    ).toBeTruthy();
    expectNothingLeft();
  });
});
