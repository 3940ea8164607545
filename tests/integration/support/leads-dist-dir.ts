/** Build folder names of the lead integration tests (no vitest import: the global setup uses it). */

/** Where `next build` writes (a fixed name, so tsconfig.json's include list stays stable). */
export const buildDir = '.next-leads-it';
/**
 * The same for the build made with an https SITE_URL (https-deployment.test.ts: what a build
 * fixes and what the server decides when it starts).
 */
export const httpsBuildDir = '.next-https-it';

/** This run's copy of a build folder, which its servers serve from. */
export const runDistDir = (folder: string, token: string) => `${folder}-run-${token.slice(0, 8)}`;
