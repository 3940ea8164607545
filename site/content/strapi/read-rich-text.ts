/**
 * Strapi rich text → the plain text blocks the site's content is made of. Strapi has two
 * rich-text fields: Markdown (a string; the v4 default until 4.15) and Blocks (a JSON tree,
 * the content-type builder's default since 4.15:
 * `[{type:'paragraph', children:[{type:'text', text:'…', bold:true}]}]`).
 *
 * The embedded content is plain text (each paragraph a string, rendered by React as text), so
 * rich text is read down to that: paragraphs and list items each become one text, headings
 * are kept as headings (an insight's body starts a new section at each), bold, italic and
 * code marks fall away, and a link keeps its words but not its target. Nothing here is ever
 * rendered as HTML, so an editor's `<script>` or `javascript:` link stays inert text.
 */

export interface RichBlock {
  kind: 'heading' | 'text';
  text: string;
}

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

/** The words of an inline tree: text leaves and links' children, marks ignored. */
function inlineText(children: unknown): string {
  if (!Array.isArray(children)) return '';
  return children
    .map((child) => {
      if (!isNode(child)) return '';
      if (child.type === 'text') return typeof child.text === 'string' ? child.text : '';
      return inlineText(child.children);
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
    return [{ kind: node.type === 'heading' ? 'heading' : 'text', text }];
  });
}

/** Markdown inline syntax → its words: emphasis, code, links and images, raw HTML tags. */
function markdownInline(text: string): string {
  return squash(
    text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])([*_])(?=\S)([\s\S]*?\S)\2(?![\w*])/g, '$1$3')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!>~])/g, '$1'),
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
      const text = markdownInline(heading[1] ?? '');
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
