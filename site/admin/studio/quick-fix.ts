/**
 * A diagnostic's quick fix as an edit of the flow's text, for the studio: in the editor (Ctrl-.,
 * the problems panel) and in the page's list of problems. Two kinds: the engine's "Did you mean
 * …?" (`diagnostic.fix`), and the studio's own warning that a plain option's new text is a new
 * value for HubSpot (`keepValue`, value-changes.ts), fixed by writing the option as
 * `{"label": <new text>, "value": <old value>}`. Pure and small: only the text's syntax tree, no
 * checks. The page finds the fixes of all its diagnostics at once (quickFixes: the text parsed
 * once) and gives them to both.
 */
import { getNodePath, parseTree, type Node } from 'jsonc-parser';
import { nodeAtPointer, type Diagnostic } from '@/engine/client';

/** A text edit: replace `from`..`to` (offsets) with `insert`. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  /** What the fix does, when "Replace with <insert>" would not say it. */
  title?: string;
}

/**
 * A studio warning (not the engine's) about the option its pointer names: a plain option whose
 * text, hence its value, changed. Its fix keeps `keepValue`, the value HubSpot received so far.
 */
export interface KeepValueDiagnostic extends Diagnostic {
  keepValue: string;
}

const keepsValue = (d: Diagnostic): d is KeepValueDiagnostic =>
  typeof (d as Partial<KeepValueDiagnostic>).keepValue === 'string';

const hasFix = (d: Diagnostic) => d.fix !== undefined || keepsValue(d);

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
  return hasFix(diagnostic) ? fixIn(parseTree(text), diagnostic) : undefined;
}

/** Each diagnostic's quick fix (quickFixOf) in the text, which is parsed once, if at all. */
export function quickFixes(text: string, diagnostics: readonly Diagnostic[]): QuickFixes {
  const fixes = new Map<Diagnostic, TextEdit>();
  const fixable = diagnostics.filter(hasFix);
  if (fixable.length === 0) return fixes;
  const root = parseTree(text);
  for (const diagnostic of fixable) {
    const edit = fixIn(root, diagnostic);
    if (edit) fixes.set(diagnostic, edit);
  }
  return fixes;
}

/** The node the pointer names, not the nearest enclosing one: that is a stale diagnostic. */
function nodeNamed(root: Node, pointer: string): Node | undefined {
  const node = nodeAtPointer(root, pointer);
  const depth = pointer.split('/').length - 1;
  return node && getNodePath(node).length === depth ? node : undefined;
}

/**
 * The option at the pointer, a bare string or a label without a value, rewritten with its text
 * as the label and the old value as the value; undefined once it has a value of its own.
 */
function keepValueIn(root: Node, diagnostic: KeepValueDiagnostic): TextEdit | undefined {
  const node = nodeNamed(root, diagnostic.pointer);
  if (!node) return undefined;
  const property = (name: string) =>
    node.children?.find((p) => p.children?.[0]?.value === name)?.children?.[1];
  const label: unknown =
    node.type === 'string'
      ? node.value
      : node.type === 'object' && !property('value')
        ? property('label')?.value
        : undefined;
  if (typeof label !== 'string') return undefined;
  const value = diagnostic.keepValue;
  return {
    from: node.offset,
    to: node.offset + node.length,
    insert: `{"label": ${JSON.stringify(label)}, "value": ${JSON.stringify(value)}}`,
    title: `Keep the value “${value}”`,
  };
}

function fixIn(root: Node | undefined, diagnostic: Diagnostic): TextEdit | undefined {
  if (!root) return undefined;
  if (keepsValue(diagnostic)) return keepValueIn(root, diagnostic);
  const fix = diagnostic.fix;
  if (!fix) return undefined;
  const node = nodeNamed(root, diagnostic.pointer);
  if (!node) return undefined;
  // An unknown property's pointer names its value: the name is the property's key.
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  const token = key?.value === fix.replace ? key : findString(node, fix.replace);
  if (!token) return undefined;
  // Inside the quotes, so the edit reads as the name itself ("Replace with service").
  const [from, to] = [token.offset + 1, token.offset + token.length - 1];
  return { from, to, insert: JSON.stringify(fix.with).slice(1, -1) };
}
