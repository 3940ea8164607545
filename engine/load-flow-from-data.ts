import type { RawFlow, RawOptionList } from './raw-flow';
import { resolveFlow, substitutePlaceholders, toOption, type OptionLists } from './resolve-flow';
import { flowSchemaDiagnostics, optionListSchemaDiagnostics } from './schema-diagnostics';
import { semanticCheck } from './semantic-check';
import type { Diagnostic, FlowOption, FlowVars, ResolvedFlow } from './types';

export interface LoadFlowInput {
  /** Name used in diagnostics, e.g. `client.json`. */
  file: string;
  /** The parsed JSON of the flow file. */
  data: unknown;
  /** Shared option lists by id (see loadOptionListFromData). */
  optionLists?: OptionLists;
  vars: FlowVars;
}

/**
 * Validates one flow (JSON Schema, then the semantic checks) and resolves it. Pure: no file
 * system. Never throws on bad data: problems come back as diagnostics and `flow` is absent;
 * with warnings only, `flow` is there beside them.
 */
export function loadFlowFromData(input: LoadFlowInput): {
  flow?: ResolvedFlow;
  diagnostics: Diagnostic[];
} {
  const { file, data, vars } = input;
  const schemaProblems = flowSchemaDiagnostics(file, data);
  if (schemaProblems.length > 0) return { diagnostics: schemaProblems };
  // Placeholders first, so every later check sees the names that will really be used.
  const raw = substitutePlaceholders(data as RawFlow, vars);
  const resolved = resolveFlow(raw, input.optionLists ?? {}, file);
  if (resolved.diagnostics.length > 0) return { diagnostics: resolved.diagnostics };
  const diagnostics = semanticCheck(raw, resolved.flow, file, data as RawFlow);
  // Warnings (severity "warning") come back with the flow: it loads, and the CLI prints them.
  const refused = diagnostics.some((d) => d.severity !== 'warning');
  return refused ? { diagnostics } : { flow: resolved.flow, diagnostics };
}

/** Validates one shared option list file (`options/<id>.json`). */
export function loadOptionListFromData(
  file: string,
  data: unknown,
): { id?: string; options?: FlowOption[]; diagnostics: Diagnostic[] } {
  const diagnostics = optionListSchemaDiagnostics(file, data);
  if (diagnostics.length > 0) return { diagnostics };
  const list = data as RawOptionList;
  const options = list.options.map(toOption);
  const values = options.map((o) => o.value);
  const dup = values.find((v, i) => values.indexOf(v) !== i);
  if (dup !== undefined) {
    return {
      diagnostics: [
        {
          file,
          pointer: `/options/${values.lastIndexOf(dup)}`,
          message: `Option value "${dup}" appears twice`,
          hint: 'Option values must be unique within a list',
          code: 'list.duplicate-value',
          args: { value: dup },
        },
      ],
    };
  }
  return { id: list.id, options, diagnostics };
}

/**
 * Shared option lists from the data of their files, by file name without `.json` (the list id
 * it must hold): each checked as `loadOptionListFromData` checks it, and a list whose id differs
 * from its file name left out (flows using it then name an unknown list). `loadOptionLists`
 * gives it a folder's files; the studio, the lists the server sent.
 */
export function loadOptionListsFromData(files: Record<string, unknown>): {
  optionLists: OptionLists;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const optionLists: OptionLists = {};
  for (const [stem, data] of Object.entries(files)) {
    const file = `options/${stem}.json`;
    const list = loadOptionListFromData(file, data);
    diagnostics.push(...list.diagnostics);
    if (list.id === undefined || !list.options) continue;
    if (list.id !== stem) {
      diagnostics.push(idDiffersFromFileName('List', file, list.id, stem));
      continue;
    }
    optionLists[list.id] = list.options;
  }
  return { optionLists, diagnostics };
}

/** A flow's or a list's `id` that is not its file's name, `<stem>.json`. */
export function idDiffersFromFileName(
  kind: 'Flow' | 'List',
  file: string,
  id: string,
  stem: string,
): Diagnostic {
  return {
    file,
    pointer: '/id',
    message: `${kind} id "${id}" differs from the file name`,
    hint: `Name the file ${id}.json or set "id": "${stem}"`,
    code: kind === 'Flow' ? 'flow.id-not-file-name' : 'list.id-not-file-name',
    args: { id, expected: stem },
  };
}
