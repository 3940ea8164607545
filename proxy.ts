// Locale routing: `/en/...` is served as `/...` and the locale cookie is set (see site/shell/locale).
export { localeProxy as proxy } from './site/shell/locale/locale-proxy';

export const config = {
  // Pages only: not Next's assets, API routes, the health check, metadata files or any file
  // with an extension.
  matcher: ['/((?!_next/|api/|healthz$|.*\\.[A-Za-z0-9]+$).*)'],
};
