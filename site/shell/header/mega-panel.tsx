import type { NavItem } from '@/site/content/content-types';

function NavList({ items, nested = false }: { items: NavItem[]; nested?: boolean }) {
  return (
    <ul className={nested ? 'mega-list mega-list--nested' : 'mega-list'}>
      {items.map((item) => (
        <li key={item.url + item.name}>
          <a href={item.url}>{item.name}</a>
          {item.children ? <NavList items={item.children} nested /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The panel of one mega-menu section: the section's own page, its plain children in a first
 * column, then one column per child that has children of its own.
 */
export function MegaPanel({ item }: { item: NavItem }) {
  const children = item.children ?? [];
  const leaves = children.filter((child) => !child.children);
  const groups = children.filter((child) => child.children);
  return (
    <div className="mega-panel">
      <div className="container">
        <a className="mega-panel__overview" href={item.url}>
          {item.name} overview
        </a>
        <div className="mega-panel__columns">
          {leaves.length ? (
            <div className="mega-col">
              <NavList items={leaves} />
            </div>
          ) : null}
          {groups.map((group) => (
            <div className="mega-col" key={group.url + group.name}>
              <a className="mega-col__title" href={group.url}>
                {group.name}
              </a>
              <NavList items={group.children ?? []} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
