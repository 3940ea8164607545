import type { CheckContext } from './check-context';
import { CONTACT_KEYS } from './contact-keys';

/**
 * A booking's contact form (`booking`): its fallback is another flow, and it asks the contact
 * details the scheduler and the fallback flow are prefilled with. Whether the fallback flow
 * exists is a question for the folder (check-flow-links.ts).
 */
export function checkBooking(ctx: CheckContext): void {
  const { flow, keyOwner, report } = ctx;
  const booking = flow.booking;
  if (!booking) return;
  if (booking.fallbackFlow === flow.id) {
    report(
      '/booking/fallbackFlow',
      `The booking's fallback flow is flow "${flow.id}" itself`,
      'Name the flow that asks for a preferred day and time, e.g. "bookingRequest"',
      { code: 'booking.fallback-itself', args: { flow: flow.id } },
    );
  }
  const missing = CONTACT_KEYS.filter((key) => !keyOwner.has(key));
  if (missing.length > 0) {
    report(
      '/booking',
      `A booking must ask ${missing.map((key) => `"${key}"`).join(', ')}: the scheduler and the fallback flow are prefilled with the contact details`,
      'Add a "contact" step, or fields named full_name, phone and email',
      { code: 'booking.contact-missing', args: { missing } },
    );
  }
}
