import type {
  City,
  HomeContent,
  IndustryDetail,
  Insight,
  MediaMention,
  Page,
  Person,
  Policy,
  Review,
  SearchDocument,
  Service,
  State,
} from './page-types';

/**
 * The readable content of the site: the part of `ContentSource` the page templates use.
 * Like the rest of the source, every method resolves; a remote failure is answered from the
 * embedded store.
 */
export interface PageContentSource {
  /** Every page of the navigation tree, the footer and the fixed pages. */
  pages(): Promise<Page[]>;
  /** One page by its path (`/consulting/strategy`), or undefined. */
  page(path: string): Promise<Page | undefined>;
  home(): Promise<HomeContent>;
  /** Newest first. */
  insights(): Promise<Insight[]>;
  /** Newest first. */
  mediaMentions(): Promise<MediaMention[]>;
  states(): Promise<State[]>;
  cities(): Promise<City[]>;
  /** The cities where the firm has an office, in the order of the content. */
  offices(): Promise<City[]>;
  /** The industries with what the firm does for each (the /industries grid). */
  industryDetails(): Promise<IndustryDetail[]>;
  reviews(): Promise<Review[]>;
  people(): Promise<Person[]>;
  policies(): Promise<Policy[]>;
  /** The services of the questionnaires, with their checkout links. */
  services(): Promise<Service[]>;
  /** What the site search indexes: pages, policies, insights, states, cities, media mentions. */
  searchDocuments(): Promise<SearchDocument[]>;
}
