import type { NextConfig } from 'next';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
// Importing env here validates every variable at build and at server start:
// a malformed value stops both with a message naming the variable.
import { env } from './site/env';
import { securityHeaders } from './site/http/security-headers';
import { legacyRedirectRules } from './site/seo/legacy-redirects';
import { addCompileHints } from './scripts/compile-hints';

const nextConfig: NextConfig = {
  distDir: env.NEXT_DIST_DIR,
  // Next's standalone output (NEXT_OUTPUT=standalone): its server.js and the files it traces.
  output: env.NEXT_OUTPUT,
  // Read at run time, so traced by hand: the flows folder (the catalogue's seed and its shared
  // option lists). The search index lives in the build folder, which tracing leaves out.
  outputFileTracingIncludes: { '/**/*': ['./flows/**/*.json'] },
  reactStrictMode: true,
  // Rendered pages, route responses and fetches are kept by the site's own cache handler, which
  // serves a page or /api/flows/{id} only while the flow revisions it shows are live (see
  // site/server/runtime/page-cache-handler.mjs). It keeps them in memory itself: Next's own
  // in-memory layer is off.
  cacheHandler: path.resolve('site/server/runtime/page-cache-handler.mjs'),
  cacheMaxMemorySize: 0,
  poweredByHeader: false,
  // The stylesheet (site/styles/site.css, about 5 KB gzip, cached across pages) stays a file.
  // Inlined, each page carried them three times: once in a <style> and twice in the React
  // payload (root layout and global error), 50 of /contact-us's 102 KB of HTML, all parsed
  // before the framework starts. Lighthouse mobile, 4 alternating runs per page against the
  // inlined build: median TBT 314-375 -> 165-245 ms, performance 91-93 -> 95-97, at the cost
  // of LCP 1.5-1.8 -> 1.8-2.0 s while the first paint waits for the stylesheets.
  experimental: { inlineCss: false },
  typedRoutes: false,
  // Type errors and lint are checked by `npm run typecheck` and `npm run lint`.
  typescript: { ignoreBuildErrors: true },
  images: { formats: ['image/avif', 'image/webp'] },
  // Every response: see site/http/security-headers.ts (the production server sends pages a
  // stricter Content-Security-Policy of its own).
  headers: () =>
    Promise.resolve([
      {
        source: '/:path*',
        headers: securityHeaders(env),
      },
    ]),
  // The live site's misspelled URLs answer 308 with the corrected page.
  redirects: () => Promise.resolve(legacyRedirectRules()),
  compiler: {
    // The site search index is a build artifact: indexed once per build, saved in the build
    // folder, loaded by every server process (see site/search/search-index-file.ts).
    runAfterProductionCompile: ({ projectDir, distDir }) => {
      const tsx = path.join(projectDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
      const script = path.join(projectDir, 'scripts', 'build-search-index.ts');
      const result = spawnSync(process.execPath, [tsx, script, distDir], {
        cwd: projectDir,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('Building the search index failed (see above).');
      // Startup chunks compile on a background thread while they stream in (compile-hints.ts).
      const hints = addCompileHints(path.resolve(projectDir, distDir));
      console.log(`Compile hints: ${hints.hinted} of ${hints.chunks} startup chunks marked`);
      return Promise.resolve();
    },
  },
};

export default nextConfig;
