'use client';
/**
 * The endings a visitor can see: a screen (heading, body, links, buttons) or the checkout step
 * of flows.md §5. Redirect endings never render: the renderer navigates instead.
 */
import Link from 'next/link';
import type { Ref } from 'react';
import {
  RENDERER_WORDS,
  endingTexts,
  type Answers,
  type ResolvedCheckoutEnding,
  type ResolvedEnding,
} from '@/engine/client';

export interface EndingViewProps {
  ending: ResolvedEnding;
  answers: Answers;
  /** The visit's hidden values, for a computed value the ending shows that reads one. */
  hidden?: Record<string, string>;
  leadId: string;
  checkoutLinks?: Record<string, string>;
  headingRef: Ref<HTMLHeadingElement>;
  headingLevel: 2 | 3 | 4;
  onRestart: () => void;
}

function checkoutHref(link: string, leadId: string, email: string): string {
  const url = new URL(link);
  if (leadId) url.searchParams.set('client_reference_id', leadId);
  if (email) url.searchParams.set('prefilled_email', email);
  return url.toString();
}

function serviceOf(ending: ResolvedCheckoutEnding, answers: Answers): string {
  if ('constant' in ending.service) return ending.service.constant;
  const value = answers[ending.service.answer];
  return typeof value === 'string' ? value : '';
}

export function EndingView(props: EndingViewProps) {
  const { ending, answers, headingRef } = props;
  const Heading = `h${props.headingLevel}` as 'h2';
  if (ending.kind === 'checkout') {
    const service = serviceOf(ending, answers);
    const link = props.checkoutLinks?.[service];
    const email = typeof answers.email === 'string' ? answers.email : '';
    return (
      <div className="flow-ending flow-ending--checkout">
        <Heading ref={headingRef} tabIndex={-1} className="flow-ending__heading">
          {RENDERER_WORDS.checkout(service)}
        </Heading>
        {link ? (
          <>
            <p>Your answers are saved. Pay securely to start your {service} today.</p>
            <p>
              <a className="button" href={checkoutHref(link, props.leadId, email)} rel="noopener">
                Pay securely
              </a>
            </p>
          </>
        ) : (
          <p>
            Thank you — your answers are saved. An advisor will e-mail you a secure checkout link
            for {service || 'your service'} within one business day.
          </p>
        )}
      </div>
    );
  }
  if (ending.kind !== 'screen') return null;
  // Computed values the texts show ({score}) are filled in from the parsed values the flow holds.
  const { heading, body } = endingTexts(ending, answers, props.hidden);
  return (
    <div className="flow-ending" role="status">
      <Heading ref={headingRef} tabIndex={-1} className="flow-ending__heading">
        {heading}
      </Heading>
      {body.map((text, i) => (
        <p key={`${i}:${text}`}>{text}</p>
      ))}
      {ending.links.length > 0 ? (
        <ul className="flow-ending__links">
          {ending.links.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {ending.buttons.map((button) =>
        button.action === 'restart' ? (
          <button key={button.label} type="button" className="button" onClick={props.onRestart}>
            {button.label}
          </button>
        ) : button.href ? (
          <Link key={button.label} className="button" href={button.href}>
            {button.label}
          </Link>
        ) : null,
      )}
    </div>
  );
}
