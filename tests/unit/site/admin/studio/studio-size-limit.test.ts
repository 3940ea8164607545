/**
 * A flow's text past the studio's limit (MAX_STUDIO_FORM_BYTES) is refused with 413 in words the
 * studio shows as they are: what could not be done, and the limit in KiB, not a byte count.
 * Real requests as the studio's page sends them, a real staff session, the process's runtime over
 * this file's own SQLite database.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  MAX_STUDIO_FORM_BYTES,
  publishPost,
  saveDraftPost,
} from '@/site/admin/studio/studio-actions';
import { staffForm } from '@/tests/integration/auth-support';
import { seededStaffRuntime } from './support/seeded-staff-runtime';

// This file's own SQLite database and mail folder (site/env.ts reads them once, on import).
const files = vi.hoisted(() => {
  const base = `${process.env.TMPDIR ?? '/tmp'}/studio-size-${process.pid}-${Date.now()}`;
  process.env.LEADS_DB = `${base}.sqlite`;
  process.env.MAIL_DIR = `${base}-mail`;
  return base;
});

const staff = seededStaffRuntime(files, 'editor@firm.example');

/** A text one byte past what the studio's forms carry. */
const tooLarge = 's'.repeat(MAX_STUDIO_FORM_BYTES + 1);
const fields = { source: tooLarge, note: 'Too large', baseVersion: '1', baseRevision: '0' };

describe('a flow too large for the studio', () => {
  it.each([
    { what: 'save', route: 'draft', action: saveDraftPost },
    { what: 'publish', route: 'publish', action: publishPost },
  ])('is refused on $what, naming the limit in KiB', async ({ what, route, action }) => {
    const response = await action(
      staffForm(`/admin/flows/client/${route}`, staff.cookie, fields),
      'client',
    );
    expect(response.status).toBe(413);
    expect((await response.text()).trim()).toBe(`This flow is too large to ${what} (over 512 KiB)`);
  });
});
