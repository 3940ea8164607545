/**
 * The content's inline marks as a visitor gets them: the HTML a paragraph of the embedded
 * store or of Strapi renders to, for marks, links, hostile targets and hostile text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { siteConfig } from '@/site/config/site-config';
import { inlinePlainText, parseInline } from '@/site/content/inline-marks';
import { Bullets } from '@/site/pages/parts/sections';
import { EXTERNAL, paragraphHtml as html } from './support/paragraph-html';

describe('inline marks of content text', () => {
  it('renders bold, italic, underline, strikethrough and code as elements', () => {
    expect(html('A **bold** and __bold__, *it* and _it_, ++under++, ~~gone~~, `x = 1`.')).toBe(
      'A <strong>bold</strong> and <strong>bold</strong>, <em>it</em> and <em>it</em>, ' +
        '<u>under</u>, <s>gone</s>, <code>x = 1</code>.',
    );
  });

  it('nests marks, inside links too', () => {
    expect(html('***both*** and **bold *then italic***')).toBe(
      '<strong><em>both</em></strong> and <strong>bold <em>then italic</em></strong>',
    );
    expect(html('**see [the *guide*](/insights) now**')).toBe(
      '<strong>see <a href="/insights">the <em>guide</em></a> now</strong>',
    );
  });

  it('keeps link targets: site paths in the tab, other sites in a new one', () => {
    expect(html('[About us](/about) and [the report](https://example.com/report "Report")')).toBe(
      `<a href="/about">About us</a> and <a href="https://example.com/report" ${EXTERNAL}>the report</a>`,
    );
    expect(html('[Wiki](https://en.wikipedia.org/wiki/Cash_(finance))')).toBe(
      `<a href="https://en.wikipedia.org/wiki/Cash_(finance)" ${EXTERNAL}>Wiki</a>`,
    );
    expect(html(`[Home](${siteConfig.url}/contact)`)).toBe(
      `<a href="${siteConfig.url}/contact">Home</a>`,
    );
    expect(html('[Mail](mailto:{email}) or [call](tel:+15550100)')).toBe(
      `<a href="mailto:${siteConfig.infoEmail}">Mail</a> or <a href="tel:+15550100">call</a>`,
    );
  });

  it('renders the words of a link whose target is not safe, without the link', () => {
    for (const target of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/phish',
      '/\\evil.example/phish',
      'file:///etc/passwd',
    ]) {
      const out = html(`Read [the terms](${target.replace(/\\/g, '\\\\')}) first.`);
      expect(out, target).toBe('Read the terms first.');
    }
    // Whitespace cannot hide a scheme: the text is not a link at all.
    expect(html('[x](java\tscript:alert(1))')).not.toContain('<a');
  });

  it('never renders text as HTML', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)> & "quotes"';
    expect(html(hostile)).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;',
    );
    expect(html('**<b onclick="x()">bold</b>**')).toBe(
      '<strong>&lt;b onclick=&quot;x()&quot;&gt;bold&lt;/b&gt;</strong>',
    );
    expect(html('[<i>x</i>](https://example.com/"onmouseover="alert(1))')).toBe(
      `<a href="https://example.com/&quot;onmouseover=&quot;alert(1)" ${EXTERNAL}>&lt;i&gt;x&lt;/i&gt;</a>`,
    );
  });

  it('leaves delimiters that close nothing as typed', () => {
    for (const text of [
      '5 * 3 * 2 = 30',
      'auth.* (for example auth._token.local) and i18n_redirected',
      'snake_case_name',
      'An unclosed **bold, a [bracket] and a [link](',
      'C++ and C# are languages',
      'A \\*literal\\* star',
    ])
      expect(inlinePlainText(text), text).toBe(text.replace(/\\\*/g, '*'));
    expect(html('A \\*literal\\* star and a \\[bracket\\](x)')).toBe(
      'A *literal* star and a [bracket](x)',
    );
  });

  it('reads a paragraph built to make the parser retry in bounded time', () => {
    for (const hostile of [
      '*_~~++[**'.repeat(1000),
      '*a _b ++c ~~d **e [f '.repeat(500) + 'x',
      '*a '.repeat(3000) + 'a*',
      '[a '.repeat(3000) + 'a](x)',
      '`'.repeat(5000),
    ]) {
      const at = performance.now();
      const out = html(hostile);
      expect(performance.now() - at, hostile.slice(0, 20)).toBeLessThan(3000);
      // Whatever it reads as, it is only text and marks: no element from the input.
      expect(out.replace(/<\/?(strong|em|u|s|code|a)( [^>]*)?>/g, '')).not.toMatch(/[<>]/);
    }
  });

  it('marks list items the same way', () => {
    expect(renderToStaticMarkup(<Bullets items={['**Weekly** [forecast](/insights)']} />)).toBe(
      '<ul class="bullets"><li><strong>Weekly</strong> <a href="/insights">forecast</a></li></ul>',
    );
  });
});

describe('the embedded store', () => {
  /** Every text of every content file. */
  function texts(value: unknown): string[] {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap(texts);
    if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
    return [];
  }
  const root = path.join(process.cwd(), 'content');
  const files = [
    ...readdirSync(root).filter((file) => file.endsWith('.json')),
    ...readdirSync(path.join(root, 'pages')).map((file) => path.join('pages', file)),
  ];

  it('reads as before: none of its texts holds a mark by accident', () => {
    const all = files.flatMap((file) =>
      texts(JSON.parse(readFileSync(path.join(root, file), 'utf8'))),
    );
    expect(all.length).toBeGreaterThan(1000);
    const marked = all.filter((text) => {
      const nodes = parseInline(text);
      return nodes.length > 1 || nodes.some((node) => node.kind !== 'text');
    });
    expect(marked).toEqual([]);
  });
});
