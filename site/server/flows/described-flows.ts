/**
 * The flows a tool describes (`npm run flows -- paths | graph | coverage | cases`, `npm run
 * leads -- funnel`, the browser path tests): what visitors get. When a database is configured
 * (`DATABASE_URL`, or the SQLite file `LEADS_DB` exists) that is the runtime's catalogue as live
 * now, any published version reachable with `version`; else the flows folder's files. Each
 * answer names its source, so a tool can say what it describes. Reading never writes: a
 * database the files never seeded (no server started on it) describes the files' flows.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedFlow } from '@/engine';
import { isPostgresUrl } from '@/site/server/db/database';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import type { FlowRegistry } from './flow-registry';

export interface DescribedFlows {
  /** Each flow's newest version (the live ones; the files' without a database). */
  registry: FlowRegistry;
  /** `database data/leads.sqlite`, `database postgres://host:5432/site`, `files flows/`. */
  source: string;
  /** Any published version of a flow (without a database: the file's own version only). */
  version(flowId: string, version: number): Promise<ResolvedFlow | undefined>;
  /** The versions a flow has: 1 to the newest with a database, the file's own without. */
  versionsOf(flowId: string): Promise<number[]>;
}

/** The configured database as a tool names it (no password), or undefined without one. */
export function configuredDatabase(): string | undefined {
  const { url, file } = siteRuntime().databaseConfig;
  if (isPostgresUrl(url)) {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  }
  return file !== ':memory:' && existsSync(file)
    ? path.relative(process.cwd(), path.resolve(file))
    : undefined;
}

/**
 * The flows to describe: `files` forces the flows folder even with a database. A configured
 * database that cannot be read is an error (a tool never silently describes something else).
 */
export async function describedFlows(options: { files?: boolean } = {}): Promise<DescribedFlows> {
  const runtime = siteRuntime();
  const database = options.files ? undefined : configuredDatabase();
  const files = runtime.flows.current();
  if (database === undefined) return describedFiles(files);
  try {
    await runtime.flows.refresh();
  } catch (error) {
    throw new Error(
      `The database ${database} cannot be read (${String(error)}); --files describes the flows folder instead`,
      { cause: error },
    );
  }
  return {
    registry: runtime.flows.current(),
    source: `database ${database}`,
    version: (flowId, version) => runtime.flows.version(flowId, version),
    versionsOf: async (flowId) => {
      const stored = await runtime.catalogue.versions(flowId);
      if (stored.length > 0) return stored.map((v) => v.version).reverse();
      const flow = files.get(flowId);
      return flow ? [flow.version] : [];
    },
  };
}

/** A folder's flows (the site's, or another a tool was pointed at), as they are in the files. */
export function describedFiles(files: FlowRegistry): DescribedFlows {
  return {
    registry: files,
    source: `files ${path.relative(process.cwd(), files.dir) || '.'}/`,
    version: (flowId, version) => {
      const flow = files.get(flowId);
      return Promise.resolve(flow?.version === version ? flow : undefined);
    },
    versionsOf: (flowId) => {
      const flow = files.get(flowId);
      return Promise.resolve(flow ? [flow.version] : []);
    },
  };
}

/** A flow as a tool names it: `client version 12 (database data/leads.sqlite)`. */
export function describedAs(flow: ResolvedFlow, source: string): string {
  return `${flow.id} version ${flow.version} (${source})`;
}
