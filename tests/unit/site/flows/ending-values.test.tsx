// @vitest-environment jsdom
/**
 * An ending that shows computed values, in the visitors' renderer: the pre-qualification flow
 * (flows/clientPrequal.json) answered by keyboard ends on "not yet" with the score and band the
 * typed answers give, filled in from the parsed values the flow carries, and its grant and SBA
 * links. next/navigation is replaced (no Next app router runs here); the network is a stub that
 * answers nothing, since this ending sends no lead.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowRenderer } from '@/site/flows/flow-renderer';
import { repoFlows } from '@/tests/unit/engine/load-repo-flows';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: () => undefined }),
  usePathname: () => '/financing/debt-financing',
}));

const prequal = repoFlows().flows.clientPrequal!;
const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}', { status: 404 })));

beforeEach(() => {
  sessionStorage.clear();
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an ending showing computed values', () => {
  it('shows the score and band of the typed answers, with the grant and SBA links', async () => {
    const user = userEvent.setup();
    render(<FlowRenderer flow={prequal} />);
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '10000');
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Under 1 year' }));
    await user.click(await screen.findByRole('button', { name: "I don't know" }));
    expect(
      await screen.findByRole('heading', {
        name: 'You are not ready for financing from our partners yet.',
      }),
    ).toBeTruthy();
    // 10 for under a year in business, 15 for an unknown credit score, nothing for the amount.
    expect(screen.getByText('Your readiness score is 25 of 100 (band: early).')).toBeTruthy();
    expect(screen.queryByText(/\{score\}/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Grant services' }).getAttribute('href')).toBe(
      '/grant-service',
    );
    expect(screen.getByRole('link', { name: 'SBA financing' }).getAttribute('href')).toBe(
      '/financing/sba-financing',
    );
    expect(fetchSpy).not.toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/leads/),
      expect.anything(),
    );
  });
});
