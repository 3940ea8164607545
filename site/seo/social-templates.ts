/**
 * One 1200x630 social image per page template (content.md, Images), rendered at build time by
 * the `/social/{template}.png` route (social-image.tsx). Pages name their template's image in
 * OpenGraph and Twitter metadata through `pageMetadata`.
 */
import { claims, siteConfig } from '@/site/config/site-config';
import type { Page } from '@/site/content/page-types';

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

interface SocialTemplate {
  /** The small label above the headline: which part of the site the page belongs to. */
  label: string;
  headline: string;
  /** The stripe and shape colour that tells the templates apart at a glance in a feed. */
  accent: string;
}

export const socialTemplates = {
  home: {
    label: 'Business consulting and financing',
    headline: 'Capital, business plans and expert advice in one place',
    accent: '#e07a3f',
  },
  page: {
    label: siteConfig.brandName,
    headline: 'Consulting and financing for founders and growing companies',
    accent: '#8fb3e8',
  },
  division: {
    label: 'Our divisions',
    headline: 'Financing, consulting, technology and legal advisory',
    accent: '#5cc3a8',
  },
  service: {
    label: 'Services',
    headline: 'From the first plan to the funded company',
    accent: '#f2c14e',
  },
  city: {
    label: 'Cities and states',
    headline: 'Business plans and funding wherever you build',
    accent: '#7fd1e8',
  },
  insight: {
    label: 'Insights',
    headline: 'Guides on raising capital and running a company',
    accent: '#c59be8',
  },
  media: {
    label: 'Media mentions',
    headline: 'The firm and its clients in the press',
    accent: '#ef8f8f',
  },
  search: {
    label: 'Search',
    headline: 'Find services, guides and city pages',
    accent: '#a6d96a',
  },
} as const satisfies Record<string, SocialTemplate>;

export type SocialTemplateId = keyof typeof socialTemplates;

export const socialTemplateIds = Object.keys(socialTemplates) as SocialTemplateId[];

export const claimsLine = `${claims.raised} · ${claims.industries} · ${claims.speed}`.replace(
  /^./,
  (first) => first.toUpperCase(),
);

/** The image of a template as OpenGraph and Twitter metadata name it. */
export function socialImage(template: SocialTemplateId) {
  const { label, headline } = socialTemplates[template];
  const alt =
    label === siteConfig.brandName
      ? `${siteConfig.brandName}: ${headline}`
      : `${siteConfig.brandName} ${label.toLowerCase()}: ${headline}`;
  return {
    url: `/social/${template}.png`,
    ...SOCIAL_IMAGE_SIZE,
    alt,
    type: 'image/png',
  };
}

/** The social template of a content page (division and service pages, or a fixed page). */
export function socialTemplateOfPage(template: Page['template']): SocialTemplateId {
  return template === 'fixed' ? 'page' : template;
}
