'use client';
/**
 * The embedded scheduling page (SCHEDULER_URL), prefilled with the visitor's name, e-mail and
 * phone digits. When the scheduler reports a booked slot (postMessage), the visitor goes on to
 * /thank-you-for-booking; a link does the same for schedulers that report nothing.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { StoredContact } from '../contact-session';

export const THANK_YOU_PATH = '/thank-you-for-booking';

export function schedulerSrc(base: string, contact: StoredContact): string {
  const url = new URL(base);
  url.searchParams.set('name', contact.full_name);
  url.searchParams.set('email', contact.email);
  url.searchParams.set('phone', contact.phone.replace(/\D/g, ''));
  return url.toString();
}

/** Scheduling pages announce a booking with an event whose name ends in "scheduled". */
function isBookedMessage(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  const event = (data as { event?: unknown }).event;
  return typeof event === 'string' && /(^|[._-])(event_)?scheduled$/.test(event);
}

export function SchedulerEmbed({ url, contact }: { url: string; contact: StoredContact }) {
  const router = useRouter();
  const origin = new URL(url).origin;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin === origin && isBookedMessage(event.data)) router.push(THANK_YOU_PATH);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, router]);
  return (
    <div className="scheduler">
      <iframe
        className="scheduler__frame"
        title="Choose a time for your consultation"
        src={schedulerSrc(url, contact)}
        loading="lazy"
        style={{ width: '100%', minHeight: '42rem', border: 0 }}
      />
      <p>
        <Link href={THANK_YOU_PATH}>I have booked my time</Link>
      </p>
    </div>
  );
}
