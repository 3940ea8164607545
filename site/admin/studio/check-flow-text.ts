/**
 * The flow studio's check of the text being edited, run in the browser on every change (the
 * studio's one door to the engine's checks): `loadFlowFromText` on `<flowId>.json`, so a
 * marketer sees what `npm run flows -- check` would say of that file, placed at its line and column. Pure and browser-safe (no files: the
 * shared option lists come from the server as the data of their files).
 */
import {
  loadFlowFromText,
  loadOptionListFromText,
  loadOptionListsFromData,
  type Diagnostic,
  type FlowVars,
  type LinkHosts,
  type OptionLists,
  type ResolvedFlow,
} from '@/engine/client';

export interface CheckFlowTextInput {
  flowId: string;
  text: string;
  /** The data of each `flows/options/<id>.json`, by list id (the file name without `.json`). */
  optionLists: Record<string, unknown>;
  vars: FlowVars;
  /** The hosts the deployment lets endings send visitors to (the server's flow-link-hosts.ts). */
  linkHosts?: LinkHosts;
}

/**
 * The lists resolved once per object the page holds, not once per keystroke. A broken list's own
 * diagnostics belong to its file, not to the flow being edited: its flows name it unknown.
 */
const resolvedLists = new WeakMap<Record<string, unknown>, OptionLists>();

function optionListsOf(data: Record<string, unknown>): OptionLists {
  let lists = resolvedLists.get(data);
  if (!lists) {
    lists = loadOptionListsFromData(data).optionLists;
    resolvedLists.set(data, lists);
  }
  return lists;
}

/** The flow (when it loads) and every diagnostic of its file, as `npm run flows -- check` gives. */
export function checkFlowText(input: CheckFlowTextInput): {
  flow?: ResolvedFlow;
  diagnostics: Diagnostic[];
} {
  return loadFlowFromText({
    file: `${input.flowId}.json`,
    text: input.text,
    optionLists: optionListsOf(input.optionLists),
    vars: input.vars,
    linkHosts: input.linkHosts,
  });
}

/** A shared option list's text checked as `check` checks `flows/options/<listId>.json`. */
export function checkOptionListText(listId: string, text: string): { diagnostics: Diagnostic[] } {
  return loadOptionListFromText({ listId, text });
}

// The page takes both from here; the editor imports ./quick-fix alone, so its chunk does not
// carry the checks (and their schema validators).
export { quickFixes, quickFixOf, type QuickFixes, type TextEdit } from './quick-fix';
