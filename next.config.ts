import type { NextConfig } from 'next';
// Importing env here validates every variable at build and at server start:
// a malformed value stops both with a message naming the variable.
import { env } from './site/env';
import { legacyRedirectRules } from './site/seo/legacy-redirects';

const nextConfig: NextConfig = {
  distDir: env.NEXT_DIST_DIR,
  reactStrictMode: true,
  poweredByHeader: false,
  typedRoutes: false,
  // Type errors and lint are checked by `npm run typecheck` and `npm run lint`.
  typescript: { ignoreBuildErrors: true },
  images: { formats: ['image/avif', 'image/webp'] },
  // The live site's misspelled URLs answer 308 with the corrected page.
  redirects: () => Promise.resolve(legacyRedirectRules()),
};

export default nextConfig;
