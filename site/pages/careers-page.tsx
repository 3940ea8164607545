import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getContentSource } from '@/site/content/get-content-source';
import { contentMetadata } from '@/site/seo/content-metadata';
import { socialTemplateOfPage } from '@/site/seo/social-templates';
import { ContentPage } from './content-page';

const PATH = '/careers';

export async function generateMetadata(): Promise<Metadata> {
  const page = await getContentSource().page(PATH);
  return page
    ? contentMetadata({
        path: PATH,
        title: page.title,
        description: page.description,
        social: socialTemplateOfPage(page.template),
      })
    : {};
}

/** /careers: the careers division page from the content (with the careers and join-event forms). */
export default async function CareersPage() {
  const page = await getContentSource().page(PATH);
  if (!page) notFound();
  return <ContentPage page={page} />;
}
