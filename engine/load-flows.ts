import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseJsonSource, locate, type JsonSource } from './json-source';
import { loadFlowFromData, loadOptionListFromData } from './load-flow-from-data';
import type { OptionLists } from './resolve-flow';
import type { Diagnostic, FlowVars, ResolvedFlow } from './types';

/** Reads and parses one file; a syntax error comes back with its line and column. */
function readJson(
  path: string,
  file: string,
  sources: Map<string, JsonSource>,
): { ok: true; data: unknown } | { ok: false; diagnostic: Diagnostic } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return {
      ok: false,
      diagnostic: {
        file,
        pointer: '',
        message: `Cannot read the file: ${(error as Error).message}`,
        hint: 'Check that it exists and can be read',
      },
    };
  }
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

export interface LoadFlowsOptions {
  /**
   * Where the deployment says which HubSpot form a form key goes to (the engine reads no
   * environment): the fix when `formKey` has none, or undefined when it has one. Each form key
   * without one becomes a warning.
   */
  unconfiguredForm?: (formKey: string) => string | undefined;
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
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, JsonSource>();
  const optionLists: OptionLists = {};
  for (const name of jsonFiles(join(dir, 'options'))) {
    const file = `options/${name}`;
    const read = readJson(join(dir, 'options', name), file, sources);
    if (!read.ok) {
      diagnostics.push(read.diagnostic);
      continue;
    }
    const list = loadOptionListFromData(file, read.data);
    diagnostics.push(...list.diagnostics);
    if (list.id === undefined || !list.options) continue;
    if (list.id !== basename(name, '.json')) {
      diagnostics.push({
        file,
        pointer: '/id',
        message: `List id "${list.id}" differs from the file name`,
        hint: `Name the file ${list.id}.json or set "id": "${basename(name, '.json')}"`,
      });
      continue;
    }
    optionLists[list.id] = list.options;
  }
  const flows: Record<string, ResolvedFlow> = {};
  const files = jsonFiles(dir);
  if (files.length === 0) {
    diagnostics.push({
      file: dir,
      pointer: '',
      message: 'No flow files found',
      hint: 'Flows are <dir>/*.json',
    });
  }
  for (const name of files) {
    const read = readJson(join(dir, name), name, sources);
    if (!read.ok) {
      diagnostics.push(read.diagnostic);
      continue;
    }
    const result = loadFlowFromData({ file: name, data: read.data, optionLists, vars });
    diagnostics.push(...result.diagnostics);
    const flow = result.flow;
    if (!flow) continue;
    if (flow.id !== basename(name, '.json')) {
      diagnostics.push({
        file: name,
        pointer: '/id',
        message: `Flow id "${flow.id}" differs from the file name`,
        hint: `Name the file ${flow.id}.json or set "id": "${basename(name, '.json')}"`,
      });
      continue;
    }
    flows[flow.id] = flow;
    flow.submissions.forEach((sub, i) => {
      const hint = options.unconfiguredForm?.(sub.formKey);
      if (hint === undefined) return;
      diagnostics.push({
        file: name,
        pointer: `/submissions/${i}/formKey`,
        severity: 'warning',
        message: `Form key "${sub.formKey}" has no HubSpot form: its leads are stored and held, never delivered`,
        hint,
      });
    });
  }
  // Line, column and excerpt, from the text each diagnostic's file was read from.
  const located = diagnostics.map((d) => {
    const source = sources.get(d.file);
    return source ? locate(source, d) : d;
  });
  return { flows, diagnostics: located };
}
