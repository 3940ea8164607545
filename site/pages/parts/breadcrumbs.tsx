import { siteConfig } from '@/site/config/site-config';
import { JsonLd } from './json-ld';

export interface Crumb {
  name: string;
  path: string;
}

/** The trail from home to the current page, visible and as a BreadcrumbList. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const items = [{ name: 'Home', path: '/' }, ...trail];
  return (
    <nav className="breadcrumbs container" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={item.path}>
            {index === items.length - 1 ? (
              <span aria-current="page">{item.name}</span>
            ) : (
              <a href={item.path}>{item.name}</a>
            )}
          </li>
        ))}
      </ol>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: items.map((item, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: item.name,
            item: `${siteConfig.url}${item.path === '/' ? '' : item.path}`,
          })),
        }}
      />
    </nav>
  );
}
