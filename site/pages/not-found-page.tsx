import type { Metadata } from 'next';
import Link from 'next/link';

// No robots entry: Next itself writes `<meta name="robots" content="noindex">` into every
// not-found response, and a second tag of our own would repeat it.
export const metadata: Metadata = {
  title: { absolute: '404 | Page not found' },
};

export default function NotFoundPage() {
  return (
    <main id="main" className="error-page">
      <h1 className="error-page__code">404</h1>
      <p className="error-page__lead">An error occurred</p>
      <p>This page could not be found.</p>
      <Link className="button" href="/">
        Home page
      </Link>
    </main>
  );
}
