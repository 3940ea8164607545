import type { MetadataRoute } from 'next';
import { siteConfig } from '@/site/config/site-config';

/**
 * Crawlers may read every page, /search included: a disallowed page can still be indexed from
 * links (without its content) and fails the crawlability check. Search result pages do not
 * multiply in the index because every `/search?search=…` names `/search` as its canonical URL.
 * Only the API, the account area and the sign-in form stay out.
 */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/account/', '/login'] }],
    sitemap: `${siteConfig.url}/sitemap.xml`,
    host: siteConfig.url,
  };
}
