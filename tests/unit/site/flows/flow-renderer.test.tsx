// @vitest-environment jsdom
/**
 * The renderer in a DOM: steps by accessible names, progress on the visitor's branch, focus and
 * title on step change, the error summary of a failed Next, resume from session storage and
 * prefilled steps skipped. next/navigation (the framework's router) is replaced because no
 * Next app router runs here.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFlows } from '@/engine';
import { FlowRenderer } from '@/site/flows/flow-renderer';

const push = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push }),
  usePathname: () => '/',
}));

const { flows } = loadFlows(path.join(process.cwd(), 'flows'), {
  brandName: 'Sample Firm',
  brandSlug: 'samplefirm',
});
const client = flows.client!;

beforeEach(() => {
  sessionStorage.clear();
  document.title = 'Home';
});
afterEach(cleanup);

describe('FlowRenderer', () => {
  it('answers a choice by its button and moves focus and title to the next question', async () => {
    render(<FlowRenderer flow={client} />);
    expect(screen.getByText('Question 1 / 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start-up' }));
    // The press shows at once; the next question follows once that frame is painted.
    expect(screen.getByRole('button', { name: 'Start-up' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const heading = await screen.findByRole('heading', {
      name: 'How much working capital do you personally have to invest in your business?',
    });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Question 2 / 5')).toBeTruthy();
    expect(document.title).toBe(
      'Question 2 of 5: How much working capital do you personally have to invest in your business? | Home',
    );
    // Progress is kept for resume, never with files.
    const saved: unknown = JSON.parse(sessionStorage.getItem('flow-progress:client') ?? '{}');
    expect(saved).toMatchObject({
      flowId: 'client',
      step: 'capital',
      answers: { phase: 'Start-up' },
    });
  });

  it('shows the first six industries, then all of them after "See all"', () => {
    sessionStorage.setItem(
      'flow-progress:client',
      JSON.stringify({
        flowId: 'client',
        version: client.version,
        step: 'industry',
        history: ['phase', 'revenue'],
        answers: { phase: 'M&A', revenue: '$50,000-$150,000' },
      }),
    );
    render(<FlowRenderer flow={client} />);
    expect(screen.getByRole('heading', { name: 'What is your industry?' })).toBeTruthy();
    expect(screen.getByText('Question 3 / 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Other' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See all' }));
    expect(screen.getAllByRole('button', { pressed: false }).length).toBeGreaterThanOrEqual(34);
    expect(document.activeElement?.textContent).toBe('Artificial Intelligence');
  });

  it('a failed Next focuses an error summary linking to each field', async () => {
    sessionStorage.setItem(
      'flow-progress:client',
      JSON.stringify({
        flowId: 'client',
        version: client.version,
        step: 'contact',
        history: ['phase', 'revenue', 'industry', 'service'],
        answers: {
          phase: 'M&A',
          revenue: '$50,000-$150,000',
          industry: 'Fintech',
          service: 'Pitch Deck',
        },
      }),
    );
    render(<FlowRenderer flow={client} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nobody' } });
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      return Promise.resolve();
    });
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = Array.from(summary.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual([
      'Full name is required',
      'This is not a valid email',
      'Phone is required',
    ]);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Phone is required' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
  });

  it('skips the steps that known contact details already answer', () => {
    render(
      <FlowRenderer
        flow={flows.bookingRequest!}
        initialAnswers={{
          full_name: 'Ada Prefill',
          phone: '(212) 555-0100',
          email: 'ada@example.com',
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'When would you like us to call?' })).toBeTruthy();
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });
});
