/**
 * The flow studio's check of the text being edited, run in the browser on every change: the
 * engine's `loadFlowFromText` on `<flowId>.json`, so a marketer sees what `npm run flows -- check`
 * would say of that file, placed at its line and column. Pure and browser-safe (no files: the
 * shared option lists come from the server as the data of their files).
 */
import { getNodePath, parseTree, type Node } from 'jsonc-parser';
import {
  loadFlowFromText,
  loadOptionListsFromData,
  nodeAtPointer,
  type Diagnostic,
  type FlowVars,
  type OptionLists,
  type ResolvedFlow,
} from '@/engine/studio';

export interface CheckFlowTextInput {
  flowId: string;
  text: string;
  /** The data of each `flows/options/<id>.json`, by list id (the file name without `.json`). */
  optionLists: Record<string, unknown>;
  vars: FlowVars;
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
  });
}

/** A text edit: replace `from`..`to` (offsets) with `insert`. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

/** The first string (property name or value) in the subtree equal to `word`, document order. */
function findString(node: Node, word: string): Node | undefined {
  if (node.type === 'string' && node.value === word) return node;
  for (const child of node.children ?? []) {
    const found = findString(child, word);
    if (found) return found;
  }
  return undefined;
}

/**
 * The edit that applies a diagnostic's "Did you mean …?" (`diagnostic.fix`) to the text: the
 * misspelt name, a property name or a string value at or inside the node the pointer names (a
 * condition's pointer names the whole condition), replaced by the known one between its quotes.
 * Undefined when the diagnostic has no fix or the text no longer holds the misspelt name there.
 */
export function quickFixOf(diagnostic: Diagnostic, text: string): TextEdit | undefined {
  const fix = diagnostic.fix;
  const root = fix && parseTree(text);
  if (!fix || !root) return undefined;
  const node = nodeAtPointer(root, diagnostic.pointer);
  // Not the nearest enclosing node: a pointer the text no longer has is a stale diagnostic.
  const depth = diagnostic.pointer.split('/').length - 1;
  if (!node || getNodePath(node).length !== depth) return undefined;
  // An unknown property's pointer names its value: the name is the property's key.
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  const token = key?.value === fix.replace ? key : findString(node, fix.replace);
  if (!token) return undefined;
  // Inside the quotes, so the edit reads as the name itself ("Replace with service").
  const [from, to] = [token.offset + 1, token.offset + token.length - 1];
  return { from, to, insert: JSON.stringify(fix.with).slice(1, -1) };
}
