/**
 * The site's own content types. Pages and components see only these; vendor shapes
 * (Strapi's `data/attributes` wrappers) are reshaped into them at the adapter boundary.
 */

/** One entry of the navigation tree; `url` is a site-relative path (always starts with /). */
export interface NavItem {
  name: string;
  url: string;
  children?: NavItem[];
}

/** How a mobile-sidebar entry finds its second level. */
export type MobileExpand = 'tree' | 'tree-leaves' | 'industries';

/** A top-level entry of the mobile sidebar; `expand` absent means a plain link. */
export interface MobileMenuEntry {
  name: string;
  url: string;
  expand?: MobileExpand;
}

export interface NavLink {
  name: string;
  url: string;
}

export interface Navigation {
  /** The desktop mega-menu, in display order. */
  megaMenu: NavItem[];
  /** The links of the top bar on wide screens. */
  topBar: NavLink[];
  /** The mobile sidebar's first level, in display order. */
  mobileMenu: MobileMenuEntry[];
}

export interface NavigationButton {
  text: string;
  url: string;
}

/** The two call-to-action buttons of the header (navigation-button settings). */
export interface NavigationButtons {
  primary: NavigationButton;
  secondary: NavigationButton;
}

export interface Industry {
  name: string;
  /** Anchor of the industry's section on /industries. */
  slug: string;
}

export interface OfficeGroup {
  name: string;
  url: string;
  cities: NavLink[];
}

export interface Language {
  name: string;
  /** BCP 47 language tag, e.g. `en-GB`. */
  code: string;
}

export interface LanguageGroup {
  name: string;
  languages: Language[];
}

export interface FooterGroup {
  title: string;
  /** The group's own page, when it has one. */
  url?: string;
  links: NavLink[];
}

export interface FooterContent {
  groups: FooterGroup[];
  tagline: string;
  copyrightYears: string;
}

/** The fixed links of the search panel (not real history). */
export interface SearchPanelLinks {
  popular: NavLink[];
  previous: NavLink[];
  recent: NavLink[];
}

export type SocialNetwork = 'linkedin' | 'twitter' | 'facebook' | 'youtube' | 'instagram';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}
