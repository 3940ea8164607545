/**
 * The flows folder into the catalogue, at start (the publish watcher runs it first) and before
 * `npm run flows -- export | publish`. The database holds what is live; the files are the seed, and
 * what `flows -- export` writes back. The rule for each file (a flow, or a shared option list):
 *
 * - its id has no stored version: the file is imported as is, at the file's own `version` (a list:
 *   version 1), byte for byte;
 * - the file's `version` is above every stored one (a change made in the files, deployed): it is
 *   imported at that version;
 * - else, when its content (all but `version`, whatever the formatting or key order) equals some
 *   stored version's, nothing happens (a read, no write lock): the
 *   store is as new or newer (a studio publish since);
 * - else the file was edited without raising its `version`: it is imported as the **next**
 *   version, so what the files say is live, and the log names the file and the version it
 *   became. It is never silently ignored.
 *
 * A file that does not pass its checks is not imported; its problems are returned. Safe to run
 * from several instances at once: a version number is taken once, and an import another instance
 * made meanwhile is not made twice (the store asks again inside its transaction).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readOptionListFiles, sameContent, type Diagnostic } from '@/engine';
import { isError, type FlowChecker } from './flow-checker';
import { optionListStoreId, type FlowVersion, type FlowVersionStore } from './flow-version-store';
import type { OptionListCache } from './option-list-cache';
import { setSourceVersion } from './set-source-version';

export interface SeedImport {
  /** The store id (a list's: `options/<listId>`). */
  id: string;
  version: number;
  /** The file, as the flows folder names it: `flows/client.json`. */
  file: string;
  /** `new`: the id had no version; `newer`: the file's version is above them; `edited`. */
  reason: 'new' | 'newer' | 'edited';
}

export interface SeedResult {
  imported: SeedImport[];
  diagnostics: Diagnostic[];
}

/** The log line of an import. */
export function describeImport(i: SeedImport): string {
  if (i.reason === 'edited') {
    return (
      `${i.file} differs from every stored version of "${i.id}" and its version number was not ` +
      `raised: imported as version ${i.version}, now live`
    );
  }
  return `${i.file} imported as version ${i.version}${i.reason === 'newer' ? ' (a newer version in the files)' : ''}`;
}

/** A flow's or a list's text as data, or undefined when it does not parse. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function seedFromFiles(parts: {
  dir: string;
  store: FlowVersionStore;
  checker: FlowChecker;
  lists: OptionListCache;
}): Promise<SeedResult> {
  const { dir, store, checker, lists } = parts;
  const imported: SeedImport[] = [];
  const diagnostics: Diagnostic[] = [];
  const newest = await store.latestVersionNumbers();
  const folder = path.basename(dir);

  // Lists first: the flow files are checked with the lists as they will be.
  const texts = new Map<string, { text: string }>();
  for (const listId of Object.keys(readOptionListFiles(dir, texts).files)) {
    const source = texts.get(`options/${listId}.json`)!.text;
    const checked = checker.list(listId, source);
    if (checked.diagnostics.length > 0) {
      diagnostics.push(...checked.diagnostics);
      continue;
    }
    const id = optionListStoreId(listId);
    const file = `${folder}/options/${listId}.json`;
    const done = await importFile(
      store,
      { kind: 'list', id, file, source, fileVersion: 1 },
      newest.get(id),
    );
    if (done) imported.push(done);
  }
  await lists.reload();
  const resolved = lists.lists();

  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const name of names) {
    const flowId = path.basename(name, '.json');
    const source = readFileSync(path.join(dir, name), 'utf8');
    const checked = checker.flow(flowId, source, resolved);
    if (!checked.flow) {
      diagnostics.push(...checked.diagnostics.filter(isError));
      continue;
    }
    const file = `${folder}/${name}`;
    const fileVersion = checked.flow.version;
    const done = await importFile(
      store,
      { kind: 'flow', id: flowId, file, source, fileVersion },
      newest.get(flowId),
    );
    if (done) imported.push(done);
  }
  return { imported, diagnostics };
}

/** One file by the rule above; resolves with what it imported, if anything. */
async function importFile(
  store: FlowVersionStore,
  file: { kind: 'flow' | 'list'; id: string; file: string; source: string; fileVersion: number },
  newest: number | undefined,
): Promise<SeedImport | undefined> {
  const { id, source } = file;
  const meta = { author: 'files', note: `imported from ${file.file}` };
  if (newest === undefined || file.fileVersion > newest) {
    const stored = await store.insertVersion(id, file.fileVersion, source, meta);
    const reason = newest === undefined ? 'new' : 'newer';
    return stored ? { id, version: file.fileVersion, file: file.file, reason } : undefined;
  }
  const wanted = parsed(source);
  const same = (versions: FlowVersion[]) =>
    versions.some((v) => sameContent(parsed(v.source), wanted));
  // What every start finds for every file: a read says so, and no write lock is taken.
  if (same(await store.allVersions(id))) return undefined;
  // A list has no `version` to rewrite: its text is stored as written.
  const text = (next: number) => (file.kind === 'list' ? source : setSourceVersion(source, next));
  // Asked again inside the write: another instance may have imported it meanwhile.
  const stored = await store.storeNext(id, text, meta, { clearDraft: false, skip: same });
  return stored && { id, version: stored.version, file: file.file, reason: 'edited' };
}
