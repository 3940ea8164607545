/** Build folder names of the lead integration tests (no vitest import: the global setup uses it). */

/** Where `next build` writes (a fixed name, so tsconfig.json's include list stays stable). */
export const buildDir = '.next-leads-it';

/** This run's copy of the build, which its servers serve from. */
export const runDistDir = (token: string) => `${buildDir}-run-${token.slice(0, 8)}`;
