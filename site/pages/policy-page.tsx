import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import type { Policy } from '@/site/content/page-types';
import { formatDate } from '@/site/format/format-date';
import { Breadcrumbs } from './parts/breadcrumbs';
import { Banner, Bullets, Paragraphs } from './parts/sections';

/** A policy (privacy, terms, refund, cookies): effective date, then its numbered sections. */
export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <main id="main" className="policy-page">
      <Breadcrumbs trail={[{ name: fill(policy.title), path: policy.path }]} />
      <Banner heading={policy.title} promise={`Effective ${formatDate(policy.effectiveDate)}`} />
      <div className="container prose-column">
        {policy.sections.map((section, index) => (
          <section key={index} aria-labelledby={`policy-${index}`}>
            <h2 id={`policy-${index}`}>{fill(section.heading)}</h2>
            <Paragraphs items={section.paragraphs} />
            {section.list?.length ? <Bullets items={section.list} /> : null}
          </section>
        ))}
      </div>
    </main>
  );
}
