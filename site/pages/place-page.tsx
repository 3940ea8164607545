/**
 * /cities/{slug}: a state (its cities listed) or a city (nearby cities; its office card where
 * the firm has one, in the right column under the advisor card), with the contact-banner form
 * first and the ready-to-talk form last.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getContentSource } from '@/site/content/get-content-source';
import type { City, Place } from '@/site/content/page-types';
import { contentMetadata } from '@/site/seo/content-metadata';
import { Breadcrumbs } from './parts/breadcrumbs';
import { FlowSlot } from './parts/flow-slot';
import { ContentAside } from './parts/advisor-card';
import { Icon } from './parts/icon';
import { Banner, Bullets, FeaturedServices, Paragraphs, Section } from './parts/sections';

type Params = { slug: string };

async function findPlace(slug: string): Promise<
  | {
      place: Place;
      states: Map<string, string>;
      codes: Map<string, string>;
      cities: Map<string, City>;
    }
  | undefined
> {
  const source = getContentSource();
  const [states, cities] = await Promise.all([source.states(), source.cities()]);
  const stateNames = new Map(states.map((state) => [state.slug, state.name]));
  const stateCodes = new Map(states.map((state) => [state.slug, state.code]));
  const cityMap = new Map(cities.map((city) => [city.slug, city]));
  const state = states.find((entry) => entry.slug === slug);
  if (state)
    return {
      place: { kind: 'state', ...state },
      states: stateNames,
      codes: stateCodes,
      cities: cityMap,
    };
  const city = cityMap.get(slug);
  return city
    ? { place: { kind: 'city', ...city }, states: stateNames, codes: stateCodes, cities: cityMap }
    : undefined;
}

const placeTitle = (place: Place, stateName?: string) =>
  place.kind === 'state'
    ? `Business Consulting and Financing in ${place.name}`
    : `Business Consulting and Financing in ${place.name}${stateName ? `, ${stateName}` : ''}`;

export async function generatePlaceParams(): Promise<Params[]> {
  const source = getContentSource();
  const [states, cities] = await Promise.all([source.states(), source.cities()]);
  return [...states, ...cities].map((place) => ({ slug: place.slug }));
}

export async function generatePlaceMetadata({
  params,
}: {
  params: Promise<Params>;
}): Promise<Metadata> {
  const { slug } = await params;
  const found = await findPlace(slug);
  if (!found) return {};
  const { place } = found;
  const stateName = place.kind === 'city' ? found.states.get(place.state) : undefined;
  return contentMetadata({
    path: `/cities/${slug}`,
    social: 'city',
    // Short enough for the 60-character title budget: "Consulting and Financing in Tampa Bay, FL".
    title:
      place.kind === 'city'
        ? `Consulting and Financing in ${place.name}, ${found.codes.get(place.state) ?? ''}`
        : `Consulting and Financing in ${place.name}`,
    description: `Business plans, SBA and private financing, and consulting for companies in ${place.name}${stateName ? `, ${stateName}` : ''}: ${place.industries.slice(0, 2).join(', ').toLowerCase()} and more.`,
  });
}

export default async function PlacePage({ params }: { params: Promise<Params> }) {
  const { slug } = await params;
  const found = await findPlace(slug);
  if (!found) notFound();
  const { place, states, cities } = found;
  const [home] = await Promise.all([getContentSource().home()]);
  const stateName = place.kind === 'city' ? states.get(place.state) : undefined;
  const trail =
    place.kind === 'city' && stateName
      ? [
          { name: 'Cities', path: '/cities' },
          { name: stateName, path: `/cities/${place.state}` },
          { name: place.name, path: `/cities/${slug}` },
        ]
      : [
          { name: 'Cities', path: '/cities' },
          { name: place.name, path: `/cities/${slug}` },
        ];
  const linked = (slugs: string[]) =>
    slugs
      .map((citySlug) => cities.get(citySlug))
      .filter((city): city is City => city !== undefined);
  return (
    <main id="main" className="place-page">
      <Breadcrumbs trail={trail} />
      <Banner
        eyebrow={place.kind === 'city' ? stateName : 'State'}
        heading={placeTitle(place, stateName)}
        promise={`Financing, business plans and consulting for ${place.name} companies, from a team that knows the local economy.`}
      />
      <FlowSlot flow="contactBanner" />
      <div className="content-layout container">
        <div className="content-layout__main">
          <Section id="intro" title={`Serving businesses in ${place.name}`}>
            <Paragraphs items={place.intro} />
            {place.industries.length ? (
              <>
                <h3>Local industries we work with</h3>
                <Bullets items={place.industries} icon="check" />
              </>
            ) : null}
          </Section>
          {place.kind === 'state' && place.cities.length ? (
            <Section id="cities" title={`Cities we serve in ${place.name}`} tone="mist">
              <ul className="inline-links">
                {linked(place.cities).map((city) => (
                  <li key={city.slug}>
                    <a href={`/cities/${city.slug}`}>{city.name}</a>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {place.kind === 'city' && place.nearby.length ? (
            <Section id="nearby" title="Nearby cities" tone="mist">
              <ul className="inline-links">
                {linked(place.nearby).map((city) => (
                  <li key={city.slug}>
                    <a href={`/cities/${city.slug}`}>{city.name}</a>
                  </li>
                ))}
                {stateName ? (
                  <li>
                    <a href={`/cities/${place.state}`}>All of {stateName}</a>
                  </li>
                ) : null}
              </ul>
            </Section>
          ) : null}
          <FeaturedServices services={home.featuredServices} />
          <FlowSlot flow="readyToTalk" />
        </div>
        <ContentAside>
          {place.kind === 'city' && place.office ? (
            <section className="aside-card office-card" aria-labelledby="office">
              <h2 id="office" className="eyebrow eyebrow--muted">
                Visit our office
              </h2>
              <h3>{place.office.name}</h3>
              <p className="office-card__address">
                <Icon name="pin" />
                <span>{place.office.address}</span>
              </p>
            </section>
          ) : null}
        </ContentAside>
      </div>
    </main>
  );
}
