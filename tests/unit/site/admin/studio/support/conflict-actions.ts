/**
 * The studio actions under two members of staff editing one flow, as a suite each database's test
 * file runs in its own process (the runtime reads the database from the environment once):
 * real requests as the studio's pages send them, real staff sessions, the process's runtime with
 * the repository's flows seeded. A save, publish or discard from a stale base is answered 409
 * with the error envelope and `conflict`; two saves at once from one base, one 200 and one 409;
 * the presence heartbeat answers the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discardDraftPost,
  publishPost,
  republishPost,
  saveDraftPost,
} from '@/site/admin/studio/studio-actions';
import { presencePost } from '@/site/admin/studio/presence-post';
import { formatUtcMinute } from '@/site/format/format-date';
import type { Dialect } from '@/site/server/db/database';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { signInAsStaff, staffForm } from '@/tests/integration/auth-support';

const FLOW = 'client';
const ann = 'ann@firm.example';
const bob = 'bob@firm.example';

type Route = 'draft' | 'draft/discard' | 'publish' | 'republish' | 'presence';
const handlers = {
  draft: saveDraftPost,
  'draft/discard': discardDraftPost,
  publish: publishPost,
  republish: republishPost,
  presence: presencePost,
} satisfies Record<Route, (request: Request, flowId: string) => Promise<Response>>;

export function describeConflictActions(dialect: Dialect, cleanup: () => void) {
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    const runtime = siteRuntime();
    expect(runtime.dialect).toBe(dialect);
    await runtime.catalogue.seed();
    const auth = {
      api: await runtime.auth(),
      db: await runtime.database(),
      mailDir: process.env.MAIL_DIR ?? '',
    };
    for (const email of [ann, bob]) {
      cookies.set(email, await signInAsStaff(auth, email, 'correct horse battery'));
    }
  });

  afterAll(async () => {
    await siteRuntime().close();
    cleanup();
  });

  /** A studio form posted by `who` as the page posts it, with their session's token. */
  function send(who: string, route: Route, fields: Record<string, string>): Promise<Response> {
    const request = staffForm(`/admin/flows/${FLOW}/${route}`, cookies.get(who)!, fields);
    return handlers[route](request, FLOW);
  }

  const base = (version: number, revision: number) => ({
    baseVersion: String(version),
    baseRevision: String(revision),
  });
  const latest = async () => (await siteRuntime().catalogue.latest(FLOW))!;
  const retitled = (source: string, title: string) =>
    source.replace(/"title": "[^"]*"/, `"title": ${JSON.stringify(title)}`);

  describe('two members of staff on one flow', () => {
    it('refuses a save from a stale base: 409, the error envelope and the other text', async () => {
      const live = await latest();
      const annText = retitled(live.source, 'Ann’s title');
      const saved = await send(ann, 'draft', { source: annText, ...base(live.version, 0) });
      expect(saved.status).toBe(200);
      const answer = (await saved.json()) as { savedAt: number };
      expect(answer).toEqual({
        savedAt: expect.any(Number) as number,
        revision: 1,
        baseVersion: live.version,
      });

      // Bob loaded the published text before Ann's save.
      const refused = await send(bob, 'draft', { source: 'Bob’s text', ...base(live.version, 0) });
      expect(refused.status).toBe(409);
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(await refused.json()).toEqual({
        errors: [
          {
            field: 'baseRevision',
            message:
              `${ann} saved the draft at ${formatUtcMinute(answer.savedAt)} (revision 1) ` +
              'after your text was loaded: your draft was not saved',
          },
        ],
        conflict: {
          kind: 'draft',
          source: annText,
          author: ann,
          savedAt: answer.savedAt,
          revision: 1,
          version: live.version,
          base: live.source,
        },
      });
      expect((await siteRuntime().catalogue.draftOf(FLOW))?.source).toBe(annText);
    });

    it('takes exactly one of two saves sent at once from the same base', async () => {
      const { version } = await latest();
      const answers = await Promise.all([
        send(ann, 'draft', { source: 'ann, again', ...base(version, 1) }),
        send(bob, 'draft', { source: 'bob, from Ann’s', ...base(version, 1) }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!;
      const loser = answers.find((a) => a.status === 409)!;
      const draft = (await siteRuntime().catalogue.draftOf(FLOW))!;
      expect(draft.revision).toBe(2);
      expect((await winner.json()) as unknown).toMatchObject({ revision: 2 });
      expect(await loser.json()).toMatchObject({
        conflict: { kind: 'draft', source: draft.source, author: draft.author, revision: 2 },
      });
    });

    it('refuses a publish from a stale base before judging its text, then takes the current one', async () => {
      const live = await latest();
      // Even the live text (nothing to publish) is first told of the newer draft.
      const stale = await send(ann, 'publish', {
        source: live.source,
        note: 'stale',
        ...base(live.version, 1),
      });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toMatchObject({
        errors: [{ field: 'baseRevision' }],
        conflict: { kind: 'draft', revision: 2, version: live.version },
      });

      const text = retitled(live.source, 'Both of us');
      const published = await send(bob, 'publish', {
        source: text,
        note: 'merged',
        ...base(live.version, 2),
      });
      expect(published.status).toBe(200);
      expect(await published.json()).toMatchObject({ version: live.version + 1 });
      expect(await siteRuntime().catalogue.draftOf(FLOW)).toBeUndefined();

      // Ann's editor still on the version before: her publish is refused with Bob's version.
      const newest = await latest();
      const late = await send(ann, 'publish', {
        source: retitled(live.source, 'Ann alone'),
        note: 'late',
        ...base(live.version, 0),
      });
      expect(late.status).toBe(409);
      expect(await late.json()).toEqual({
        errors: [
          {
            field: 'baseVersion',
            message:
              `${bob} published version ${newest.version} at ${formatUtcMinute(newest.publishedAt)} ` +
              'after your text was loaded: nothing was published',
          },
        ],
        conflict: {
          kind: 'published',
          source: newest.source,
          author: bob,
          publishedAt: newest.publishedAt,
          revision: 0,
          version: newest.version,
          base: live.source,
        },
      });
      expect((await latest()).version).toBe(newest.version);
    });

    it('discards only the draft the editor knows, and answers the published text', async () => {
      const { version, source } = await latest();
      expect((await send(ann, 'draft', { source: 'ann 3', ...base(version, 0) })).status).toBe(200);
      const stale = await send(bob, 'draft/discard', base(version, 0));
      expect(stale.status).toBe(409);
      expect(await stale.json()).toMatchObject({ conflict: { kind: 'draft', source: 'ann 3' } });
      expect((await siteRuntime().catalogue.draftOf(FLOW))?.source).toBe('ann 3');

      const discarded = await send(bob, 'draft/discard', base(version, 3));
      expect(await discarded.json()).toEqual({ discarded: true, version, source });
      // Ann's editor, still on revision 3, hears who discarded it.
      const after = await send(ann, 'draft', { source: 'ann 4', ...base(version, 3) });
      expect(after.status).toBe(409);
      expect(await after.json()).toMatchObject({
        errors: [
          {
            field: 'baseRevision',
            message: expect.stringContaining(`${bob} discarded the draft`) as string,
          },
        ],
        conflict: { kind: 'discarded', source, author: bob, revision: 0, version },
      });
    });

    it('refuses a form that does not say what its text started from', async () => {
      const refused = await send(ann, 'draft', { source: 'no base' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        errors: [
          {
            field: 'baseVersion',
            message: 'The version your text started from is missing: reload the page',
          },
        ],
      });
    });

    it('sends the versions page back with the problem when a version came since it loaded', async () => {
      const newest = await latest();
      const response = await send(ann, 'republish', {
        version: String(newest.version - 1),
        ...base(newest.version - 1, 0),
      });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!, 'http://site.test');
      expect(location.pathname).toBe(`/admin/flows/${FLOW}/versions`);
      expect(location.searchParams.get('problem')).toBe(
        `${bob} published version ${newest.version} at ${formatUtcMinute(newest.publishedAt)} ` +
          'since this page was loaded',
      );
      expect((await latest()).version).toBe(newest.version);
    });
  });

  describe('the presence heartbeat', () => {
    type Others = { others: { email: string; openedAt: number; you: boolean }[] };
    const beat = async (who: string, tab: string, extra: Record<string, string> = {}) => {
      const response = await send(who, 'presence', { tab, ...extra });
      expect(response.status).toBe(200);
      return ((await response.json()) as Others).others;
    };

    it('answers who else has the flow open; the tab itself left out, a leave at once', async () => {
      expect(await beat(ann, 'ann-tab-0001')).toEqual([]);
      expect(await beat(bob, 'bob-tab-0001')).toEqual([
        {
          email: ann,
          openedAt: expect.any(Number) as number,
          seenAt: expect.any(Number) as number,
          you: false,
        },
      ]);
      expect((await beat(ann, 'ann-tab-0001')).map((p) => [p.email, p.you])).toEqual([
        [bob, false],
      ]);
      // Ann in a second tab sees herself in the first.
      expect((await beat(ann, 'ann-tab-0002')).map((p) => [p.email, p.you])).toEqual([
        [ann, true],
        [bob, false],
      ]);
      await beat(ann, 'ann-tab-0001', { leave: '1' });
      await beat(ann, 'ann-tab-0002', { leave: '1' });
      expect(await beat(bob, 'bob-tab-0001')).toEqual([]);
    });

    it('refuses a heartbeat without a tab id', async () => {
      const response = await send(ann, 'presence', { tab: '' });
      expect(response.status).toBe(400);
    });
  });
}
