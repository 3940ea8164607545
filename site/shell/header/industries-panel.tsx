import type { Industry } from '@/site/content/content-types';
import { SmartLink } from '@/site/shell/prefetch/smart-link';

/** The industries grid of the top bar: four columns, each industry linking to its section. */
export function IndustriesPanel({ industries }: { industries: Industry[] }) {
  return (
    <div className="topbar-panel">
      <ul className="industries-grid">
        {industries.map((industry) => (
          <li key={industry.slug}>
            <SmartLink href={`/industries#${industry.slug}`}>{industry.name}</SmartLink>
          </li>
        ))}
      </ul>
      <SmartLink className="topbar-panel__all" href="/industries">
        View all industries
      </SmartLink>
    </div>
  );
}
