/**
 * Resume links: a partial lead finished on any device. A link is
 * `/resume?t=<id>.<expiry>.<signature>`: a random id, its expiry (base 36 milliseconds) and an
 * HMAC-SHA256 of both under a key kept in the database (made on first use, shared by every
 * instance) for this one purpose. A forged or altered link fails the signature; an expired one
 * says so without a lookup; only the token's SHA-256 is stored, with when it was used.
 *
 * Opening a link (`claim`) is single-use: it marks every link of that partial lead used and
 * gives the device a new key on it. Looking at one (`inspect`) changes nothing, so a mail
 * scanner that fetches the page does not spend it. A flow id and an e-mail address open nothing.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '@/site/server/db/database';
import type { PartialLeadTables } from './partial-lead-schema';
import type { PartialKey, PartialLead, PartialLeadStore } from './partial-lead-store';

const PURPOSE = 'resume-link';

/** What a link leads to, as the `/resume` page tells the visitor. */
export type LinkState =
  | { kind: 'ready'; partial: PartialLead; expiresAt: number }
  | { kind: 'expired' | 'used' | 'finished' | 'gone'; restart: string; flowId?: string }
  | { kind: 'invalid' };

/** What an opened link gives the device: the answers at their version, and a key to go on. */
export interface Resumed {
  partial: PartialLead;
  handle: PartialKey;
  /** The site path the questionnaire was answered on. */
  path: string;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The path of a page the visitor answered on (recorded by their browser): only a path of this
 * site, never another origin; `/` when it is not one.
 */
export function sitePath(pageUri: string): string {
  try {
    const url = new URL(pageUri, 'http://site.invalid');
    const path = url.pathname;
    return path.startsWith('/') && !path.startsWith('//') ? path : '/';
  } catch {
    return '/';
  }
}

export class ResumeLinks {
  private key: Buffer | undefined;

  constructor(
    private readonly database: () => Promise<SiteDatabase>,
    private readonly partials: PartialLeadStore,
    /** How long a link works after it is sent. */
    private readonly validDays: number,
  ) {}

  private async db(): Promise<Kysely<PartialLeadTables>> {
    return (await this.database()).db.withTables<PartialLeadTables>();
  }

  /** The signing key: made once (the first instance to insert wins), then read. */
  private async signingKey(now: number): Promise<Buffer> {
    if (this.key) return this.key;
    const db = await this.db();
    await db
      .insertInto('signing_keys')
      .values({ purpose: PURPOSE, secret: randomBytes(32).toString('base64'), created_at: now })
      .onConflict((oc) => oc.column('purpose').doNothing())
      .execute();
    const row = await db
      .selectFrom('signing_keys')
      .select('secret')
      .where('purpose', '=', PURPOSE)
      .executeTakeFirstOrThrow();
    this.key = Buffer.from(row.secret, 'base64');
    return this.key;
  }

  private sign(key: Buffer, payload: string): string {
    return createHmac('sha256', key).update(`${PURPOSE}.${payload}`).digest('base64url');
  }

  /** How long links work, in days (the mail says it). */
  get days(): number {
    return this.validDays;
  }

  /** A new link's token for `partial`, valid for the configured days from `now`. */
  async issue(partial: PartialLead, now: number): Promise<{ token: string; expiresAt: number }> {
    const key = await this.signingKey(now);
    const expiresAt = now + this.validDays * 86_400_000;
    const payload = `${randomBytes(16).toString('base64url')}.${expiresAt.toString(36)}`;
    const token = `${payload}.${this.sign(key, payload)}`;
    await (
      await this.db()
    )
      .insertInto('resume_links')
      .values({
        token_hash: hashOf(token),
        partial_id: partial.id,
        flow_id: partial.flowId,
        page_uri: partial.pageUri,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { token, expiresAt };
  }

  /** The expiry a token of ours carries, or undefined when it is not one (forged, cut short). */
  private async verify(token: string, now: number): Promise<number | undefined> {
    const match = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const expected = Buffer.from(this.sign(await this.signingKey(now), `${match[1]}.${match[2]}`));
    const given = Buffer.from(match[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return parseInt(match[2]!, 36);
  }

  /** What the link leads to; looking changes nothing. */
  async inspect(token: string, now: number): Promise<LinkState> {
    const expiresAt = await this.verify(token, now);
    if (expiresAt === undefined) return { kind: 'invalid' };
    const link = await (
      await this.db()
    )
      .selectFrom('resume_links')
      .selectAll()
      .where('token_hash', '=', hashOf(token))
      .executeTakeFirst();
    // Ours, but no longer kept: its answers were deleted (on request or after retention).
    if (!link) return { kind: 'gone', restart: '/' };
    const about = { restart: sitePath(link.page_uri), flowId: link.flow_id };
    if (now >= expiresAt) return { kind: 'expired', ...about };
    if (link.used_at !== null) return { kind: 'used', ...about };
    const partial = await this.partials.get(link.partial_id);
    if (partial) return { kind: 'ready', partial, expiresAt };
    const finished = await this.partials.isFinished(link.partial_id);
    return { kind: finished ? 'finished' : 'gone', ...about };
  }

  /**
   * Opens the link once: the answers and a new key, or the state that refused it. Every link of
   * the same partial lead is spent with it (the answers now live on this device).
   */
  async claim(
    token: string,
    now: number,
  ): Promise<Resumed | Exclude<LinkState, { kind: 'ready' }>> {
    const state = await this.inspect(token, now);
    if (state.kind !== 'ready') return state;
    const db = await this.db();
    const taken = await db
      .updateTable('resume_links')
      .set({ used_at: now })
      .where('token_hash', '=', hashOf(token))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    const restart = sitePath(state.partial.pageUri);
    const flowId = state.partial.flowId;
    if (Number(taken.numUpdatedRows) !== 1) return { kind: 'used', restart, flowId };
    await db
      .updateTable('resume_links')
      .set({ used_at: now })
      .where('partial_id', '=', state.partial.id)
      .where('used_at', 'is', null)
      .execute();
    const handle = await this.partials.rekey(state.partial.id, now);
    if (!handle) return { kind: 'finished', restart, flowId };
    return { partial: state.partial, handle, path: restart };
  }

  /** "Delete my answers" from a link that still works: the partial lead and its links go. */
  async forget(token: string, now: number): Promise<LinkState> {
    const state = await this.inspect(token, now);
    if (state.kind === 'ready') await this.partials.remove(state.partial.id);
    return state;
  }
}
