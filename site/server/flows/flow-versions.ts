/**
 * The flow studio's store: published versions of each flow, immutable and numbered, and one draft
 * per flow, over the site database (SQLite or PostgreSQL, one Kysely store).
 *
 * Guarantees:
 * - A version is stored only after its text passed the checks `npm run flows -- check` makes
 *   (`loadFlowFromText`, with the brand and the folder's shared option lists); a refusal is a
 *   value carrying the diagnostics, placed at their line and column.
 * - Version numbers are per flow, the previous published version + 1, whatever the text says (its
 *   `version` is rewritten, nothing else). The number is taken in the transaction that stores the
 *   version and clears the draft; the primary key refuses a number taken meanwhile by another
 *   publisher (another instance), and the publish is retried with the next one.
 * - `seedFromFiles` is idempotent and safe to run from several instances at once: it imports a
 *   flow's file, at the file's own version and byte for byte, while none of the flow's versions is
 *   stored or when the file's version is above every stored one (a change made in the files and
 *   deployed); a file at or below the stored versions is left alone, the store being newer.
 * - Shared option lists live in the same tables under the id `options/<listId>` (a flow id has no
 *   slash): seeded from `flows/options/*.json`, published after their own checks and only when
 *   every flow as published still loads with the new list. Each check uses the files' lists with
 *   the newest stored version of each over them, read and resolved once and kept until
 *   `reloadOptionLists` reads both again.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import {
  loadFlowFromText,
  loadOptionListFromText,
  loadOptionListsFromData,
  readOptionListFiles,
  type Diagnostic,
  type FlowVars,
  type LoadFlowsOptions,
  type OptionLists,
} from '@/engine';
import { isUniqueViolation, onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import type { FlowVersionTables } from './flow-versions-schema';
import { setSourceVersion } from './set-source-version';

export interface FlowVersionInfo {
  version: number;
  author: string;
  note: string;
  /** ms since the epoch. */
  publishedAt: number;
}

export interface FlowVersion extends FlowVersionInfo {
  flowId: string;
  /** The flow file's exact text, its `version` equal to `version`. */
  source: string;
}

export interface FlowDraft {
  source: string;
  author: string;
  /** ms since the epoch. */
  savedAt: number;
}

export type PublishResult =
  | {
      ok: true;
      version: number;
      /** The text as stored: its `version` set to `version` (a flow), or as sent (a list). */
      source: string;
      warnings: Diagnostic[];
    }
  | { ok: false; diagnostics: Diagnostic[] };

/** `unconfiguredForm`: as the files' registry is loaded with, so a check warns as it does. */
export interface FlowVersionStoreOptions extends LoadFlowsOptions {
  /** The flows folder: its shared option lists serve every check; seeds read its flow files. */
  flowsDir: string;
  vars: FlowVars;
  database: () => Promise<SiteDatabase>;
  now?: () => number;
}

const isError = (d: Diagnostic) => d.severity !== 'warning';

/** The store id of a shared option list: `options/<listId>`. */
export const OPTION_LIST_PREFIX = 'options/';
export const isOptionListId = (id: string) => id.startsWith(OPTION_LIST_PREFIX);

type Lists = { optionLists: OptionLists; diagnostics: Diagnostic[] };
/** The lists as data by id, the folder's unreadable files, and both resolved. */
type SharedLists = { data: Record<string, unknown>; unread: Diagnostic[]; lists: Lists };
// Each retry follows a commit by another publisher of the same flow: a handful is plenty.
const PUBLISH_ATTEMPTS = 10;

export class FlowVersionStore {
  private readonly database: () => Promise<SiteDatabase>;
  private readonly now: () => number;

  constructor(private readonly options: FlowVersionStoreOptions) {
    this.database = options.database;
    this.now = options.now ?? Date.now;
  }

  private readonly db = onceUntilFailure(async () =>
    (await this.database()).db.withTables<FlowVersionTables>(),
  );

  /** The newest stored version of each option list, as data, by list id. */
  private storedLists: Record<string, unknown> = {};

