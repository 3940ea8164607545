/**
 * The studio's publish actions refuse what would be a mistake (site/admin/studio/publish-refusal.ts),
 * judged on the server against the newest version the catalogue holds: a text that is the live
 * flow (409, nothing to publish; republishing the newest version the same), and a form key that
 * stops sending `email` without the confirmation (409, naming the form key). Real requests as the
 * studio's pages send them, a real staff session, the process's runtime over this file's own
 * SQLite database, the repository's flows seeded into it.
 */
import { describe, expect, it, vi } from 'vitest';
import { publishPost, republishPost } from '@/site/admin/studio/studio-actions';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { staffForm } from '@/tests/integration/auth-support';
import { withoutEmail } from '@/tests/fixtures/flow-edits';
import { seededStaffRuntime } from './support/seeded-staff-runtime';

// This file's own SQLite database and mail folder (site/env.ts reads them once, on import).
const files = vi.hoisted(() => {
  const base = `${process.env.TMPDIR ?? '/tmp'}/studio-publish-${process.pid}-${Date.now()}`;
  process.env.LEADS_DB = `${base}.sqlite`;
  process.env.MAIL_DIR = `${base}-mail`;
  return base;
});

const FLOW = 'client';
const staff = seededStaffRuntime(files, 'editor@firm.example');

/** A studio form posted as the page posts it, with this session's token. */
function action(route: 'publish' | 'republish', fields: Record<string, string>): Request {
  return staffForm(`/admin/flows/${FLOW}/${route}`, staff.cookie, fields);
}

/** The base a page names: the newest version, no draft (these tests save none). */
const current = async () => ({ baseVersion: String((await latest()).version), baseRevision: '0' });

const publish = async (source: string, extra: Record<string, string> = {}) =>
  publishPost(
    action('publish', { source, note: 'A test publish', ...(await current()), ...extra }),
    FLOW,
  );

const republish = async (version: number, extra: Record<string, string> = {}) =>
  republishPost(
    action('republish', { version: String(version), ...(await current()), ...extra }),
    FLOW,
  );

const latest = async () => (await siteRuntime().catalogue.latest(FLOW))!;

const location = (response: Response) => {
  const url = new URL(response.headers.get('location')!, 'http://site.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};

const identityRefusal =
  'Form key "question" no longer sends "email": HubSpot will no longer be able to identify ' +
  'these contacts. Confirm that you understand to publish anyway';

describe('publishing a flow from the studio', () => {
  it('refuses the live text, reformatted or not: 409, nothing to publish', async () => {
    const live = await latest();
    const nothing = `Nothing changed since version ${live.version}: there is nothing to publish`;
    for (const source of [live.source, JSON.stringify(JSON.parse(live.source))]) {
      const response = await publish(source);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ errors: [{ field: 'source', message: nothing }] });
    }
    expect((await latest()).version).toBe(live.version);
  });

  it('publishes a change, and still answers a text with errors with its diagnostics', async () => {
    const live = await latest();
    const source = live.source.replace(
      'What phase is your business in?',
      'Which phase is your business in?',
    );
    const response = await publish(source);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ version: live.version + 1 });

    const broken = await publish(source.replace('"start": "phase"', '"start": "phaze"'));
    expect(broken.status).toBe(422);
    expect(await broken.json()).toHaveProperty('diagnostics');
  });

  it('refuses to stop sending email without the confirmation, and publishes with it', async () => {
    const live = await latest();
    const source = withoutEmail(live.source);
    const refused = await publish(source);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      errors: [{ field: 'confirm', message: identityRefusal }],
    });
    expect((await latest()).version).toBe(live.version);

    const confirmed = await publish(source, { confirm: 'drop-identity' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ version: live.version + 1 });
  });
});

describe('publishing a version again from the versions page', () => {
  it('refuses the newest version, unchanged, with the problem on the versions page', async () => {
    const newest = (await latest()).version;
    const response = await republish(newest);
    expect(response.status).toBe(303);
    expect(location(response)).toEqual({
      path: `/admin/flows/${FLOW}/versions`,
      query: { problem: `Nothing changed since version ${newest}: there is nothing to publish` },
    });
    expect((await latest()).version).toBe(newest);
  });

  it('publishes an older version, a real change; asks for the confirmation where it drops email', async () => {
    // The newest version sends no email (the previous test's); the one before it does.
    const newest = (await latest()).version;
    const withEmail = await republish(newest - 1);
    expect(location(withEmail)).toEqual({
      path: `/admin/flows/${FLOW}/versions`,
      query: { published: String(newest + 1) },
    });

    const withoutIt = await republish(newest);
    expect(location(withoutIt)).toEqual({
      path: `/admin/flows/${FLOW}/versions`,
      query: { problem: identityRefusal, confirm: String(newest), need: 'drop-identity' },
    });
    expect((await latest()).version).toBe(newest + 1);

    const confirmed = await republish(newest, { confirm: 'drop-identity' });
    expect(location(confirmed).query).toEqual({ published: String(newest + 2) });
    expect(JSON.parse((await latest()).source)).toMatchObject({ version: newest + 2 });
  });
});
