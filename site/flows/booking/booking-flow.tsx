'use client';
/**
 * A booking (flows.md §5; /book-consult): the contact form of a flow that declares `booking` —
 * skipped when this session already holds the visitor's contact details — then the scheduler:
 * the embedded scheduling page when the flow asks for it and one is configured, else its
 * fallback flow (the preferred-day-and-time request), sent as a lead. Both end on
 * /thank-you-for-booking.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answers, ResolvedFlow } from '@/engine/client';
import { storedContact, type StoredContact } from '../contact-session';
import { FlowRenderer } from '../flow-renderer';
import type { CaptchaConfig } from '../renderer-types';
import { SchedulerEmbed } from './scheduler-embed';

export interface BookingFlowProps {
  /** The booking's contact form: a flow with `booking`. */
  flow: ResolvedFlow;
  /** Its `booking.fallbackFlow`: asked when no scheduler is embedded. */
  fallback: ResolvedFlow;
  /** The scheduling page to embed; absent when none is configured or the flow wants none. */
  schedulerUrl?: string;
  captcha?: CaptchaConfig;
  label?: string;
  /** What was typed in the server-rendered contact step before this loaded. */
  draft?: Record<string, unknown>;
}

/** What the page gives the booking island; the island fetches the two flows with the renderer. */
export type BookingIslandProps = Omit<BookingFlowProps, 'flow' | 'fallback'>;

export function BookingFlow(props: BookingFlowProps) {
  const [contact, setContact] = useState<StoredContact | null>(null);
  const [checked, setChecked] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);

  useEffect(() => {
    // Session storage exists only in the browser: read once after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setContact(storedContact());
    setChecked(true);
  }, []);
  useEffect(() => {
    if (moveFocus && contact) heading.current?.focus();
  }, [moveFocus, contact]);

  const onContactGiven = useCallback((_ending: string, answers: Answers) => {
    setContact(
      storedContact() ?? {
        full_name: String(answers.full_name ?? ''),
        phone: String(answers.phone ?? ''),
        email: String(answers.email ?? ''),
      },
    );
    setMoveFocus(true);
  }, []);

  if (!contact || !checked) {
    return (
      <FlowRenderer
        flow={props.flow}
        label={props.label ?? 'Book a consultation'}
        draft={props.draft}
        captcha={props.captcha}
        onEnding={onContactGiven}
        headingLevel={3}
      />
    );
  }
  return (
    <div className="booking">
      <h3 ref={heading} tabIndex={-1} className="flow-step__question">
        Choose a time for your consultation
      </h3>
      <p>
        Booking for {contact.full_name} ({contact.email}).
      </p>
      {props.schedulerUrl ? (
        <SchedulerEmbed url={props.schedulerUrl} contact={contact} />
      ) : (
        <FlowRenderer
          flow={props.fallback}
          label="Preferred day and time"
          captcha={props.captcha}
          initialAnswers={contact}
          headingLevel={3}
          resumable={false}
        />
      )}
    </div>
  );
}
