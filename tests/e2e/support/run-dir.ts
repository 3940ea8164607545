import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A fresh temp folder for one Playwright run (its database, its mail), created once by
 * the runner process and handed to workers and the server through the environment.
 */
export function e2eRunDir(): string {
  process.env.E2E_RUN_DIR ||= mkdtempSync(path.join(tmpdir(), 'site-e2e-'));
  return process.env.E2E_RUN_DIR;
}

/** Where the server under test writes outgoing mail (its MAIL_DIR). */
export function e2eMailDir(): string {
  return path.join(e2eRunDir(), 'mail');
}

/**
 * The server under test's SQLite database (its LEADS_DB): a fresh one in the run's folder, or
 * `E2E_LEADS_DB` (a copy of the site's database, to walk its live flows).
 */
export function e2eDatabase(): string {
  return process.env.E2E_LEADS_DB || path.join(e2eRunDir(), 'site.sqlite');
}
