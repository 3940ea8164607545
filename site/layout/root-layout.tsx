import type { ReactNode } from 'react';
import '@/site/styles/site.css';
import { defaultMetadata, defaultViewport } from '@/site/seo/default-metadata';
import { SiteShell } from '@/site/shell/site-shell';
import { firstTouchScript } from '@/site/flows/first-touch';
import { siteFont } from './site-font';

export const metadata = defaultMetadata;
export const viewport = defaultViewport;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={siteFont.variable}>
      <body>
        {/* First, so the landing URL is kept before any navigation can change it. */}
        <script dangerouslySetInnerHTML={{ __html: firstTouchScript }} />
        <SiteShell>{children}</SiteShell>
      </body>
    </html>
  );
}
