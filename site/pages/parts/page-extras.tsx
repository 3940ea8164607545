import { siteConfig, telHref } from '@/site/config/site-config';
import { getContentSource } from '@/site/content/get-content-source';
import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import type { Person } from '@/site/content/page-types';
import { formatDate } from '@/site/format/format-date';
import { linkTitles, segmentName } from './link-titles';
import { ReviewsList } from './reviews-list';
import { CardGrid, Paragraphs, Section } from './sections';
import { SitemapList } from './sitemap-list';

async function IndustriesGrid() {
  const [industries, titles] = await Promise.all([
    getContentSource().industryDetails(),
    linkTitles(),
  ]);
  return (
    <Section id="industries-grid" title="Industries we serve" tone="mist">
      <nav aria-label="Industries on this page">
        <ul className="chips">
          {industries.map((industry) => (
            <li key={industry.slug}>
              <a href={`#${industry.slug}`}>{industry.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="industries">
        {industries.map((industry) => (
          <section
            key={industry.slug}
            id={industry.slug}
            className="industry"
            aria-labelledby={`${industry.slug}-title`}
          >
            <h3 id={`${industry.slug}-title`}>{industry.name}</h3>
            <p>{fill(industry.summary)}</p>
            <ul className="related">
              {industry.services.map((path) => (
                <li key={path}>
                  <a href={path}>{titles.get(path) ?? segmentName(path.split('/').pop() ?? '')}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Section>
  );
}

async function OfficesList() {
  const source = getContentSource();
  const [offices, groups] = await Promise.all([source.offices(), source.officeGroups()]);
  return (
    <>
      <Section id="head-offices" title="Our offices" tone="mist">
        <ul className="cards">
          {offices.map((city) => (
            <li key={city.slug} className="card office-card">
              <h3>
                <a href={`/cities/${city.slug}`}>{city.office?.name ?? city.name}</a>
              </h3>
              <p>{city.office?.address}</p>
              <p>
                <a href={telHref(siteConfig.phone)}>{siteConfig.phone}</a>
                <br />
                <a href={`mailto:${siteConfig.infoEmail}`}>{siteConfig.infoEmail}</a>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="where-we-work" title="Where we work">
        <ul className="cards">
          {groups.map((group) => (
            <li key={group.url} className="card">
              <h3>
                <a href={group.url}>{group.name}</a>
              </h3>
              <ul className="inline-links">
                {group.cities.map((city) => (
                  <li key={city.url}>
                    <a href={city.url}>{city.name}</a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

async function PlacesIndex() {
  const source = getContentSource();
  const [states, cities] = await Promise.all([source.states(), source.cities()]);
  const names = new Map(cities.map((city) => [city.slug, city.name]));
  return (
    <Section id="states" title="States and cities" tone="mist">
      <ul className="places">
        {states.map((state) => (
          <li key={state.slug}>
            <a href={`/cities/${state.slug}`}>
              <strong>{state.name}</strong>
            </a>
            {state.cities.length ? (
              <ul className="inline-links">
                {state.cities.map((slug) => (
                  <li key={slug}>
                    <a href={`/cities/${slug}`}>{names.get(slug) ?? segmentName(slug)}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const categorySlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

async function InsightsListing() {
  const insights = await getContentSource().insights();
  const categories = [...new Set(insights.map((insight) => insight.category))].sort();
  return (
    <Section id="all-insights" title="Insights by category" tone="mist">
      <nav aria-label="Insight categories">
        <ul className="chips">
          {categories.map((category) => (
            <li key={category}>
              <a href={`#category-${categorySlug(category)}`}>{category}</a>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map((category) => (
        <section
          key={category}
          id={`category-${categorySlug(category)}`}
          aria-labelledby={`category-${categorySlug(category)}-title`}
        >
          <h3 id={`category-${categorySlug(category)}-title`} className="category-title">
            {category}
          </h3>
          <CardGrid
            cards={insights
              .filter((insight) => insight.category === category)
              .map((insight) => ({
                title: insight.title,
                href: `/insights/${insight.slug}`,
                text: insight.description,
                meta: formatDate(insight.date),
              }))}
          />
        </section>
      ))}
    </Section>
  );
}

async function MediaListing() {
  const mentions = await getContentSource().mediaMentions();
  return (
    <Section id="mentions" title="Media mentions" tone="mist">
      <CardGrid
        cards={mentions.map((mention) => ({
          title: mention.headline,
          href: `/media-mentions/${mention.slug}`,
          text: mention.summary,
          meta: `${mention.outlet} · ${formatDate(mention.date)}`,
        }))}
      />
    </Section>
  );
}

async function AllReviews() {
  const reviews = await getContentSource().reviews();
  return (
    <Section id="client-reviews" title="Client reviews" tone="mist">
      <ReviewsList reviews={reviews} />
    </Section>
  );
}

function PeopleList({ people }: { people: Person[] }) {
  return (
    <>
      <p className="note">The people below are illustrative profiles of the roles on our team.</p>
      <ul className="people">
        {people.map((person) => (
          <li key={person.slug} className="person" id={person.slug}>
            <h3>{person.name}</h3>
            <p className="person__role">{person.role}</p>
            <Paragraphs items={person.bio} />
          </li>
        ))}
      </ul>
    </>
  );
}

async function People({ group, title }: { group: Person['group']; title: string }) {
  const people = (await getContentSource().people()).filter((person) => person.group === group);
  return (
    <Section id="people" title={title} tone="mist">
      <PeopleList people={people} />
    </Section>
  );
}

/** The sections some fixed pages add to their copy (grids, listings, people …), by path. */
export function PageExtras({ path }: { path: string }) {
  switch (path) {
    case '/industries':
      return <IndustriesGrid />;
    case '/offices':
      return <OfficesList />;
    case '/cities':
      return <PlacesIndex />;
    case '/insights':
      return <InsightsListing />;
    case '/media':
    case '/media-mentions':
      return <MediaListing />;
    case '/reviews':
      return <AllReviews />;
    case '/founder':
    case '/about-us/founders-bio':
      return <People group="founder" title="Our founder" />;
    case '/about-us/our-leadership':
      return <People group="leadership" title="Our leadership" />;
    case '/about-us/our-team':
      return <People group="team" title="Our team" />;
    case '/sitemap':
      return <SitemapList />;
    default:
      return null;
  }
}
