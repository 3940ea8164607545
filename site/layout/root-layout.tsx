import type { ReactNode } from 'react';
import '@/site/styles/site.css';
import { defaultMetadata, defaultViewport } from '@/site/seo/default-metadata';
import { firstTouchScript } from '@/site/flows/first-touch';
import { siteFont } from './site-font';

export const metadata = defaultMetadata;
export const viewport = defaultViewport;

/**
 * The one root layout: the document, the font, the site's styles and tokens and the first-touch
 * script, for every page. The frames go one level down: the public shell in app/(site)/layout.tsx,
 * the back office's in its pages (site/admin/admin-frame.tsx).
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={siteFont.variable}>
      <body>
        {/* First, so the landing URL is kept before any navigation can change it. */}
        <script dangerouslySetInnerHTML={{ __html: firstTouchScript }} />
        {children}
      </body>
    </html>
  );
}
