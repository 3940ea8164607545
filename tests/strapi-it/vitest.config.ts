import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The real-Strapi test alone (npm run test:strapi starts Strapi first): a production build
// and a served site, so its hooks get minutes, not seconds.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('../..', import.meta.url)) } },
  test: {
    include: ['tests/strapi-it/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 15 * 60_000,
  },
});
