'use client';

import { useEffect } from 'react';
import { reportError } from './report-error';

/**
 * Shown when the error page itself (or the root layout) fails: a self-contained document
 * with no dependency on the shell that failed.
 */
export default function GlobalErrorPage({ error }: { error?: Error & { digest?: string } }) {
  useEffect(() => {
    if (error) reportError(error);
  }, [error]);
  return (
    <html lang="en">
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          textAlign: 'center',
          padding: '4rem 1rem',
          color: '#10213a',
        }}
      >
        <title>An error occurred</title>
        <main id="main">
          <h1 style={{ fontSize: '1.6rem' }}>An error occurred while showing the error page</h1>
          <p>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full reload, not client navigation */}
            <a href="/" style={{ color: '#0b2545', fontWeight: 600 }}>
              Home page
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
