/** Build folder names of the lead integration tests (no vitest import: the global setup uses it). */

/** Where `next build` writes (a fixed name, so tsconfig.json's include list stays stable). */
export const buildDir = '.next-leads-it';

/** This run's copy of the build, which its servers serve from. */
export const runDistDir = (token: string) => `${buildDir}-run-${token.slice(0, 8)}`;

/**
 * The same for the build made with an https SITE_URL (https-deployment.test.ts: what a build
 * fixes and what the server decides when it starts).
 */
export const httpsBuildDir = '.next-https-it';
export const httpsRunDistDir = (token: string) => `${httpsBuildDir}-run-${token.slice(0, 8)}`;
