import type { MetadataRoute } from 'next';
import { siteConfig } from '@/site/config/site-config';
import type { NavItem } from '@/site/content/content-types';
import { contentRoutes } from '@/site/content/content-routes';
import { getContentSource } from '@/site/content/get-content-source';

/** The fixed pages of site-spec.md §2 that no menu lists. */
const FIXED_PAGES = [
  '/',
  '/book-consult',
  '/business-loan-application',
  '/careers',
  '/careers/contact-form',
  '/cities',
  '/founder',
  '/grant-service',
  '/industries',
  '/insights',
  '/media',
  '/media-mentions',
  '/offices',
  '/privacy-policy',
  '/refund-policy',
  '/reviews',
  '/sitemap',
  '/startup-form',
  '/subscribe',
  '/terms-and-conditions',
  '/financing/sba-financing',
  '/technology/software-google-ad',
];

const flatten = (items: readonly NavItem[]): string[] =>
  items.flatMap((item) => [item.url, ...flatten(item.children ?? [])]);

/** Every page the navigation, offices and footer link to, plus the fixed pages; unprefixed, deduplicated. */
export async function sitemapPaths(): Promise<string[]> {
  const source = getContentSource();
  const [navigation, offices, footer, content] = await Promise.all([
    source.navigation(),
    source.officeGroups(),
    source.footer(),
    contentRoutes(source),
  ]);
  const paths = [
    ...FIXED_PAGES,
    // Every page, policy, insight, media mention, state and city of the content; not /search:
    // crawlable, but an empty form with nothing to rank, and every query's page names it canonical.
    ...content.map((route) => route.path).filter((path) => path !== '/search'),
    ...flatten(navigation.megaMenu),
    ...navigation.topBar.map((link) => link.url),
    ...navigation.mobileMenu.map((entry) => entry.url),
    ...offices.flatMap((group) => [group.url, ...group.cities.map((city) => city.url)]),
    ...footer.groups.flatMap((group) => [
      ...(group.url ? [group.url] : []),
      ...group.links.map((link) => link.url),
    ]),
  ].map((path) => path.replace(/[?#].*$/, ''));
  return [...new Set(paths)];
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return (await sitemapPaths()).map((path) => ({
    url: `${siteConfig.url}${path === '/' ? '' : path}`,
    changeFrequency: 'weekly',
    priority: path === '/' ? 1 : path.split('/').length <= 2 ? 0.8 : 0.6,
  }));
}
