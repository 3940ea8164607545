/**
 * The content pages' right column on a wide screen (after the page on a phone): how to reach an
 * advisor now, by phone, by e-mail or by booking a consultation. It stays in view as the page
 * scrolls, so the way to talk to someone is never a scroll away.
 */
import { siteConfig, telHref } from '@/site/config/site-config';
import { Icon } from './icon';
import { PageLink } from './page-link';

export function AdvisorCard() {
  return (
    <aside className="advisor-card" aria-labelledby="advisor-card-title">
      <h2 id="advisor-card-title">Talk to an advisor</h2>
      <p>
        A free first conversation, no obligation: we tell you what is realistic and what it takes.
      </p>
      <ul className="advisor-card__ways">
        <li>
          <Icon name="phone" />
          <a href={telHref(siteConfig.phone)}>{siteConfig.phone}</a>
        </li>
        <li>
          <Icon name="mail" />
          <a href={`mailto:${siteConfig.infoEmail}`}>{siteConfig.infoEmail}</a>
        </li>
      </ul>
      <PageLink className="button advisor-card__cta" href="/book-consult">
        <Icon name="calendar" />
        Book a consultation
      </PageLink>
    </aside>
  );
}
