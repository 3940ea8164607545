import type { OfficeGroup } from '@/site/content/content-types';
import { SmartLink } from '@/site/shell/prefetch/smart-link';

/** The offices dropdown: each state with its page and its cities' pages. */
export function OfficesPanel({ groups }: { groups: OfficeGroup[] }) {
  return (
    <div className="topbar-panel">
      <ul className="offices-grid">
        {groups.map((group) => (
          <li key={group.url}>
            <SmartLink className="offices-grid__state" href={group.url}>
              {group.name}
            </SmartLink>
            <ul>
              {group.cities.map((city) => (
                <li key={city.url}>
                  <SmartLink href={city.url}>{city.name}</SmartLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <SmartLink className="topbar-panel__all" href="/offices">
        See all offices
      </SmartLink>
    </div>
  );
}
