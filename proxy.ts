import type { NextRequest } from 'next/server';
import { env } from './site/env';
import { strictTransportSecurity } from './site/http/transport-security';
import { refuseUnstorableAddress } from './site/server/http/storable-text';
import { localeProxy } from './site/shell/locale/locale-proxy';

// An address holding text no database stores (a NUL in a lead's id or the leads search) is
// refused before any page reads it (site/server/http/storable-text.ts). Then locale routing:
// `/en/...` is served as `/...` and the locale cookie is set (see site/shell/locale).
// Every page, on every host, carries HSTS when the server runs with an https SITE_URL: decided
// here, at run time, since next.config.ts's headers are fixed when the site is built.
const transportSecurity = strictTransportSecurity(env.SITE_URL);

export function proxy(request: NextRequest) {
  const response = refuseUnstorableAddress(request.url) ?? localeProxy(request);
  for (const { key, value } of transportSecurity) {
    response.headers.set(key, value);
  }
  return response;
}

export const config = {
  // Pages only: not Next's assets, API routes, the health check, metadata files or any file
  // with an extension; but every address of the back office, where an id such as `x.y` is a
  // page's, not a file's.
  matcher: ['/((?!_next/|api/|healthz$|.*\\.[A-Za-z0-9]+$).*)', '/admin/:path*'],
};
