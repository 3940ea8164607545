import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    // Two files at once: most integration files wait on servers, builds and databases rather
    // than the CPU, and the default (cores - 1) runs them one by one on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    // Hands the lead integration tests a per-run token (they build the site lazily, once), and
    // starts the run's private PostgreSQL cluster.
    globalSetup: [
      'tests/integration/support/leads-global-setup.ts',
      'tests/integration/support/postgres-global-setup.ts',
    ],
  },
});
