import type { Industry } from '@/site/content/content-types';

/** The industries grid of the top bar: four columns, each industry linking to its section. */
export function IndustriesPanel({ industries }: { industries: Industry[] }) {
  return (
    <div className="topbar-panel">
      <ul className="industries-grid">
        {industries.map((industry) => (
          <li key={industry.slug}>
            <a href={`/industries#${industry.slug}`}>{industry.name}</a>
          </li>
        ))}
      </ul>
      <a className="topbar-panel__all" href="/industries">
        View all industries
      </a>
    </div>
  );
}
