/**
 * The site paths a Strapi entry appears on, so a webhook revalidates exactly those pages:
 * the entry's own page, the lists that show it (its parents, /insights, the home page …), the
 * pages that link to it by title, the HTML and XML sitemaps and the search page. Navigation
 * entries are in the header of every page: they ask for the whole layout, and the header's
 * menu panels (/api/header-menus). A model the site does not know also asks for everything,
 * since it may be a relation (a category, an author) shown inside the entries that use it.
 */
import type { PageContentSource } from '@/site/content/page-content-source';

export interface Affected {
  paths: string[];
  /** Every page: the header changed, or what changed cannot be traced to pages. */
  everything: boolean;
}

const NAVIGATION_MODELS = new Set([
  'navigation-bar',
  'desktop-navigation-main',
  'navigation',
  'industry',
]);

const LISTINGS = ['/sitemap', '/sitemap.xml', '/search'];

const stringField = (entry: Record<string, unknown>, key: string) =>
  typeof entry[key] === 'string' ? entry[key] : undefined;

/** `/a/b/c` → `/a/b`, `/a`: the division pages that list their services. */
function ancestors(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  return segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join('/')}`);
}

async function linkingPages(content: PageContentSource, path: string): Promise<string[]> {
  const pages = await content.pages();
  return pages
    .filter((page) => page.related?.includes(path) || page.path.startsWith(`${path}/`))
    .map((page) => page.path);
}

export async function pathsOfEntry(
  model: string,
  entry: Record<string, unknown>,
  content: PageContentSource,
): Promise<Affected> {
  if (NAVIGATION_MODELS.has(model)) return { paths: ['/api/header-menus'], everything: true };
  const paths = new Set<string>(LISTINGS);
  const add = (...more: string[]) => more.forEach((path) => paths.add(path));
  switch (model) {
    case 'page': {
      const path = stringField(entry, 'path');
      if (!path) return { paths: [], everything: true };
      // Descendants show the page's title in their breadcrumbs; related pages in their links.
      add(path, ...ancestors(path), ...(await linkingPages(content, path)));
      break;
    }
    case 'insight': {
      const slug = stringField(entry, 'slug');
      if (!slug) return { paths: [], everything: true };
      const path = `/insights/${slug}`;
      const insights = await content.insights();
      const relatedInsights = insights
        .filter((insight) => insight.related.includes(slug))
        .map((insight) => `/insights/${insight.slug}`);
      add(path, '/insights', '/', ...relatedInsights, ...(await linkingPages(content, path)));
      break;
    }
    case 'media-mention': {
      const slug = stringField(entry, 'slug');
      if (!slug) return { paths: [], everything: true };
      add(`/media-mentions/${slug}`, '/media-mentions', '/');
      break;
    }
    case 'review': {
      // Division pages show their services' reviews, or the first reviews when they have few.
      const divisions = (await content.pages()).filter((page) => page.template === 'division');
      add('/reviews', '/', ...divisions.map((page) => page.path));
      break;
    }
    default:
      return { paths: [], everything: true };
  }
  return { paths: [...paths], everything: false };
}
