/**
 * The site's own types for everything a visitor reads: pages of the navigation tree and the
 * fixed pages, insights, media mentions, places, reviews, people, policies, the home page and
 * the services a visitor can buy. Templates see only these; the embedded store and the Strapi
 * adapter both produce them.
 *
 * Copy may hold the placeholders `{brand}`, `{phone}`, `{email}` and `{careersEmail}`; they are
 * substituted from the site configuration when a page renders (see `fill-placeholders.ts`).
 */

export interface Step {
  title: string;
  text: string;
}

export interface Faq {
  question: string;
  answer: string;
}

export interface Term {
  label: string;
  value: string;
}

/** One page of the navigation tree, of the footer, or a fixed page. */
export interface Page {
  /** Site path, lower-case, no trailing slash (`/consulting/strategy`). */
  path: string;
  template: 'division' | 'service' | 'fixed';
  title: string;
  description: string;
  heading: string;
  promise?: string;
  overview: string[];
  audience?: string[];
  deliverables?: string[];
  process?: Step[];
  timeline?: string;
  clientProvides?: string[];
  eligibility?: string[];
  terms?: Term[];
  legalNote?: boolean;
  faq?: Faq[];
  related?: string[];
  /** The flows the page hosts, by id (`flows/<id>.json`), in page order. */
  forms: string[];
}

export interface InsightSection {
  heading: string;
  paragraphs: string[];
}

export interface Insight {
  slug: string;
  title: string;
  description: string;
  /** ISO date (`2023-03-14`), shown as 'MMMM DD, YYYY' in UTC. */
  date: string;
  category: string;
  author: { name: string; role: string };
  keyPoints: string[];
  body: InsightSection[];
  related: string[];
}

export interface MediaMention {
  slug: string;
  outlet: string;
  date: string;
  headline: string;
  summary: string;
  url: string;
}

export interface Review {
  name: string;
  companyType: string;
  service: string;
  servicePath: string;
  text: string;
  rating: number;
}

export interface Person {
  slug: string;
  name: string;
  role: string;
  group: 'founder' | 'leadership' | 'team';
  bio: string[];
}

export interface Office {
  name: string;
  address: string;
}

export interface State {
  slug: string;
  name: string;
  code: string;
  intro: string[];
  industries: string[];
  /** Slugs of the state's cities that have a page. */
  cities: string[];
}

export interface City {
  slug: string;
  name: string;
  /** Slug of the state. */
  state: string;
  intro: string[];
  industries: string[];
  nearby: string[];
  office: Office | null;
}

/** A state or a city page under /cities/{slug}. */
export type Place = ({ kind: 'state' } & State) | ({ kind: 'city' } & City);

export interface IndustryDetail {
  slug: string;
  name: string;
  summary: string;
  /** Paths of the services most used by the industry. */
  services: string[];
}

export interface PolicySection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface Policy {
  path: string;
  title: string;
  description: string;
  effectiveDate: string;
  sections: PolicySection[];
}

export interface CallToAction {
  text: string;
  href: string;
}

export interface HomeContent {
  slides: { heading: string; text: string; cta: CallToAction }[];
  overview: { heading: string; paragraphs: string[] };
  featuredServices: { title: string; text: string; href: string }[];
  sectorsHeading: string;
  careersTeaser: { heading: string; text: string };
}

/** A service a visitor can buy after the questionnaire (value of the flows' service list). */
export interface Service {
  name: string;
  /** The page describing the service. */
  path: string;
  /** Stripe Payment Link; null when an advisor sends the link by e-mail. */
  checkoutUrl: string | null;
}

/** One entry of the search index. */
export interface SearchDocument {
  id: string;
  url: string;
  title: string;
  kind: 'page' | 'insight' | 'city' | 'state' | 'media';
  /** Plain text (placeholders already substituted) the index and the snippets read. */
  text: string;
}
