'use client';

import { useEffect } from 'react';
import { reloadForChunkError } from '../chunk-reload/chunk-reload-listener';
import { errorStatus } from './error-status';
import { reportError } from './report-error';

export interface ErrorPageProps {
  error: Error & { digest?: string };
  reset: () => void;
}

/** The error page of a route that failed: its status (or 500), a retry and a link home. */
export default function ErrorPage({ error, reset }: ErrorPageProps) {
  const status = errorStatus(error);
  useEffect(() => {
    reportError(error);
    // A route that failed because a code chunk is gone (a new deploy) recovers by reloading.
    reloadForChunkError(error);
  }, [error]);

  return (
    <main id="main" className="error-page">
      <title>{`${status} | An error occurred`}</title>
      <h1 className="error-page__code">{status}</h1>
      <p className="error-page__lead">An error occurred</p>
      <p>{status === 500 ? 'Something went wrong while showing this page.' : error.message}</p>
      <p className="hero__actions">
        <button type="button" className="button button--ghost" onClick={reset}>
          Try again
        </button>
        {/* A full page load: the client state that failed is not reused. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- deliberate full reload */}
        <a className="button" href="/" data-native="">
          Home page
        </a>
      </p>
    </main>
  );
}
