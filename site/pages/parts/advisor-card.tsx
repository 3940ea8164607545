/**
 * The content pages' right column on a wide screen (after the page on a phone): how to reach
 * the firm now, by phone, by e-mail or by booking a consultation (on the careers pages: the
 * hiring team and the application), then the page's related pages. It stays in view as the
 * page scrolls, so the way to talk to someone is never a scroll away.
 */
import type { ReactNode } from 'react';
import type { FlowAudience } from '@/engine/client';
import { siteConfig, telHref } from '@/site/config/site-config';
import { Icon, type IconName } from './icon';
import { PageLink } from './page-link';

/** Who a page or a form slot speaks to: a flow's `audience` (schemas/flow.schema.json). */
export type Audience = FlowAudience;

/**
 * Who answers each audience and where: the advisor card and the "prefer to talk?" line of every
 * form slot read it.
 */
export const contacts: Record<
  Audience,
  {
    email: string;
    who: string;
    title: string;
    text: string;
    cta: { href: string; label: string; icon: IconName };
  }
> = {
  clients: {
    email: siteConfig.infoEmail,
    who: 'an advisor',
    title: 'Talk to an advisor',
    text: 'A free first conversation, no obligation: we tell you what is realistic and what it takes.',
    cta: { href: '/book-consult', label: 'Book a consultation', icon: 'calendar' },
  },
  candidates: {
    email: siteConfig.careersEmail,
    who: 'our hiring team',
    title: 'Questions about joining?',
    text: 'Whatever your background, ask our hiring team about roles, interviews and events.',
    cta: { href: '/careers#form-careers', label: 'Start your application', icon: 'briefcase' },
  },
};

export function AdvisorCard({ audience = 'clients' }: { audience?: Audience }) {
  const card = contacts[audience];
  return (
    <aside className="advisor-card" aria-labelledby="advisor-card-title">
      <h2 id="advisor-card-title">{card.title}</h2>
      <p>{card.text}</p>
      <ul className="advisor-card__ways">
        <li>
          <Icon name="phone" />
          <a href={telHref(siteConfig.phone)}>{siteConfig.phone}</a>
        </li>
        <li>
          <Icon name="mail" />
          <a href={`mailto:${card.email}`}>{card.email}</a>
        </li>
        <li>
          <Icon name="clock" />
          <span>Answered within one business day</span>
        </li>
      </ul>
      <PageLink className="button advisor-card__cta" href={card.cta.href}>
        <Icon name={card.cta.icon} />
        {card.cta.label}
      </PageLink>
    </aside>
  );
}

/** The right column: the advisor card, then what the page passes (its related pages). */
export function ContentAside({
  audience,
  children,
}: {
  audience?: Audience;
  children?: ReactNode;
}) {
  return (
    <div className="content-aside">
      <AdvisorCard audience={audience} />
      {children}
    </div>
  );
}
