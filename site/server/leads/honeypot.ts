/**
 * The honeypot: a field hidden from people (visually and from assistive technology) that bots
 * fill in. The request carries it as a top-level `website` value; anything but empty is refused.
 */
export const honeypotField = 'website';

export function honeypotTripped(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}
