/**
 * A flow's text past the studio's limit (MAX_STUDIO_FORM_BYTES) is refused with 413 in words the
 * studio shows as they are: what could not be done, and the limit in KiB, not a byte count.
 * Real requests as the studio's page sends them, a real staff session, the process's runtime over
 * this file's own SQLite database.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MAX_STUDIO_FORM_BYTES,
  publishPost,
  saveDraftPost,
} from '@/site/admin/studio/studio-actions';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { signInAsStaff, staffForm } from '@/tests/integration/auth-support';

// This file's own SQLite database and mail folder (site/env.ts reads them once, on import).
const files = vi.hoisted(() => {
  const base = `${process.env.TMPDIR ?? '/tmp'}/studio-size-${process.pid}-${Date.now()}`;
  process.env.LEADS_DB = `${base}.sqlite`;
  process.env.MAIL_DIR = `${base}-mail`;
  return base;
});

let cookie = '';

beforeAll(async () => {
  const runtime = siteRuntime();
  await runtime.catalogue.seed();
  const auth = {
    api: await runtime.auth(),
    db: await runtime.database(),
    mailDir: `${files}-mail`,
  };
  cookie = await signInAsStaff(auth, 'editor@firm.example', 'correct horse battery');
});

afterAll(async () => {
  await siteRuntime().close();
  rmSync(`${files}.sqlite`, { force: true });
  rmSync(`${files}-mail`, { recursive: true, force: true });
});

/** A text one byte past what the studio's forms carry. */
const tooLarge = 's'.repeat(MAX_STUDIO_FORM_BYTES + 1);
const fields = { source: tooLarge, note: 'Too large', baseVersion: '1', baseRevision: '0' };

describe('a flow too large for the studio', () => {
  it('is refused on save, naming the limit in KiB', async () => {
    const response = await saveDraftPost(
      staffForm('/admin/flows/client/draft', cookie, fields),
      'client',
    );
    expect(response.status).toBe(413);
    expect((await response.text()).trim()).toBe('This flow is too large to save (over 512 KiB)');
  });

  it('is refused on publish, naming the limit in KiB', async () => {
    const response = await publishPost(
      staffForm('/admin/flows/client/publish', cookie, fields),
      'client',
    );
    expect(response.status).toBe(413);
    expect((await response.text()).trim()).toBe('This flow is too large to publish (over 512 KiB)');
  });
});
