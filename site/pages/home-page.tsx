/**
 * The home page, in the order of content.md: hero (the client questionnaire as a card in it,
 * then the slider and the trust signals) → overview with the three claims → featured services →
 * testimonials → ready-to-talk → featured in → sectors → latest insights → e-book → careers
 * teaser with the join-event form.
 */
import { siteConfig } from '@/site/config/site-config';
import { getContentSource } from '@/site/content/get-content-source';
import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import { formatDate } from '@/site/format/format-date';
import { pageMetadata } from '@/site/seo/page-metadata';
import { FlowSlot } from './parts/flow-slot';
import { PageLink } from './parts/page-link';
import { HeroSlider } from './parts/hero-slider';
import { ClaimFigures, TrustSignals } from './parts/trust-signals';
import { JsonLd } from './parts/json-ld';
import { ReviewsList } from './parts/reviews-list';
import { CardGrid, FeaturedServices, Paragraphs, Section } from './parts/sections';

export const metadata = pageMetadata({ path: '/', social: 'home' });

export default async function HomePage() {
  const source = getContentSource();
  const [home, reviews, mentions, industries, insights, socialLinks] = await Promise.all([
    source.home(),
    source.reviews(),
    source.mediaMentions(),
    source.industryDetails(),
    source.insights(),
    source.socialLinks(),
  ]);
  return (
    <main id="main" className="home-page">
      {/* The questionnaire is the page's main act: a card beside the hero's copy on a wide screen,
          right under the firm's name on a phone, its first question on screen without scrolling. */}
      <header className="home-hero">
        <div className="container home-hero__grid">
          <h1 className="home-hero__title">
            {siteConfig.brandName}
            <span className="home-hero__tagline">
              Business consulting, business plans and financing in one place
            </span>
          </h1>
          <FlowSlot flow="client" card />
          <div className="home-hero__more">
            <HeroSlider
              slides={home.slides.map((slide) => ({
                heading: fill(slide.heading),
                text: fill(slide.text),
                cta: slide.cta,
              }))}
            />
            <TrustSignals
              reviews={reviews.map((review) => review.rating)}
              outlets={mentions.slice(0, 3).map((mention) => mention.outlet)}
            />
          </div>
        </div>
      </header>
      <Section id="overview" title={fill(home.overview.heading)}>
        <Paragraphs items={home.overview.paragraphs} />
        <ClaimFigures className="claims__list" label="At a glance" />
      </Section>
      <FeaturedServices services={home.featuredServices} tone="mist" />
      <Section id="testimonials" title="What clients say">
        <ReviewsList reviews={reviews.slice(0, 3)} />
        <p>
          <PageLink href="/reviews">Read all client reviews</PageLink>
        </p>
      </Section>
      <FlowSlot flow="readyToTalk" />
      <Section id="featured-in" title="Featured in" tone="mist">
        <ul className="press-list">
          {mentions.map((mention) => (
            <li key={mention.slug}>
              <a href={`/media-mentions/${mention.slug}`}>{mention.outlet}</a>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="sectors" title={home.sectorsHeading}>
        <ul className="chips">
          {industries.map((industry) => (
            <li key={industry.slug}>
              <a href={`/industries#${industry.slug}`}>{industry.name}</a>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="latest-insights" title="Latest insights" tone="mist">
        <CardGrid
          cards={insights.slice(0, 3).map((insight) => ({
            title: insight.title,
            href: `/insights/${insight.slug}`,
            text: insight.description,
            meta: formatDate(insight.date),
          }))}
        />
        <p>
          <PageLink href="/insights">All insights</PageLink>
        </p>
      </Section>
      <FlowSlot flow="ebook" />
      <Section id="careers-teaser" title={fill(home.careersTeaser.heading)}>
        <p>{fill(home.careersTeaser.text)}</p>
        <p>
          <PageLink className="button" href="/careers">
            Explore careers
          </PageLink>
        </p>
      </Section>
      <FlowSlot flow="joinEvent" />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: siteConfig.brandName,
          url: siteConfig.url,
          logo: `${siteConfig.url}/icon.svg`,
          telephone: siteConfig.phone,
          email: siteConfig.infoEmail,
          sameAs: socialLinks.map((link) => link.url),
        }}
      />
    </main>
  );
}
