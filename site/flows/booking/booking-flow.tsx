'use client';
/**
 * /book-consult (flows.md §5): the bookConsult form — skipped when this session already holds
 * the visitor's contact details — then the scheduler: the embedded scheduling page when one is
 * configured, else the preferred-day-and-time request, sent as a lead. Both end on
 * /thank-you-for-booking.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answers, ResolvedFlow } from '@/engine/client';
import { storedContact, type StoredContact } from '../contact-session';
import { FlowRenderer } from '../flow-renderer';
import type { CaptchaConfig } from '../renderer-types';
import { SchedulerEmbed } from './scheduler-embed';

export interface BookingFlowProps {
  bookConsult: ResolvedFlow;
  bookingRequest: ResolvedFlow;
  schedulerUrl?: string;
  captcha?: CaptchaConfig;
  label?: string;
  /** What was typed in the server-rendered contact step before this loaded. */
  draft?: Record<string, unknown>;
}

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
        flow={props.bookConsult}
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
          flow={props.bookingRequest}
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
