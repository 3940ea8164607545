/**
 * The process's runtime as the studio's action tests use it: the repository's flows seeded into
 * the test file's own database, one member of staff signed in, and everything closed and removed
 * after the file's tests. `files`: the base of that database's SQLite file and mail folder, which
 * the test file sets in the environment (vi.hoisted) before site/env.ts reads it.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { signInAsStaff } from '@/tests/integration/auth-support';

/** Registers the file's hooks; `cookie` is `email`'s session cookie once they have run. */
export function seededStaffRuntime(files: string, email: string): { cookie: string } {
  const staff = { cookie: '' };
  beforeAll(async () => {
    const runtime = siteRuntime();
    await runtime.catalogue.seed();
    const auth = {
      api: await runtime.auth(),
      db: await runtime.database(),
      mailDir: `${files}-mail`,
    };
    staff.cookie = await signInAsStaff(auth, email, 'correct horse battery');
  });
  afterAll(async () => {
    await siteRuntime().close();
    rmSync(`${files}.sqlite`, { force: true });
    rmSync(`${files}-mail`, { recursive: true, force: true });
  });
  return staff;
}
