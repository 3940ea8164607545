import { Icon, pathIcon, type IconName } from './icon';
import { InlineText } from './inline-text';
import type { ReactNode } from 'react';
import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import type { Faq, Step, Term } from '@/site/content/page-types';

/** The page's banner: the H1 and its one-line promise. */
export function Banner({
  heading,
  promise,
  eyebrow,
}: {
  heading: string;
  promise?: string;
  eyebrow?: string;
}) {
  return (
    <header className="banner">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{fill(heading)}</h1>
        {promise ? <p className="banner__promise">{fill(promise)}</p> : null}
      </div>
    </header>
  );
}

/** A titled section of the page body. */
export function Section({
  id,
  title,
  children,
  tone,
}: {
  id: string;
  title: string;
  children: ReactNode;
  tone?: 'mist';
}) {
  return (
    <section className={tone ? `section section--${tone}` : 'section'} aria-labelledby={id}>
      <div className="container">
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </section>
  );
}

export function Paragraphs({ items }: { items: string[] }) {
  return (
    <div className="prose">
      {items.map((text, index) => (
        <p key={index}>
          <InlineText text={text} />
        </p>
      ))}
    </div>
  );
}

/** A list; with `icon`, each item is marked with it instead of a bullet. */
export function Bullets({ items, icon }: { items: string[]; icon?: IconName }) {
  return (
    <ul className={icon ? 'bullets bullets--icons' : 'bullets'}>
      {items.map((text, index) => (
        <li key={index}>
          {icon ? <Icon name={icon} /> : null}
          <InlineText text={text} />
        </li>
      ))}
    </ul>
  );
}

export function Steps({ steps }: { steps: Step[] }) {
  return (
    <ol className="steps">
      {steps.map((step, index) => (
        <li key={index}>
          <h3>{fill(step.title)}</h3>
          <p>{fill(step.text)}</p>
        </li>
      ))}
    </ol>
  );
}

/** Questions and answers as native disclosure widgets: keyboard-operable with no script. */
export function FaqList({ items }: { items: Faq[] }) {
  return (
    <div className="faq">
      {items.map((item, index) => (
        <details key={index}>
          <summary>{fill(item.question)}</summary>
          <p>{fill(item.answer)}</p>
        </details>
      ))}
    </div>
  );
}

export function TermsTable({ terms }: { terms: Term[] }) {
  return (
    <dl className="terms">
      {terms.map((term, index) => (
        <div key={index}>
          <dt>{fill(term.label)}</dt>
          <dd>{fill(term.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface CardLink {
  title: string;
  href: string;
  text?: string;
  meta?: string;
  /** A drawing above the title (services: `pathIcon(href)`). */
  icon?: IconName;
}

export function CardGrid({ cards }: { cards: CardLink[] }) {
  return (
    <ul className="cards">
      {cards.map((card) => (
        <li
          key={card.href}
          className={card.icon ? 'card card--link card--icon' : 'card card--link'}
        >
          {card.icon ? <Icon name={card.icon} /> : null}
          {card.meta ? <p className="card__meta">{card.meta}</p> : null}
          <h3>
            <a href={card.href}>{fill(card.title)}</a>
          </h3>
          {card.text ? <p>{fill(card.text)}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The home page's six featured services (the home content's), as icon cards. */
export function FeaturedServices({
  services,
  tone,
}: {
  services: { title: string; text: string; href: string }[];
  tone?: 'mist';
}) {
  return (
    <Section id="featured-services" title="Featured services" tone={tone}>
      <CardGrid cards={services.map((service) => ({ ...service, icon: pathIcon(service.href) }))} />
    </Section>
  );
}
