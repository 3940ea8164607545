/**
 * The contact details a booking carries from its contact form to the scheduler or its fallback
 * flow, and that a submission leaves in the visitor's session to prefill the next booking.
 */
export const CONTACT_KEYS = ['full_name', 'phone', 'email'] as const;
