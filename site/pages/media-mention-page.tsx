/** /media-mentions/{slug}: the outlet, date, headline, a summary and the link to the piece. */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getContentSource } from '@/site/content/get-content-source';
import { fillPlaceholders as fill } from '@/site/content/fill-placeholders';
import { inlinePlainText } from '@/site/content/inline-marks';
import { formatDate } from '@/site/format/format-date';
import { contentMetadata, shortTitle } from '@/site/seo/content-metadata';
import { Breadcrumbs } from './parts/breadcrumbs';
import { Paragraphs } from './parts/sections';
import { PageLink } from './parts/page-link';

type Params = { slug: string };

const findMention = async (slug: string) =>
  (await getContentSource().mediaMentions()).find((mention) => mention.slug === slug);

export async function generateMentionParams(): Promise<Params[]> {
  return (await getContentSource().mediaMentions()).map((mention) => ({ slug: mention.slug }));
}

export async function generateMentionMetadata({
  params,
}: {
  params: Promise<Params>;
}): Promise<Metadata> {
  const { slug } = await params;
  const mention = await findMention(slug);
  if (!mention) return {};
  return contentMetadata({
    path: `/media-mentions/${slug}`,
    social: 'media',
    title: mention.headline,
    description: shortTitle(
      `${mention.outlet}, ${formatDate(mention.date)}: ${inlinePlainText(fill(mention.summary))}`,
      160,
    ),
  });
}

export default async function MediaMentionPage({ params }: { params: Promise<Params> }) {
  const { slug } = await params;
  const mention = await findMention(slug);
  if (!mention) notFound();
  return (
    <main id="main" className="mention-page">
      <Breadcrumbs
        trail={[
          { name: 'Media mentions', path: '/media-mentions' },
          { name: mention.outlet, path: `/media-mentions/${slug}` },
        ]}
      />
      <article>
        <header className="banner">
          <div className="container">
            <p className="eyebrow">{mention.outlet}</p>
            <h1>{fill(mention.headline)}</h1>
            <p className="banner__meta">
              <time dateTime={mention.date}>{formatDate(mention.date)}</time>
            </p>
          </div>
        </header>
        <div className="container prose-column">
          <Paragraphs items={[mention.summary]} />
          <p>
            <a className="button" href={mention.url} target="_blank" rel="noopener noreferrer">
              Read the piece at {mention.outlet}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <p>
            <PageLink href="/media-mentions">All media mentions</PageLink>
          </p>
        </div>
      </article>
    </main>
  );
}
