import type { ReactNode } from 'react';
import '@/site/styles/site.css';
import { defaultMetadata, defaultViewport } from '@/site/seo/default-metadata';
import { SiteShell } from '@/site/shell/site-shell';

export const metadata = defaultMetadata;
export const viewport = defaultViewport;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SiteShell>{children}</SiteShell>
      </body>
    </html>
  );
}
