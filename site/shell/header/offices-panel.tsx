import type { OfficeGroup } from '@/site/content/content-types';

/** The offices dropdown: each state with its page and its cities' pages. */
export function OfficesPanel({ groups }: { groups: OfficeGroup[] }) {
  return (
    <div className="topbar-panel">
      <ul className="offices-grid">
        {groups.map((group) => (
          <li key={group.url}>
            <a className="offices-grid__state" href={group.url}>
              {group.name}
            </a>
            <ul>
              {group.cities.map((city) => (
                <li key={city.url}>
                  <a href={city.url}>{city.name}</a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <a className="topbar-panel__all" href="/offices">
        See all offices
      </a>
    </div>
  );
}