  /**
   * The folder's lists with the stored versions over them, as data and resolved: read and checked
   * on first use, then kept until `reloadOptionLists` (the one thing that changes them).
   */
  private resolved: SharedLists | undefined;

  private sharedLists(): SharedLists {
    if (!this.resolved) {
      const read = readOptionListFiles(this.options.flowsDir);
      const data = { ...read.files, ...this.storedLists };
      const unread = read.diagnostics;
      this.resolved = { data, unread, lists: this.resolveLists(data, unread) };
    }
    return this.resolved;
  }

  private resolveLists(data: Record<string, unknown>, unread: Diagnostic[]): Lists {
    const lists = loadOptionListsFromData(data);
    return { optionLists: lists.optionLists, diagnostics: [...unread, ...lists.diagnostics] };
  }

  /**
   * The shared lists: the folder's files with the stored versions over them (`extra` over both);
   * their errors fail a check as they fail `check`.
   */
  private optionLists(extra?: Record<string, unknown>): Lists {
    const shared = this.sharedLists();
    if (!extra) return shared.lists;
    return this.resolveLists({ ...shared.data, ...extra }, shared.unread);
  }

  /**
   * The lists' data as checks see them, by list id (the studio's browser checks use them): the
   * object the store keeps, not a copy.
   */
  optionListData(): Readonly<Record<string, unknown>> {
    return this.sharedLists().data;
  }

  /**
   * Reads the newest stored version of every option list; the checks that follow use them, over
   * the folder's files read again.
   */
  async reloadOptionLists(): Promise<void> {
    const stored: Record<string, unknown> = {};
    for (const v of await this.latestVersions(undefined, 'lists')) {
      try {
        stored[v.flowId.slice(OPTION_LIST_PREFIX.length)] = JSON.parse(v.source);
      } catch {
        // Stored only after its checks: unreachable unless the row was edited by hand.
      }
    }
    this.storedLists = stored;
    this.resolved = undefined;
  }

  /** Checks a flow's text as `npm run flows -- check` checks `<flowId>.json`. */
  check(flowId: string, source: string, optionLists: Lists = this.optionLists()) {
    const result = loadFlowFromText({
      file: `${flowId}.json`,
      text: source,
      optionLists: optionLists.optionLists,
      vars: this.options.vars,
      unconfiguredForm: this.options.unconfiguredForm,
    });
    const listErrors = optionLists.diagnostics.filter(isError);
    return listErrors.length > 0 ? { diagnostics: [...listErrors, ...result.diagnostics] } : result;
  }

  /**
   * Imports each valid `<dir>/*.json` whose `version` is above every stored version of its flow
   * (or whose flow has none), as published version = the file's `version` (author `files`), text
   * kept byte for byte. Resolves with the ids imported and the diagnostics of the files that could
   * not be (those stay unimported).
   */
  async seedFromFiles(
    dir: string = this.options.flowsDir,
  ): Promise<{ imported: string[]; diagnostics: Diagnostic[] }> {
    const imported: string[] = [];
    const diagnostics: Diagnostic[] = [];
    const newest = await this.latestVersionNumbers();
    const texts = new Map<string, { text: string }>();
    for (const listId of Object.keys(readOptionListFiles(dir, texts).files)) {
      const id = `${OPTION_LIST_PREFIX}${listId}`;
      if (newest.has(id)) continue;
      const source = texts.get(`options/${listId}.json`)!.text;
      const checked = loadOptionListFromText({ listId, text: source });
      if (checked.diagnostics.length > 0) {
        diagnostics.push(...checked.diagnostics);
        continue;
      }
      if (await this.importVersion(id, 1, source, `flows/${id}.json`)) imported.push(id);
    }
    await this.reloadOptionLists();
    const lists = this.optionLists();
    const names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
    for (const name of names) {
      const flowId = path.basename(name, '.json');
      const source = readFileSync(path.join(dir, name), 'utf8');
      const checked = this.check(flowId, source, lists);
      if (!checked.flow) {
        diagnostics.push(...checked.diagnostics.filter(isError));
        continue;
      }
      if (checked.flow.version <= (newest.get(flowId) ?? 0)) continue;
      if (await this.importVersion(flowId, checked.flow.version, source, `flows/${name}`)) {
        imported.push(flowId);
      }
    }
    return { imported, diagnostics };
  }

