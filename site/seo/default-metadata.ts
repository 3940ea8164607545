import type { Metadata, Viewport } from 'next';
import { siteConfig } from '@/site/config/site-config';

export const ogImage = { url: '/og.png', width: 1200, height: 630, alt: siteConfig.brandName };

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
    images: [ogImage],
  },
  twitter: { card: 'summary_large_image', images: [ogImage.url] },
  icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }] },
};

export const defaultViewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b2545',
};
