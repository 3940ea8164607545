/**
 * A diagnostic's "Did you mean …?" (the engine's `diagnostic.fix`) as an edit of the flow's text,
 * for the studio's quick fix: in the editor (Ctrl-., the problems panel) and in the page's list of
 * problems. Pure and small: only the text's syntax tree, no checks. The page finds the fixes of all
 * its diagnostics at once (quickFixes: the text parsed once) and gives them to both.
 */
import { getNodePath, parseTree, type Node } from 'jsonc-parser';
import { nodeAtPointer, type Diagnostic } from '@/engine/client';

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

/** The diagnostics' quick fixes, by diagnostic: the text is parsed once for all of them. */
export type QuickFixes = ReadonlyMap<Diagnostic, TextEdit>;

/**
 * The edit that applies a diagnostic's "Did you mean …?" (`diagnostic.fix`) to the text: the
 * misspelt name, a property name or a string value at or inside the node the pointer names (a
 * condition's pointer names the whole condition), replaced by the known one between its quotes.
 * Undefined when the diagnostic has no fix or the text no longer holds the misspelt name there.
 */
export function quickFixOf(diagnostic: Diagnostic, text: string): TextEdit | undefined {
  return diagnostic.fix && fixIn(parseTree(text), diagnostic);
}

/** Each diagnostic's quick fix (quickFixOf) in the text, which is parsed once, if at all. */
export function quickFixes(text: string, diagnostics: readonly Diagnostic[]): QuickFixes {
  const fixes = new Map<Diagnostic, TextEdit>();
  const fixable = diagnostics.filter((d) => d.fix);
  if (fixable.length === 0) return fixes;
  const root = parseTree(text);
  for (const diagnostic of fixable) {
    const edit = fixIn(root, diagnostic);
    if (edit) fixes.set(diagnostic, edit);
  }
  return fixes;
}

function fixIn(root: Node | undefined, diagnostic: Diagnostic): TextEdit | undefined {
  const fix = diagnostic.fix;
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
