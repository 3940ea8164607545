import type { Metadata, Viewport } from 'next';
import { siteConfig } from '@/site/config/site-config';
import { socialImage } from './social-templates';

/** Pages that name no template of their own (sign-in, account) share the fixed pages' image. */
const defaultImage = socialImage('page');

export const defaultDescription =
  `${siteConfig.brandName} helps founders and companies raise capital, write investor-ready ` +
  'business plans and run consulting, technology and legal projects: more than $650M raised across 150+ industries.';

export const defaultMetadata: Metadata = {
  metadataBase: new URL(siteConfig.url),
  title: {
    default: `${siteConfig.brandName} | Business Consulting and Financing`,
    template: `%s | ${siteConfig.brandName}`,
  },
  description: defaultDescription,
  applicationName: siteConfig.brandName,
  openGraph: {
    type: 'website',
    siteName: siteConfig.brandName,
    locale: 'en_US',
    images: [defaultImage],
  },
  twitter: { card: 'summary_large_image', images: [defaultImage] },
  icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }] },
};

export const defaultViewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b2545',
};
