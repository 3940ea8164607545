import { getContentSource } from '@/site/content/get-content-source';
import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import type { Page } from '@/site/content/page-types';
import { loadSiteFlow } from '@/site/flows/load-site-flow';
import { ContentAside } from './parts/advisor-card';
import { Breadcrumbs } from './parts/breadcrumbs';
import { divisionChildren } from './parts/division-children';
import { Icon, pathIcon } from './parts/icon';
import { FlowSlot } from './parts/flow-slot';
import { linkTitles, segmentName, trailFor } from './parts/link-titles';
import { PageExtras } from './parts/page-extras';
import { pageForms } from './parts/page-forms';
import { ReviewsList } from './parts/reviews-list';
import {
  Banner,
  Bullets,
  CardGrid,
  FaqList,
  Paragraphs,
  Section,
  Steps,
  TermsTable,
} from './parts/sections';

/** The page's related pages, in the right column under the advisor card. */
async function RelatedLinks({ title, paths }: { title: string; paths: string[] }) {
  const titles = await linkTitles();
  return (
    <nav className="aside-links" aria-labelledby="related">
      <h2 id="related" className="eyebrow eyebrow--muted">
        {title}
      </h2>
      <ul>
        {paths.map((path) => (
          <li key={path}>
            <Icon name={pathIcon(path)} />
            <a href={path}>
              {titles.get(path.split('#')[0] ?? path) ?? segmentName(path.split('/').pop() ?? path)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

async function DivisionServices({ page }: { page: Page }) {
  const children = await divisionChildren(page.path);
  if (children.length === 0) return null;
  return (
    <Section id="services" title="Our services" tone="mist">
      <CardGrid
        cards={children.map((child) => ({
          title: child.title,
          href: child.path,
          text: child.promise ?? child.description,
          icon: pathIcon(child.path),
        }))}
      />
    </Section>
  );
}

async function Testimonials({ path }: { path: string }) {
  const reviews = await getContentSource().reviews();
  const own = reviews.filter((review) => review.servicePath.startsWith(`${path}/`));
  const shown = (own.length >= 2 ? own : reviews).slice(0, 3);
  return (
    <Section id="testimonials" title="What clients say">
      <ReviewsList reviews={shown} />
    </Section>
  );
}

/**
 * One page of the navigation tree, the footer or the fixed pages, in the section order of
 * content.md for its template (division, service or fixed), beside the advisor card (the right
 * column on a wide screen, after the page on a phone).
 */
export async function ContentPage({ page }: { page: Page }) {
  const title = fill(page.title);
  const trail = await trailFor(page.path, title);
  const isService = page.template === 'service';
  // Each flow says where it goes (its `pagePosition`) and whom it is for (its `audience`).
  const forms = pageForms(page, await Promise.all(page.forms.map((id) => loadSiteFlow(id))));
  return (
    <main id="main" className={`content-page content-page--${page.template}`}>
      <Breadcrumbs trail={trail} />
      <Banner heading={page.heading} promise={page.promise} />
      {forms.banner.map((flow) => (
        <FlowSlot key={flow} flow={flow} />
      ))}
      <div className="content-layout container">
        <div className="content-layout__main">
          <Section id="overview" title={isService ? `${title} at a glance` : `About ${title}`}>
            <Paragraphs items={page.overview} />
          </Section>
          {page.template === 'division' ? <DivisionServices page={page} /> : null}
          {page.audience?.length ? (
            <Section id="audience" title="Who it is for">
              <Bullets items={page.audience} />
            </Section>
          ) : null}
          {page.deliverables?.length ? (
            <Section id="deliverables" title="What you receive" tone="mist">
              <Bullets items={page.deliverables} icon="check" />
            </Section>
          ) : null}
          {page.process?.length ? (
            <Section id="process" title={isService ? 'How it works' : 'How an engagement runs'}>
              <Steps steps={page.process} />
            </Section>
          ) : null}
          {forms.inline.map((flow) => (
            <FlowSlot key={flow} flow={flow} />
          ))}
          {page.timeline || page.clientProvides?.length ? (
            <Section id="timeline" title="Timeline and what we need from you" tone="mist">
              {page.timeline ? <p>{fill(page.timeline)}</p> : null}
              {page.clientProvides?.length ? <Bullets items={page.clientProvides} /> : null}
            </Section>
          ) : null}
          {page.eligibility?.length ? (
            <Section id="eligibility" title="Eligibility">
              <Bullets items={page.eligibility} />
            </Section>
          ) : null}
          {page.terms?.length ? (
            <Section id="terms" title="Typical terms">
              <TermsTable terms={page.terms} />
              <p className="note">
                Ranges seen in recent transactions, not an offer: the lender or investor sets final
                terms.
              </p>
            </Section>
          ) : null}
          {page.legalNote ? (
            <aside className="container note legal-note" aria-label="Legal notice">
              This page is general information, not legal advice. Talk to a licensed attorney about
              your situation before acting on it.
            </aside>
          ) : null}
          <PageExtras path={page.path} />
          {page.template === 'division' ? <Testimonials path={page.path} /> : null}
          {page.faq?.length ? (
            <Section id="faq" title="Frequently asked questions" tone="mist">
              <FaqList items={page.faq} />
            </Section>
          ) : null}
          {forms.closing.map((flow) => (
            <FlowSlot key={flow} flow={flow} />
          ))}
        </div>
        <ContentAside audience={forms.aside}>
          {page.related?.length ? (
            <RelatedLinks
              title={isService ? 'Related services' : 'Related pages'}
              paths={page.related}
            />
          ) : null}
        </ContentAside>
      </div>
    </main>
  );
}
