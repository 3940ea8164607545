// Flat ESLint config: typescript-eslint's type-checked rules everywhere, React hooks and
// Next's rules for the site, and the architectural fences of the project: engine/ stays
// framework-free, the site reaches the engine only through its two entries, and only site/env.ts
// reads process.env.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import nextPlugin from '@next/eslint-plugin-next';

const engineInternals = {
  group: ['@/engine/*', '!@/engine/client', '**/engine/*', '!**/engine/client'],
  message: 'Import @/engine/client (browser) or @/engine (server): engine modules are internal.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.next-*/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'public/**',
      // ajv's standalone code, written by scripts/generate-schema-validators.mjs.
      'engine/generated/**',
      // The test Strapi's own files: its install, database, caches and uploads.
      'tests/strapi/{node_modules,.tmp,.cache,build,dist,public}/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    // The test Strapi project is CommonJS, as Strapi 4 loads it.
    files: ['tests/strapi/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['site/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
    },
  },
  {
    files: ['site/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'engine/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from site/env.ts.' },
      ],
    },
  },
  {
    // The engine's modules are internal: what the site may use is what its entries export, so a
    // fact the engine owns is imported, not re-derived, and the browser never meets the loaders.
    files: ['site/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [engineInternals] }],
    },
  },
  {
    // Flow views run in the browser: @/engine also exports the node:fs/ajv loaders. The server
    // modules of this folder are listed here.
    files: ['site/flows/**/*.{ts,tsx}'],
    ignores: ['site/flows/load-site-flow.ts', 'site/flows/flow-json-route.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@/engine', message: 'Flow views import @/engine/client.' }],
          patterns: [engineInternals],
        },
      ],
    },
  },
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'engine/ is framework-free: no React.',
            },
            { group: ['next', 'next/*'], message: 'engine/ is framework-free: no Next.' },
            {
              group: ['@/site', '@/site/*', '**/site/*', '@xstate/react'],
              message: 'engine/ must not know the site exists.',
            },
          ],
        },
      ],
    },
  },
);
