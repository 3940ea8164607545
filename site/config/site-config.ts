/**
 * The public, display-only facts about the firm, derived from the environment once.
 * Safe to pass to client components: it holds no secret.
 */
import { env } from '@/site/env';

export interface SiteConfig {
  url: string;
  brandName: string;
  brandSlug: string;
  phone: string;
  infoEmail: string;
  careersEmail: string;
}

export const siteConfig: SiteConfig = {
  url: env.SITE_URL,
  brandName: env.BRAND_NAME,
  brandSlug: env.BRAND_SLUG,
  phone: env.CONTACT_PHONE,
  infoEmail: env.INFO_EMAIL,
  careersEmail: env.CAREERS_EMAIL,
};

/** The marketing claims the spec allows; nothing beyond these is claimed anywhere. */
export const claims = {
  raised: 'more than $650M raised',
  industries: '150+ industries',
  speed: 'plans delivered in as fast as 3 days',
} as const;

/** The claims as the pages show them: the figure, then what it counts. */
export const claimFigures: readonly { figure: string; text: string }[] = [
  { figure: '$650M+', text: `${claims.raised} for our clients` },
  { figure: '150+', text: `${claims.industries} served` },
  { figure: '3 days', text: claims.speed },
];

/** `tel:` href for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')}`;
}