  /**
   * Stores a file's text as version `version` (author `files`); resolves with whether it did,
   * another instance seeding at the same moment having maybe imported it first.
   */
  private async importVersion(
    id: string,
    version: number,
    source: string,
    file: string,
  ): Promise<boolean> {
    const db = await this.db();
    const result = await db
      .insertInto('flow_versions')
      .values({
        flow_id: id,
        version,
        source,
        author: 'files',
        note: `imported from ${file}`,
        published_at: this.now(),
      })
      .onConflict((conflict) => conflict.columns(['flow_id', 'version']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Keeps `source` as the flow's one draft (replacing any), valid or not. */
  async saveDraft(flowId: string, source: string, author: string): Promise<void> {
    const db = await this.db();
    const row = { flow_id: flowId, source, author, saved_at: this.now() };
    await db
      .insertInto('flow_drafts')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('flow_id').doUpdateSet({ source, author, saved_at: row.saved_at }),
      )
      .execute();
  }

  async draftOf(flowId: string): Promise<FlowDraft | undefined> {
    const db = await this.db();
    const row = await db
      .selectFrom('flow_drafts')
      .select(['source', 'author', 'saved_at'])
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return row && { source: row.source, author: row.author, savedAt: Number(row.saved_at) };
  }

  /** The ids of the flows that have a draft, sorted. */
  async draftIds(): Promise<string[]> {
    const db = await this.db();
    const rows = await db.selectFrom('flow_drafts').select('flow_id').orderBy('flow_id').execute();
    return rows.map((row) => row.flow_id);
  }

  /** Resolves with whether there was a draft. */
  async discardDraft(flowId: string): Promise<boolean> {
    const db = await this.db();
    const result = await db
      .deleteFrom('flow_drafts')
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Checks `source` and, when it has no error, stores it as the flow's next version (its
   * `version` rewritten to that number) and clears the flow's draft, in one transaction.
   */
  async publish(
    flowId: string,
    source: string,
    meta: { author: string; note: string },
  ): Promise<PublishResult> {
    await this.reloadOptionLists();
    if (isOptionListId(flowId)) return this.publishList(flowId, source, meta);
    const checked = this.check(flowId, source);
    if (!checked.flow || checked.diagnostics.some(isError)) {
      return { ok: false, diagnostics: checked.diagnostics };
    }
    const stored = await this.storeNext(flowId, (next) => setSourceVersion(source, next), meta);
    return { ok: true, ...stored, warnings: checked.diagnostics };
  }

  /**
   * An option list's text after its own checks, and only when every flow as published still
   * loads with it (a removed value a branch tests, say): each flow's problems are refused with
   * the flow named. The text is stored as written (a list has no `version`).
   */
  private async publishList(
    id: string,
    source: string,
    meta: { author: string; note: string },
  ): Promise<PublishResult> {
    const listId = id.slice(OPTION_LIST_PREFIX.length);
    const checked = loadOptionListFromText({ listId, text: source });
    if (checked.diagnostics.length > 0) return { ok: false, diagnostics: checked.diagnostics };
    const lists = this.optionLists({ [listId]: JSON.parse(source) as unknown });
    const broken: Diagnostic[] = [];
    for (const flow of await this.latestVersions(undefined, 'flows')) {
      const result = this.check(flow.flowId, flow.source, lists);
      for (const d of result.diagnostics.filter(isError)) {
        broken.push({ ...d, message: `Flow "${flow.flowId}" would no longer load: ${d.message}` });
      }
    }
    if (broken.length > 0) return { ok: false, diagnostics: broken };
    const stored = await this.storeNext(id, () => source, meta);
    await this.reloadOptionLists();
    return { ok: true, ...stored, warnings: [] };
  }

  /**
   * Stores `source(next)` as version `next` = the previous + 1 and clears the draft, in one
   * transaction; a number taken meanwhile by another publisher is retried with the next one.
   * Resolves with the number and the text stored.
   */
  private async storeNext(
    flowId: string,
    source: (next: number) => string,
    meta: { author: string; note: string },
  ): Promise<{ version: number; source: string }> {
    const db = await this.db();
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          // A write first: on SQLite it takes the write lock at once (waiting out another
          // process's publish), where a read first would fail to upgrade its lock.
          await trx.deleteFrom('flow_drafts').where('flow_id', '=', flowId).execute();
          const previous = await trx
            .selectFrom('flow_versions')
            .select(sql<number | null>`MAX(version)`.as('version'))
            .where('flow_id', '=', flowId)
            .executeTakeFirst();
          const next = Number(previous?.version ?? 0) + 1;
          const text = source(next);
          await trx
            .insertInto('flow_versions')
            .values({
              flow_id: flowId,
              version: next,
              source: text,
              author: meta.author,
              note: meta.note,
              published_at: this.now(),
            })
            .execute();
          return { version: next, source: text };
        });
      } catch (error) {
        // Another publisher took the number between our read and our insert: take the next.
        if (!isUniqueViolation(error) || attempt >= PUBLISH_ATTEMPTS) throw error;
      }
    }
  }

  /** The flow's published versions, newest first. */
  async versions(flowId: string): Promise<FlowVersionInfo[]> {
    const db = await this.db();
    const rows = await db
      .selectFrom('flow_versions')
      .select(['version', 'author', 'note', 'published_at'])
      .where('flow_id', '=', flowId)
      .orderBy('version', 'desc')
      .execute();
    return rows.map((row) => ({
      version: Number(row.version),
      author: row.author,
      note: row.note,
      publishedAt: Number(row.published_at),
    }));
  }

  async versionSource(flowId: string, version: number): Promise<string | undefined> {
    const db = await this.db();
    const row = await db
      .selectFrom('flow_versions')
      .select('source')
      .where('flow_id', '=', flowId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row?.source;
  }

  /** The newest version number of every flow that has one: what a refresh compares. */
  async latestVersionNumbers(): Promise<Map<string, number>> {
    const db = await this.db();
    const rows = await db
      .selectFrom('flow_versions')
      .select(['flow_id', sql<number>`MAX(version)`.as('version')])
      .groupBy('flow_id')
      .execute();
    return new Map(rows.map((row) => [row.flow_id, Number(row.version)]));
  }

  /** The flow's newest published version, if it has any. */
  async latest(flowId: string): Promise<FlowVersion | undefined> {
    return (await this.latestVersions(flowId))[0];
  }

  /**
   * The newest published version of every flow and option list (or of one id; or of the flows
   * or the lists only), by id.
   */
  async latestVersions(flowId?: string, kind?: 'flows' | 'lists'): Promise<FlowVersion[]> {
    const db = await this.db();
    let query = db
      .selectFrom('flow_versions as v')
      .selectAll()
      .where((eb) =>
        eb(
          'v.version',
          '=',
          eb
            .selectFrom('flow_versions as w')
            .select(sql<number>`MAX(w.version)`.as('max'))
            .whereRef('w.flow_id', '=', 'v.flow_id'),
        ),
      );
    if (flowId !== undefined) query = query.where('v.flow_id', '=', flowId);
    if (kind === 'lists') query = query.where('v.flow_id', 'like', `${OPTION_LIST_PREFIX}%`);
    if (kind === 'flows') query = query.where('v.flow_id', 'not like', `${OPTION_LIST_PREFIX}%`);
    const rows = await query.orderBy('v.flow_id').execute();
    return rows.map((row) => ({
      flowId: row.flow_id,
      version: Number(row.version),
      source: row.source,
      author: row.author,
      note: row.note,
      publishedAt: Number(row.published_at),
    }));
  }
}
