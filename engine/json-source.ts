import {
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser';
import { pointerSegments } from './json-pointer';
import type { Diagnostic, DiagnosticArgs, DiagnosticCode } from './types';

/**
 * Flow files as text: strict JSON parsed with source positions, so a diagnostic can say the line
 * and column a marketer's editor jumps to. jsonc-parser (the parser behind VS Code's JSON
 * support) is used for its error recovery and offsets, and only when needed (a syntax error, or
 * a diagnostic to place): Node's JSON.parse names neither what was expected nor, in most
 * engines, where.
 */
export interface JsonSource {
  text: string;
  /** The syntax tree with offsets, built on first use: only a file with diagnostics needs it. */
  root?: Node;
}

/** Line and column (both from 1) of an offset in the text. */
function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The source line of an offset with a caret under its column. */
function excerpt(text: string, offset: number): string {
  const { line, column } = position(text, offset);
  const source = text.split('\n')[line - 1]!.replace(/\r$/, '');
  const gutter = `${line} | `;
  return `${gutter}${source}\n${' '.repeat(gutter.length - 2)}| ${' '.repeat(column - 1)}^`;
}

/** Where in the text a diagnostic points, and the lines to show. */
function at(text: string, offset: number): Pick<Diagnostic, 'line' | 'column' | 'excerpt'> {
  return { ...position(text, offset), excerpt: excerpt(text, offset) };
}

const lastSignificant = (text: string, before: number) => {
  let i = before - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i;
};

/** The `{` or `[` still open at the end of the text (strings skipped), if any. */
function unclosed(text: string): number | undefined {
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '[') open.push(i);
    else if (c === '}' || c === ']') open.pop();
  }
  return open.at(-1);
}

/** A syntax error in words a marketer can act on: what was expected, and where. */
function syntaxDiagnostic(file: string, text: string, code: string, offset: number): Diagnostic {
  const prev = lastSignificant(text, offset);
  const base = { file, pointer: '' };
  const say = (
    where: number,
    message: string,
    hint: string,
    code: DiagnosticCode,
    args?: DiagnosticArgs,
  ): Diagnostic => ({
    ...base,
    message: `JSON syntax error: ${message}`,
    hint,
    code,
    ...(args && { args }),
    ...at(text, where),
  });
  // A file cut short (a brace or bracket never closed) is one problem, whatever came last.
  const opened = offset >= text.trimEnd().length ? unclosed(text) : undefined;
  if (opened !== undefined) {
    const { line, column } = position(text, opened);
    const close = text[opened] === '{' ? '}' : ']';
    return say(
      offset,
      `expected "${close}": the "${text[opened]}" at line ${line}, column ${column} is never closed`,
      `Add the missing "${close}" where that block ends`,
      'syntax.unclosed',
      { close, line: String(line), column: String(column) },
    );
  }
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && text[prev] === ',') {
    if (text[offset] === ',')
      return say(offset, 'two commas in a row', 'Remove one of them', 'syntax.double-comma');
    return say(
      prev,
      `a comma with nothing after it, before "${text[offset] ?? 'the end'}"`,
      'Remove this comma: JSON allows none after the last item of a list or object',
      'syntax.trailing-comma',
    );
  }
  switch (code) {
    case 'CommaExpected':
      return say(
        prev + 1,
        'expected a comma after this value',
        'Add "," here: items of a list or object are separated by commas',
        'syntax.comma-expected',
      );
    case 'CloseBraceExpected':
    case 'CloseBracketExpected': {
      const close = code === 'CloseBraceExpected' ? '}' : ']';
      return say(
        prev + 1,
        `expected a comma or "${close}" after this value`,
        `Add "," between two items, or "${close}" to close the block`,
        'syntax.close-expected',
        { close },
      );
    }
    case 'ColonExpected':
      return say(
        offset,
        'expected ":" after the property name',
        'Write "name": value',
        'syntax.colon-expected',
      );
    case 'PropertyNameExpected':
      return say(
        offset,
        'expected a property name in double quotes',
        'Write "name": value',
        'syntax.name-expected',
      );
    case 'ValueExpected':
      return say(
        offset,
        'expected a value',
        'A value is a "text" in double quotes, a number, true, false, null, {…} or […]',
        'syntax.value-expected',
      );
    case 'EndOfFileExpected':
      return say(
        offset,
        'expected the end of the file after the closing brace',
        'Remove what follows, or an extra "}" or "]" before it',
        'syntax.end-expected',
      );
    case 'UnexpectedEndOfString':
      return say(
        offset,
        'a text is never closed',
        'Add the closing double quote',
        'syntax.text-unclosed',
      );
    default:
      return say(
        offset,
        `unexpected character (${code})`,
        'Check quotes and commas here; comments are not allowed in JSON',
        'syntax.unexpected',
      );
  }
}

/**
 * Parses a flow or option-list file. On a syntax error, the first one only (the rest usually
 * follow from it), with its line, column and what was expected.
 */
