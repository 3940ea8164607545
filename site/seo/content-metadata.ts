import type { Metadata } from 'next';
import { fillPlaceholders } from '@/site/content/fill-placeholders';
import { pageMetadata } from './page-metadata';
import type { SocialTemplateId } from './social-templates';

/** A title that fits the 60-character budget: cut at a word boundary with an ellipsis. */
export function shortTitle(text: string, max = 60): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,:;.-]+$/, '')}…`;
}

/** Metadata of a content route, with placeholders substituted and an optional article card. */
export function contentMetadata(input: {
  path: string;
  title: string;
  description: string;
  /** The template whose social image the page shows. */
  social: SocialTemplateId;
  article?: { publishedTime: string; author: string; section: string };
}): Metadata {
  const title = shortTitle(fillPlaceholders(input.title));
  const description = shortTitle(fillPlaceholders(input.description), 160);
  const metadata = pageMetadata({ path: input.path, title, description, social: input.social });
  if (!input.article) return metadata;
  return {
    ...metadata,
    openGraph: {
      ...metadata.openGraph,
      type: 'article',
      publishedTime: input.article.publishedTime,
      authors: [input.article.author],
      section: input.article.section,
    },
  };
}
