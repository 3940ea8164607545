// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorPage from '@/site/shell/errors/error-page';
import GlobalErrorPage from '@/site/shell/errors/global-error-page';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const withStatus = (message: string, status: number) =>
  Object.assign(new Error(message), { status }) as Error & { digest?: string };

describe('error page', () => {
  it('shows the status an error carries, its message, a retry and a link home', async () => {
    let retries = 0;
    render(
      <ErrorPage error={withStatus('This listing is not public.', 403)} reset={() => retries++} />,
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('403');
    expect(within(main).getByText('An error occurred')).toBeTruthy();
    expect(within(main).getByText('This listing is not public.')).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('403 | An error occurred');

    await userEvent.setup().click(within(main).getByRole('button', { name: 'Try again' }));
    expect(retries).toBe(1);
  });

  it('shows 500 for an error without a status, without exposing its message', () => {
    render(<ErrorPage error={new Error('SQLITE_BUSY: database is locked')} reset={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('500');
    expect(screen.getByText('Something went wrong while showing this page.')).toBeTruthy();
    expect(screen.queryByText(/SQLITE_BUSY/)).toBeNull();
  });

  it('ignores a status outside 400-599 and shows 500', () => {
    render(<ErrorPage error={withStatus('moved', 301)} reset={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('500');
  });
});

describe('error page of the error page', () => {
  it('says the error page failed and links home, as a document of its own', () => {
    const html = renderToStaticMarkup(<GlobalErrorPage />);
    const page = new DOMParser().parseFromString(`<!doctype html>${html}`, 'text/html');
    expect(page.documentElement.getAttribute('lang')).toBe('en');
    expect(page.title).toBe('An error occurred');
    // Shown in the live document, so roles and names resolve as a browser exposes them.
    document.body.replaceChildren(
      ...[...page.body.childNodes].map((node) => document.importNode(node, true)),
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe(
      'An error occurred while showing the error page',
    );
    expect(within(main).getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/');
    // No stylesheet or script of the shell that failed is needed to read it.
    expect(page.querySelectorAll('link[rel="stylesheet"], script')).toHaveLength(0);
    document.body.replaceChildren();
  });
});
