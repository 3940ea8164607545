/**
 * The inline marks of the site's content text: the one syntax in which a paragraph or a list
 * item of the embedded store (`content/*.json`) and of the Strapi adapter (Markdown and Blocks
 * rich text, see `strapi/read-rich-text.ts`) carries bold, italic, underline, strikethrough,
 * code and links. It is a small subset of Markdown, so a Strapi Markdown paragraph needs
 * almost no translation:
 *
 *     **strong** or __strong__   *em* or _em_   ++underline++   ~~strikethrough~~
 *     `code`   [words](url)   \* (a backslash makes any of \ ` * _ ~ + [ ] ( ) literal)
 *
 * Nothing else has a meaning: `<b>` or `<script>` is text, and the page renders the parsed
 * nodes as React elements (`site/pages/parts/inline-text.tsx`), never as HTML. A link's target
 * is checked by `safeHref` when it renders, so both stores go through the same check.
 * A delimiter that is not closed stays as typed (`5 * 3`, `auth.*`, `i18n_redirected`).
 */

/** Each mark is named after the element it renders as. */
export type InlineMark = 'strong' | 'em' | 'u' | 's';

export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: InlineMark; children: InlineNode[] }
  | { kind: 'link'; href: string; children: InlineNode[] };

/** Longest first, so `**` is tried before `*`. */
const DELIMITERS: readonly (readonly [string, InlineMark])[] = [
  ['**', 'strong'],
  ['__', 'strong'],
  ['++', 'u'],
  ['~~', 's'],
  ['*', 'em'],
  ['_', 'em'],
];
/** The characters a backslash makes literal. */
export const INLINE_ESCAPABLE = '\\`*_~+[]()';
/** Marks inside marks deeper than this stay as typed: a hostile paragraph cannot exhaust the stack. */
const MAX_DEPTH = 8;
/**
 * Characters a parse may visit, retries included (real copy visits each once or twice). A
 * text built to need more renders as typed, so no paragraph can stall a render.
 */
const STEP_BUDGET = 50_000;
class OverBudget extends Error {}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWord = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

interface Parsed {
  nodes: InlineNode[];
  /** The index after the closing delimiter (or the end of the source). */
  end: number;
}

