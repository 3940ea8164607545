import type {
  FooterContent,
  Industry,
  LanguageGroup,
  Navigation,
  NavigationButtons,
  OfficeGroup,
  SearchPanelLinks,
  SocialLink,
} from './content-types';
import type { PageContentSource } from './page-content-source';

/**
 * Where the site's content comes from. Two implementations: the embedded store
 * (`content/*.json`, the default) and Strapi (when configured), which falls back to the
 * embedded data for anything it cannot deliver. Every method resolves; a source never
 * rejects because a remote service failed.
 *
 * The readable content (pages, insights, places …) is declared in `PageContentSource`.
 */
export interface ContentSource extends PageContentSource {
  /** Which implementation answers, for diagnostics. */
  readonly kind: 'embedded' | 'strapi';
  /** The header's navigation: mega-menu, top bar and mobile sidebar. */
  navigation(): Promise<Navigation>;
  /** The header's two call-to-action buttons. */
  navigationButtons(): Promise<NavigationButtons>;
  /** The industries of the top bar's grid and of /industries. */
  industries(): Promise<Industry[]>;
  /** The offices, grouped by state. */
  officeGroups(): Promise<OfficeGroup[]>;
  /** The language list (only English content exists). */
  languages(): Promise<LanguageGroup[]>;
  /** The footer's link groups and texts. */
  footer(): Promise<FooterContent>;
  /** The search panel's fixed links. */
  searchPanel(): Promise<SearchPanelLinks>;
  /** The firm's social profiles (from configuration). */
  socialLinks(): Promise<SocialLink[]>;
}
