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
 * - Shared option lists (`flows/options/*.json`) are not stored: they stay files for now, read
 *   from the flows folder at each publish and seed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import {
  loadFlowFromText,
  loadOptionLists,
  type Diagnostic,
  type FlowVars,
  type OptionLists,
} from '@/engine';
import { isUniqueViolation, onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import { getDatabase } from '@/site/server/db/site-database';
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
  { ok: true; version: number; warnings: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

export interface FlowVersionStoreOptions {
  /** The flows folder: its shared option lists serve every check; seeds read its flow files. */
  flowsDir: string;
  vars: FlowVars;
  database?: () => Promise<SiteDatabase>;
  now?: () => number;
}

const isError = (d: Diagnostic) => d.severity !== 'warning';
// Each retry follows a commit by another publisher of the same flow: a handful is plenty.
const PUBLISH_ATTEMPTS = 10;

export class FlowVersionStore {
  private readonly database: () => Promise<SiteDatabase>;
  private readonly now: () => number;

  constructor(private readonly options: FlowVersionStoreOptions) {
    this.database = options.database ?? getDatabase;
    this.now = options.now ?? Date.now;
  }

  private readonly db = onceUntilFailure(async () =>
    (await this.database()).db.withTables<FlowVersionTables>(),
  );

  /** The flows folder's shared lists; their errors fail a check as they fail `check`. */
  private optionLists(): { optionLists: OptionLists; diagnostics: Diagnostic[] } {
    return loadOptionLists(this.options.flowsDir);
  }

  /** Checks a flow's text as `npm run flows -- check` checks `<flowId>.json`. */
  check(flowId: string, source: string, optionLists = this.optionLists()) {
    const result = loadFlowFromText({
      file: `${flowId}.json`,
      text: source,
      optionLists: optionLists.optionLists,
      vars: this.options.vars,
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
    const db = await this.db();
    const lists = this.optionLists();
    const names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
    const imported: string[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const name of names) {
      const flowId = path.basename(name, '.json');
      const stored = await db
        .selectFrom('flow_versions')
        .select(sql<number | null>`MAX(version)`.as('version'))
        .where('flow_id', '=', flowId)
        .executeTakeFirst();
      const newest = stored?.version == null ? 0 : Number(stored.version);
      const source = readFileSync(path.join(dir, name), 'utf8');
      const checked = this.check(flowId, source, lists);
      if (!checked.flow) {
        diagnostics.push(...checked.diagnostics.filter(isError));
        continue;
      }
      if (checked.flow.version <= newest) continue;
      const result = await db
        .insertInto('flow_versions')
        .values({
          flow_id: flowId,
          version: checked.flow.version,
          source,
          author: 'files',
          note: `imported from flows/${name}`,
          published_at: this.now(),
        })
        // Another instance seeding at the same moment imported it: nothing to do.
        .onConflict((conflict) => conflict.columns(['flow_id', 'version']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) imported.push(flowId);
    }
    return { imported, diagnostics };
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
    const checked = this.check(flowId, source);
    if (!checked.flow || checked.diagnostics.some(isError)) {
      return { ok: false, diagnostics: checked.diagnostics };
    }
    const db = await this.db();
    for (let attempt = 1; ; attempt++) {
      try {
        const version = await db.transaction().execute(async (trx) => {
          // A write first: on SQLite it takes the write lock at once (waiting out another
          // process's publish), where a read first would fail to upgrade its lock.
          await trx.deleteFrom('flow_drafts').where('flow_id', '=', flowId).execute();
          const previous = await trx
            .selectFrom('flow_versions')
            .select(sql<number | null>`MAX(version)`.as('version'))
            .where('flow_id', '=', flowId)
            .executeTakeFirst();
          const next = Number(previous?.version ?? 0) + 1;
          await trx
            .insertInto('flow_versions')
            .values({
              flow_id: flowId,
              version: next,
              source: setSourceVersion(source, next),
              author: meta.author,
              note: meta.note,
              published_at: this.now(),
            })
            .execute();
          return next;
        });
        return { ok: true, version, warnings: checked.diagnostics };
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

  /** The newest published version of every flow (or of one), by flow id. */
  async latestVersions(flowId?: string): Promise<FlowVersion[]> {
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
