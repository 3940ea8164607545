/** /insights/{slug}: an article with its date, author, key points, body and related insights. */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { siteConfig } from '@/site/config/site-config';
import { getContentSource } from '@/site/content/get-content-source';
import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import { formatDate } from '@/site/format/format-date';
import { contentMetadata } from '@/site/seo/content-metadata';
import { socialImage } from '@/site/seo/social-templates';
import { Breadcrumbs } from './parts/breadcrumbs';
import { JsonLd } from './parts/json-ld';
import { Bullets, CardGrid, Paragraphs, Section } from './parts/sections';

type Params = { slug: string };

async function findInsight(slug: string) {
  const insights = await getContentSource().insights();
  const insight = insights.find((entry) => entry.slug === slug);
  return insight ? { insight, insights } : undefined;
}

export async function generateInsightParams(): Promise<Params[]> {
  return (await getContentSource().insights()).map((insight) => ({ slug: insight.slug }));
}

export async function generateInsightMetadata({
  params,
}: {
  params: Promise<Params>;
}): Promise<Metadata> {
  const { slug } = await params;
  const found = await findInsight(slug);
  if (!found) return {};
  const { insight } = found;
  return contentMetadata({
    path: `/insights/${slug}`,
    social: 'insight',
    title: insight.title,
    description: insight.description,
    article: {
      publishedTime: insight.date,
      author: insight.author.name,
      section: insight.category,
    },
  });
}

export default async function InsightPage({ params }: { params: Promise<Params> }) {
  const { slug } = await params;
  const found = await findInsight(slug);
  if (!found) notFound();
  const { insight, insights } = found;
  const related = insight.related
    .map((relatedSlug) => insights.find((entry) => entry.slug === relatedSlug))
    .filter((entry) => entry !== undefined);
  const path = `/insights/${slug}`;
  return (
    <main id="main" className="insight-page">
      <Breadcrumbs
        trail={[
          { name: 'Insights', path: '/insights' },
          { name: fill(insight.title), path },
        ]}
      />
      <article>
        <header className="banner">
          <div className="container">
            <p className="eyebrow">{insight.category}</p>
            <h1>{fill(insight.title)}</h1>
            <p className="banner__meta">
              <time dateTime={insight.date}>{formatDate(insight.date)}</time> · By{' '}
              {insight.author.name}, {insight.author.role}
            </p>
          </div>
        </header>
        <div className="container prose-column">
          <section aria-labelledby="key-points" className="key-points">
            <h2 id="key-points">Key points</h2>
            <Bullets items={insight.keyPoints} />
          </section>
          {insight.body.map((section, index) => (
            <section key={index} aria-labelledby={`part-${index}`}>
              <h2 id={`part-${index}`}>{fill(section.heading)}</h2>
              <Paragraphs items={section.paragraphs} />
            </section>
          ))}
        </div>
      </article>
      {related.length ? (
        <Section id="related-insights" title="Related insights" tone="mist">
          <CardGrid
            cards={related.map((entry) => ({
              title: entry.title,
              href: `/insights/${entry.slug}`,
              text: entry.description,
              meta: formatDate(entry.date),
            }))}
          />
        </Section>
      ) : null}
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: fill(insight.title),
          description: fill(insight.description),
          datePublished: insight.date,
          author: { '@type': 'Person', name: insight.author.name, jobTitle: insight.author.role },
          publisher: { '@type': 'Organization', name: siteConfig.brandName, url: siteConfig.url },
          image: `${siteConfig.url}${socialImage('insight').url}`,
          mainEntityOfPage: `${siteConfig.url}${path}`,
        }}
      />
    </main>
  );
}