export function parseJsonSource(
  file: string,
  text: string,
): { ok: true; data: unknown; source: JsonSource } | { ok: false; diagnostic: Diagnostic } {
  try {
    // JSON.parse first: a valid file (the usual case) is parsed once, at native speed.
    return { ok: true, data: JSON.parse(text), source: { text } };
  } catch {
    const errors: ParseError[] = [];
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    const code = first ? printParseErrorCode(first.error) : 'ValueExpected';
    return { ok: false, diagnostic: syntaxDiagnostic(file, text, code, first?.offset ?? 0) };
  }
}

const NAMED: Record<string, [string, string]> = {
  steps: ['step', 'id'],
  endings: ['ending', 'id'],
  fields: ['field', 'name'],
  submissions: ['form', 'formKey'],
  branches: ['branch', ''],
};

/** A pointer in words: array items by their id or name (`step "capital"`), not their index. */
function describe(root: Node, path: (string | number)[]): string {
  const words: string[] = [];
  path.forEach((segment, i) => {
    const parent = path[i - 1];
    const named = typeof segment === 'number' && typeof parent === 'string' && NAMED[parent];
    if (!named) {
      words.push(typeof segment === 'number' ? `item ${segment + 1}` : segment);
      return;
    }
    if (words.at(-1) === parent) words.pop();
    const [noun, key] = named;
    const item = key ? findNodeAtLocation(root, [...path.slice(0, i + 1), key]) : undefined;
    words.push(
      typeof item?.value === 'string' ? `${noun} "${item.value}"` : `${noun} ${segment + 1}`,
    );
  });
  return words.join(' › ');
}

/**
 * The node a JSON pointer names in a syntax tree (`parseTree`), or the nearest enclosing one when
 * it names nothing there: a missing property's pointer gives the object that lacks it. Where a
 * diagnostic is placed, and where an editor shows it.
 */
export function nodeAtPointer(root: Node, pointer: string): Node | undefined {
  const path = pointerSegments(pointer);
  let node: Node | undefined;
  while (!(node = findNodeAtLocation(root, path)) && path.length > 0) path.pop();
  return node;
}

/**
 * Where a pointer lands in the text: the property, name and value, when it names a property's
 * value (a line starts there), else what nodeAtPointer gives (an item, or the nearest enclosing
 * node). Where a diagnostic is placed, where the studio marks it, where the editor selects.
 */
export function pointerTarget(root: Node | undefined, pointer: string): Node | undefined {
  const node = root && nodeAtPointer(root, pointer);
  return node?.parent?.type === 'property' ? node.parent : node;
}

/**
 * Adds line, column and excerpt to a diagnostic: at the property name when the pointer names a
 * property (where the line starts), else at the value; a pointer to something absent (a missing
 * property) points at the nearest enclosing value.
 */
export function locate(source: JsonSource, diagnostic: Diagnostic): Diagnostic {
  if (diagnostic.line !== undefined) return diagnostic;
  const root = (source.root ??= parseTree(source.text));
  if (!root) return diagnostic;
  const path = pointerSegments(diagnostic.pointer);
  const where = path.length > 0 ? describe(root, path) : undefined;
  const target = pointerTarget(root, diagnostic.pointer);
  const inside = diagnostic.textOffset;
  const text = inside === undefined ? undefined : nodeAtPointer(root, diagnostic.pointer);
  const offset =
    text?.type === 'string' && inside !== undefined
      ? offsetInString(source.text, text.offset, inside)
      : (target?.offset ?? 0);
  return { ...diagnostic, ...at(source.text, offset), ...(where && { where }) };
}

/**
 * The offset in the file of the character at `index` of the JSON string starting (at its opening
 * quote) at `start`: escapes (`\"`, `\u0041`) take more characters in the file than in the value.
 */
function offsetInString(text: string, start: number, index: number): number {
  let i = start + 1;
  for (let n = 0; n < index && i < text.length && text[i] !== '"'; n++)
    i += text[i] !== '\\' ? 1 : text[i + 1] === 'u' ? 6 : 2;
  return i;
}

/**
 * Diagnostics of `file` placed at their line and column in `text` (as they are when it does not
 * parse): one diagnostic, or a list placed after one parse of the text.
 */
export function locateInText(file: string, text: string, diagnostic: Diagnostic): Diagnostic;
export function locateInText(
  file: string,
  text: string,
  diagnostics: readonly Diagnostic[],
): Diagnostic[];
export function locateInText(
  file: string,
  text: string,
  found: Diagnostic | readonly Diagnostic[],
): Diagnostic | Diagnostic[] {
  const list: readonly Diagnostic[] = Array.isArray(found) ? found : [found as Diagnostic];
  const parsed = list.length > 0 ? parseJsonSource(file, text) : undefined;
  const placed = parsed?.ok ? list.map((d) => locate(parsed.source, d)) : [...list];
  return Array.isArray(found) ? placed : placed[0]!;
}
