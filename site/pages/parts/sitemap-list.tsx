import { contentRoutes, type ContentRoute } from '@/site/content/content-routes';
import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import { getContentSource } from '@/site/content/get-content-source';

const groups: { key: ContentRoute['group']; title: string }[] = [
  { key: 'page', title: 'Pages' },
  { key: 'insight', title: 'Insights' },
  { key: 'media', title: 'Media mentions' },
  { key: 'state', title: 'States' },
  { key: 'city', title: 'Cities' },
  { key: 'policy', title: 'Policies' },
];

/** Every route of the site, for people (the XML sitemap lists the same routes for crawlers). */
export async function SitemapList() {
  const routes = await contentRoutes(getContentSource());
  return (
    <div className="container sitemap">
      {groups.map(({ key, title }) => {
        const entries = routes
          .filter((route) => route.group === key)
          .sort((a, b) => a.path.localeCompare(b.path));
        return (
          <section key={key} aria-labelledby={`sitemap-${key}`}>
            <h2 id={`sitemap-${key}`}>{title}</h2>
            <ul className="sitemap__list">
              {entries.map((route) => (
                <li key={route.path}>
                  <a href={route.path}>{fill(route.title)}</a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