/** The nodes of a text in the content's inline syntax. */
export function parseInline(source: string): InlineNode[] {
  // A run that found no closer from one position finds none on any retry: remember it, so
  // a paragraph of unclosed delimiters parses in polynomial time.
  const memo = new Map<string, Parsed | null>();
  let steps = STEP_BUDGET;

  const canClose = (at: number, closer: string) =>
    source.startsWith(closer, at) &&
    (closer === ']' ||
      (!isSpace(source[at - 1]) &&
        !(closer.startsWith('_') && isWord(source[at + closer.length]))));
  const closes = (at: number, start: number, closer: string) => at > start && canClose(at, closer);

  /** Where each delimiter could last close: an opener after it is text without a search. */
  const lastClose = new Map(
    DELIMITERS.map(([delimiter]) => {
      let at = source.lastIndexOf(delimiter);
      while (at > 0 && !canClose(at, delimiter)) at = source.lastIndexOf(delimiter, at - 1);
      return [delimiter, at];
    }),
  );

  const opens = (at: number, delimiter: string) =>
    source.startsWith(delimiter, at) &&
    !isSpace(source[at + delimiter.length]) &&
    // `_` inside a word (`i18n_redirected`) is a letter, as in CommonMark.
    !(delimiter.startsWith('_') && isWord(source[at - 1])) &&
    (lastClose.get(delimiter) ?? -1) > at + delimiter.length;

  /** `](url)` or `](url "title")` from `at` (the `]`): the target and the index after `)`. */
  function target(at: number): { href: string; end: number } | undefined {
    if (source[at + 1] !== '(') return undefined;
    let href = '';
    let depth = 0;
    let index = at + 2;
    for (; index < source.length; index += 1) {
      const char = source[index]!;
      if (char === '\\' && INLINE_ESCAPABLE.includes(source[index + 1] ?? '')) {
        href += source[index + 1];
        index += 1;
      } else if (char === '(') {
        depth += 1;
        href += char;
      } else if (char === ')' && depth > 0) {
        depth -= 1;
        href += char;
      } else if (char === ')' || isSpace(char)) break;
      else href += char;
    }
    const title = /^\s+"[^"]*"\s*/.exec(source.slice(index));
    if (title) index += title[0].length;
    return source[index] === ')' && href ? { href, end: index + 1 } : undefined;
  }

  function run(start: number, closer: string | undefined, inLink: boolean, depth: number) {
    const key = `${start}:${closer ?? ''}:${inLink ? 1 : 0}:${depth}`;
    if (!memo.has(key)) memo.set(key, scan(start, closer, inLink, depth));
    return memo.get(key) ?? null;
  }

  function scan(start: number, closer: string | undefined, inLink: boolean, depth: number) {
    const nodes: InlineNode[] = [];
    let text = '';
    const push = (node: InlineNode) => {
      if (text) nodes.push({ kind: 'text', text });
      text = '';
      nodes.push(node);
    };
    let index = start;
    outer: while (index < source.length) {
      steps -= 1;
      if (steps < 0) throw new OverBudget();
      if (closer && closes(index, start, closer)) {
        if (text) nodes.push({ kind: 'text', text });
        return { nodes, end: index + closer.length };
      }
      const char = source[index]!;
      const next = source[index + 1];
      if (char === '\\' && next !== undefined && INLINE_ESCAPABLE.includes(next)) {
        text += next;
        index += 2;
        continue;
      }
      if (char === '`') {
        const end = source.indexOf('`', index + 1);
        if (end > index + 1) {
          push({ kind: 'code', text: source.slice(index + 1, end) });
          index = end + 1;
          continue;
        }
      }
      if (char === '[' && !inLink && depth < MAX_DEPTH) {
        const words = run(index + 1, ']', true, depth + 1);
        const link = words && target(words.end - 1);
        if (words && link) {
          push({ kind: 'link', href: link.href, children: words.nodes });
          index = link.end;
          continue;
        }
      }
      if (depth < MAX_DEPTH)
        for (const [delimiter, mark] of DELIMITERS) {
          if (!opens(index, delimiter)) continue;
          const inner = run(index + delimiter.length, delimiter, inLink, depth + 1);
          if (inner?.nodes.length) {
            push({ kind: mark, children: inner.nodes });
            index = inner.end;
            continue outer;
          }
        }
      text += char;
      index += 1;
    }
    if (closer) return null;
    if (text) nodes.push({ kind: 'text', text });
    return { nodes, end: index };
  }

  try {
    return run(0, undefined, false, 0)?.nodes ?? [];
  } catch (error) {
    if (error instanceof OverBudget) return source ? [{ kind: 'text', text: source }] : [];
    throw error;
  }
}

/** The words of inline nodes, marks and link targets left out. */
function nodesText(nodes: InlineNode[]): string {
  return nodes.map((node) => ('children' in node ? nodesText(node.children) : node.text)).join('');
}

/** The words of a text in the inline syntax: what search indexes and a heading shows. */
export const inlinePlainText = (source: string): string => nodesText(parseInline(source));

/** Text that must read as typed in the inline syntax (a Blocks text node, say). */
export const escapeInline = (text: string): string => text.replace(/[\\`*_~+[\]]/g, '\\$&');

/** A link in the inline syntax; the target is kept as written (it is checked when it renders). */
export const inlineLink = (words: string, href: string): string =>
  `[${words}](${href.replace(/[()\\\s]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;

/**
 * A link target a page may render: a site-relative path, or an absolute http, https, mailto
 * or tel URL. Anything else (`javascript:`, `data:`, a protocol-relative `//host`, a path
 * the browser would read as one such as `/\host`) is refused, and the link's words render
 * without it.
 */
export function safeHref(href: string): string | undefined {
  if (/^\/(?![/\\])/.test(href)) return /[\\\s]/.test(href) ? undefined : href;
  if (!/^(https?|mailto|tel):/i.test(href)) return undefined;
  return URL.canParse(href) ? href : undefined;
}
