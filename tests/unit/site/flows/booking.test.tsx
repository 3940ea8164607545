// @vitest-environment jsdom
/**
 * /book-consult in a DOM: with contact details from an earlier form in this session the
 * bookConsult form is skipped; with a scheduler configured it is embedded, prefilled, and a
 * booked-slot message from its origin moves on to the thank-you page.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFlows } from '@/engine';
import { BookingFlow } from '@/site/flows/booking/booking-flow';
import { schedulerSrc } from '@/site/flows/booking/scheduler-embed';

const push = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push }),
  usePathname: () => '/book-consult',
}));

const { flows } = loadFlows(path.join(process.cwd(), 'flows'), {
  brandName: 'Sample Firm',
  brandSlug: 'samplefirm',
});

beforeEach(() => {
  sessionStorage.clear();
  push.mockReset();
});
afterEach(cleanup);

describe('BookingFlow', () => {
  it('asks for the contact details when the session has none', () => {
    render(<BookingFlow flow={flows.bookConsult!} fallback={flows.bookingRequest!} />);
    expect(screen.getByLabelText('Full name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('skips to the scheduler, prefilled, when the session holds the contact details', () => {
    sessionStorage.setItem('full_name', 'Lee Session');
    sessionStorage.setItem('phone', '3105550142');
    sessionStorage.setItem('email', 'lee@example.com');
    render(
      <BookingFlow
        flow={flows.bookConsult!}
        fallback={flows.bookingRequest!}
        schedulerUrl="https://scheduler.example.com/firm/consult"
      />,
    );
    expect(screen.queryByLabelText('Full name')).toBeNull();
    const frame = screen.getByTitle('Choose a time for your consultation');
    expect(frame.getAttribute('src')).toBe(
      'https://scheduler.example.com/firm/consult?name=Lee+Session&email=lee%40example.com&phone=3105550142',
    );
    // A message from another origin is ignored; the scheduler's own one moves on.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          data: { event: 'calendly.event_scheduled' },
        }),
      );
    });
    expect(push).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://scheduler.example.com',
          data: { event: 'calendly.event_scheduled' },
        }),
      );
    });
    expect(push).toHaveBeenCalledWith('/thank-you-for-booking');
  });

  it('sends phone digits to the scheduler', () => {
    expect(
      schedulerSrc('https://s.example/x', {
        full_name: 'A B',
        email: 'a@b.co',
        phone: '(212) 555-0100',
      }),
    ).toBe('https://s.example/x?name=A+B&email=a%40b.co&phone=2125550100');
  });
});
