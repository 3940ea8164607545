import type { Metadata } from 'next';
import { siteConfig } from '@/site/config/site-config';
import { pageMetadata } from '@/site/seo/page-metadata';

export const metadata: Metadata = pageMetadata({
  path: '/careers',
  title: 'Careers',
  description: `Consulting, analytics and technology roles at ${siteConfig.brandName}: explore roles, meet us and prepare for your interview.`,
});

/** Placeholder body of /careers; the careers feature replaces it with the full page. */
export default function CareersPage() {
  return (
    <main id="main" className="container">
      <h1>Careers</h1>
      <p>
        Join a team that helps founders and companies raise capital and grow. Write to{' '}
        <a href={`mailto:${siteConfig.careersEmail}`}>{siteConfig.careersEmail}</a> to introduce
        yourself.
      </p>
    </main>
  );
}
