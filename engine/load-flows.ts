import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { checkFlowLinks } from './check-flow-links';
import { parseJsonSource, locate, type JsonSource } from './json-source';
import { loadOptionListsFromData } from './load-flow-from-data';
import { loadFlowFromText, type LoadFlowsOptions } from './load-flow-from-text';
import type { OptionLists } from './resolve-flow';
import type { Diagnostic, FlowVars, ResolvedFlow } from './types';

/** One file's text, or the diagnostic saying why it cannot be read. */
function readText(path: string, file: string): string | Diagnostic {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return {
      file,
      pointer: '',
      message: `Cannot read the file: ${(error as Error).message}`,
      hint: 'Check that it exists and can be read',
      code: 'file.unreadable',
    };
  }
}

/** Reads and parses one file; a syntax error comes back with its line and column. */
function readJson(
  path: string,
  file: string,
  sources: Map<string, JsonSource>,
): { ok: true; data: unknown } | { ok: false; diagnostic: Diagnostic } {
  const text = readText(path, file);
  if (typeof text !== 'string') return { ok: false, diagnostic: text };
  const parsed = parseJsonSource(file, text);
  if (parsed.ok) sources.set(file, parsed.source);
  return parsed;
}

function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
}

// Declared beside the per-file check that applies them; each file of a folder gets them.
export type { LoadFlowsOptions };

/**
 * The shared option lists of a flows folder (`<dir>/options/*.json`), each checked, with a list
 * whose id differs from its file name left out (`loadOptionListsFromData`). `sources` receives
 * each file's text, so the caller can place its diagnostics (`locate`).
 */
export function loadOptionLists(
  dir: string,
  sources: Map<string, JsonSource> = new Map(),
): { optionLists: OptionLists; diagnostics: Diagnostic[] } {
  const { files, diagnostics: unread } = readOptionListFiles(dir, sources);
  const lists = loadOptionListsFromData(files);
  return { optionLists: lists.optionLists, diagnostics: [...unread, ...lists.diagnostics] };
}

/**
 * The shared option list files of a flows folder as data, by file stem, unchecked: what
 * `loadOptionLists` checks, and what the flow studio's store lays its published lists over.
 */
export function readOptionListFiles(
  dir: string,
  sources: Map<string, JsonSource> = new Map(),
): { files: Record<string, unknown>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const files: Record<string, unknown> = {};
  for (const name of jsonFiles(join(dir, 'options'))) {
    const read = readJson(join(dir, 'options', name), `options/${name}`, sources);
    if (read.ok) files[basename(name, '.json')] = read.data;
    else diagnostics.push(read.diagnostic);
  }
  return { files, diagnostics };
}

/**
 * Loads every flow of a folder (`<dir>/*.json`, shared lists in `<dir>/options/*.json`).
 * Server and tooling only (node:fs). Never throws on bad data: a flow with problems is left out
 * of `flows` and its diagnostics say why, each with its line and column in the file.
 */
export function loadFlows(
  dir: string,
  vars: FlowVars,
  options: LoadFlowsOptions = {},
): { flows: Record<string, ResolvedFlow>; diagnostics: Diagnostic[] } {
  const sources = new Map<string, JsonSource>();
  const lists = loadOptionLists(dir, sources);
  const diagnostics: Diagnostic[] = [...lists.diagnostics];
  const optionLists = lists.optionLists;
  const flows: Record<string, ResolvedFlow> = {};
  const files = jsonFiles(dir);
  /** The text of each flow that loaded, to place a diagnostic found between flows. */
  const texts = new Map<string, string>();
  if (files.length === 0) {
    diagnostics.push({
      file: dir,
      pointer: '',
      message: 'No flow files found',
      hint: 'Flows are <dir>/*.json',
      code: 'folder.empty',
    });
  }
  for (const name of files) {
    const text = readText(join(dir, name), name);
    if (typeof text !== 'string') {
      diagnostics.push(text);
      continue;
    }
    const result = loadFlowFromText({ ...options, file: name, text, optionLists, vars });
    diagnostics.push(...result.diagnostics);
    if (result.flow) {
      flows[result.flow.id] = result.flow;
      texts.set(name, text);
    }
  }
  // Between the flows that loaded: a flow whose link is broken is left out like any other.
  const links = checkFlowLinks(flows);
  for (const d of links) {
    const parsed = parseJsonSource(d.file, texts.get(d.file) ?? '');
    if (parsed.ok) sources.set(d.file, parsed.source);
    diagnostics.push(d);
  }
  const broken = new Set(links.map((d) => d.file));
  // Line, column and excerpt, from the text each diagnostic's file was read from.
  const located = diagnostics.map((d) => {
    const source = sources.get(d.file);
    return source ? locate(source, d) : d;
  });
  const valid = Object.fromEntries(
    Object.entries(flows).filter(([id]) => !broken.has(`${id}.json`)),
  );
  return { flows: valid, diagnostics: located };
}
