/**
 * Strapi rich text → the text blocks the site's content is made of. Strapi has two
 * rich-text fields: Markdown (a string; the v4 default until 4.15) and Blocks (a JSON tree,
 * the content-type builder's default since 4.15:
 * `[{type:'paragraph', children:[{type:'text', text:'…', bold:true}]}]`).
 *
 * The embedded content is a list of texts in the site's inline syntax (`../inline-marks.ts`),
 * so rich text is read into that: paragraphs and list items each become one text that keeps
 * its bold, italic, underline, strikethrough, code and links, and headings are kept as
 * headings in plain words (an insight's body starts a new section at each). Raw HTML in
 * Markdown is dropped, never rendered; a link's target is kept as written and checked, as
 * the embedded store's are, when the page renders it (`safeHref`).
 */
import { escapeInline, INLINE_ESCAPABLE, inlineLink, inlinePlainText } from '../inline-marks';

export interface RichBlock {
  kind: 'heading' | 'text';
  /** A text block in the inline syntax; a heading in plain words. */
  text: string;
}

/** A block's words without marks: for fields that show plain text. */
export const richPlainText = (block: RichBlock): string =>
  block.kind === 'heading' ? block.text : inlinePlainText(block.text);

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Blocks value: an array of nodes each with a `type` and `children`. */
export function isBlocks(value: unknown): value is Node[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((node) => isNode(node) && typeof node.type === 'string' && 'children' in node)
  );
}

/**
 * A Blocks text leaf in the inline syntax: its words escaped, wrapped in its marks. Spaces at
 * the edges stay outside the delimiters (`**bold** `), where the syntax expects them.
 */
function markedText(node: Node): string {
  const text = typeof node.text === 'string' ? node.text : '';
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  if (!core) return text;
  let marked = node.code === true && !core.includes('`') ? `\`${core}\`` : escapeInline(core);
  if (node.strikethrough === true) marked = `~~${marked}~~`;
  if (node.underline === true) marked = `++${marked}++`;
  if (node.italic === true) marked = `*${marked}*`;
  if (node.bold === true) marked = `**${marked}**`;
  return `${lead}${marked}${trail}`;
}

/** An inline tree in the inline syntax: marked text leaves and links with their target. */
function inlineText(children: unknown): string {
  if (!Array.isArray(children)) return '';
  return children
    .map((child) => {
      if (!isNode(child)) return '';
      if (child.type === 'text') return markedText(child);
      const words = inlineText(child.children);
      return child.type === 'link' && typeof child.url === 'string' && child.url && words.trim()
        ? inlineLink(words, child.url)
        : words;
    })
    .join('');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function readBlocks(nodes: unknown[]): RichBlock[] {
  return nodes.flatMap((node): RichBlock[] => {
    if (!isNode(node)) return [];
    if (node.type === 'list') {
      // List items may hold nested lists (indented items): each item is one text.
      return readBlocks(Array.isArray(node.children) ? node.children : []);
    }
    if (node.type === 'image') return [];
    const text = squash(inlineText(node.children));
    if (!text) return [];
    if (node.type !== 'heading') return [{ kind: 'text', text }];
    const heading = squash(inlinePlainText(text));
    return heading ? [{ kind: 'heading', text: heading }] : [];
  });
}

/**
 * Markdown inline syntax → the site's inline syntax, which is its subset: emphasis, code,
 * strikethrough and links stay as written; `<u>` (the underline of Strapi's Markdown editor)
 * becomes `++`, an autolink `<https://…>` a link, images, scripts and every other HTML
 * tag are dropped, and Markdown's other backslash escapes (`\#`) become the character.
 */
function markdownInline(text: string): string {
  return squash(
    text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/<((?:https?|mailto):[^\s<>]+)>/gi, (_match, url: string) =>
        inlineLink(escapeInline(url), url),
      )
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<u>([\s\S]*?)<\/u>/gi, '++$1++')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/\\([!-/:-@[-`{-~])/g, (escape: string, char: string) =>
        INLINE_ESCAPABLE.includes(char) ? escape : char,
      ),
  );
}

const HEADING = /^#{1,6}\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

function readMarkdown(source: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const text = markdownInline(paragraph.join(' '));
    if (text) blocks.push({ kind: 'text', text });
    paragraph = [];
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    const item = LIST_ITEM.exec(line);
    if (!line.trim() || RULE.test(line) || line.trim().startsWith('```')) flush();
    else if (heading) {
      flush();
      const text = squash(inlinePlainText(markdownInline(heading[1] ?? '')));
      if (text) blocks.push({ kind: 'heading', text });
    } else if (item) {
      flush();
      paragraph.push(item[1] ?? '');
    } else paragraph.push(line.replace(/^\s*>\s?/, ''));
  }
  flush();
  return blocks;
}

/**
 * The blocks of a rich-text value (Markdown string or Blocks JSON); undefined for anything
 * else, including Strapi's empty values (`null`, `''`, `[]`).
 */
export function readRichText(value: unknown): RichBlock[] | undefined {
  const blocks =
    typeof value === 'string' ? readMarkdown(value) : isBlocks(value) ? readBlocks(value) : [];
  return blocks.length ? blocks : undefined;
}
