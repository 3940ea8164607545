import type { NextConfig } from 'next';
// Importing env here validates every variable at build and at server start:
// a malformed value stops both with a message naming the variable.
import { env } from './site/env';

const nextConfig: NextConfig = {
  distDir: env.NEXT_DIST_DIR,
  reactStrictMode: true,
  poweredByHeader: false,
  typedRoutes: false,
  // Type errors and lint are checked by `npm run typecheck` and `npm run lint`.
  typescript: { ignoreBuildErrors: true },
  images: { formats: ['image/avif', 'image/webp'] },
};

export default nextConfig;
