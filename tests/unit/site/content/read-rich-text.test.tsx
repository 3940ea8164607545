/**
 * Strapi rich text as the visitor gets it: Markdown (Strapi 4) and Blocks (Strapi 4.15+ and 5)
 * read by the adapter, then rendered by the same paragraph the embedded content uses.
 */
import { describe, expect, it } from 'vitest';
import { readRichText } from '@/site/content/strapi/read-rich-text';
import { reshapeMediaMentions } from '@/site/content/strapi/reshape-pages';
import { EXTERNAL, paragraphHtml } from './support/paragraph-html';

/** Each block as a visitor sees it: a heading's words, or a paragraph's inner HTML. */
function rendered(value: unknown): string[] {
  return (readRichText(value) ?? []).map((block) =>
    block.kind === 'heading' ? `# ${block.text}` : paragraphHtml(block.text),
  );
}

const text = (value: string, marks: Record<string, boolean> = {}) => ({
  type: 'text',
  text: value,
  ...marks,
});
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
const link = (url: string, ...children: unknown[]) => ({ type: 'link', url, children });

describe('Blocks rich text', () => {
  it('keeps bold, italic, underline, strikethrough, code and their combinations', () => {
    expect(
      rendered([
        paragraph(
          text('A '),
          text('bold ', { bold: true }),
          text('and italic', { bold: true, italic: true }),
          text(', '),
          text('under', { underline: true }),
          text(', '),
          text('gone', { strikethrough: true }),
          text(' and '),
          text('npm test', { code: true }),
          text('.'),
        ),
      ]),
    ).toEqual([
      'A <strong>bold</strong> <strong><em>and italic</em></strong>, <u>under</u>, ' +
        '<s>gone</s> and <code>npm test</code>.',
    ]);
  });

  it('keeps links with their target, marks inside them, and reads headings and lists', () => {
    expect(
      rendered([
        { type: 'heading', level: 2, children: [text('What '), text('lenders', { bold: true })] },
        paragraph(
          text('Read the '),
          link(
            'https://example.com/checklist',
            text('lender '),
            text('checklist', { italic: true }),
          ),
          text(', our '),
          link('/insights/cash-flow', text('forecast guide')),
          text(' or '),
          link('mailto:advice@example.com', text('write')),
          text('.'),
        ),
        {
          type: 'list',
          format: 'ordered',
          children: [
            { type: 'list-item', children: [text('Opening cash', { bold: true })] },
            { type: 'list-item', children: [link('/contact', text('Call us'))] },
          ],
        },
      ]),
    ).toEqual([
      '# What lenders',
      `Read the <a href="https://example.com/checklist" ${EXTERNAL}>lender <em>checklist</em></a>, ` +
        'our <a href="/insights/cash-flow">forecast guide</a> or ' +
        '<a href="mailto:advice@example.com">write</a>.',
      '<strong>Opening cash</strong>',
      '<a href="/contact">Call us</a>',
    ]);
  });

  it('shows hostile text as typed and drops unsafe link targets', () => {
    expect(
      rendered([
        paragraph(
          text('**not bold** <b>tag</b> [x](javascript:alert(1)) '),
          link('javascript:alert(1)', text('click', { bold: true })),
          text(' '),
          link('https://example.com/a (b)"onclick="x', text('odd')),
          text(' '),
          link('data:text/html,<script>alert(1)</script>', text('data')),
        ),
      ]),
    ).toEqual([
      '**not bold** &lt;b&gt;tag&lt;/b&gt; [x](javascript:alert(1)) <strong>click</strong> ' +
        `<a href="https://example.com/a%20%28b%29&quot;onclick=&quot;x" ${EXTERNAL}>odd</a> data`,
    ]);
  });
});

describe('Markdown rich text', () => {
  it('keeps bold, italic, underline, strikethrough, code and links', () => {
    expect(
      rendered(
        'Most **owners** kept _the_ prices *they* raised, ***both***, <u>under</u>,\n' +
          '~~gone~~ and `code`: see [the lines](https://example.com/lines "Lines"), ' +
          '[our guide](/insights/pricing) or <https://example.com/raw>.\n\n' +
          '## Why **prices** stuck\n\n- A [first](/a) item\n- A **second** one',
      ),
    ).toEqual([
      'Most <strong>owners</strong> kept <em>the</em> prices <em>they</em> raised, ' +
        '<strong><em>both</em></strong>, <u>under</u>, <s>gone</s> and <code>code</code>: see ' +
        `<a href="https://example.com/lines" ${EXTERNAL}>the lines</a>, ` +
        '<a href="/insights/pricing">our guide</a> or ' +
        `<a href="https://example.com/raw" ${EXTERNAL}>https://example.com/raw</a>.`,
      '# Why prices stuck',
      'A <a href="/a">first</a> item',
      'A <strong>second</strong> one',
    ]);
  });

  it('drops raw HTML and unsafe targets, and keeps Markdown escapes literal', () => {
    expect(
      rendered(
        'Hi <script>alert(1)</script><img src=x onerror=alert(1)>' +
          '<a href="javascript:alert(1)">there</a>, a < b > c.\n\n' +
          '[click](javascript:alert(1)) [also](JAVASCRIPT:alert(1)) [proto](//evil.example) ' +
          '![pic](https://example.com/x.png) \\*not italic\\* \\# 1',
      ),
    ).toEqual(['Hi there, a &lt; b &gt; c.', 'click also proto *not italic* # 1']);
  });
});

describe('a media mention’s summary from Strapi', () => {
  const mention = (summary: unknown) =>
    reshapeMediaMentions([
      {
        id: 1,
        slug: 'rates',
        outlet: 'The Ledger',
        date: '2026-03-01',
        headline: 'Rates',
        summary,
        url: 'https://example.com/rates',
      },
    ]).items[0]!.summary;

  it('keeps a Blocks summary’s literal symbols as typed, and its marks', () => {
    expect(paragraphHtml(mention([paragraph(text('rates 2*3*4'))]))).toBe('rates 2*3*4');
    expect(
      paragraphHtml(mention([paragraph(text('rates ', {}), text('up', { bold: true }))])),
    ).toBe('rates <strong>up</strong>');
  });
});
