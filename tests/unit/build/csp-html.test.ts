import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '@/scripts/csp-html.mjs';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe('inline script hashes of a page', () => {
  it('hash every script the browser runs inline, once, and nothing else', () => {
    const boot = 'self.__next_f=self.__next_f||[];';
    const payload = 'self.__next_f.push([1,"a\\u003cb"])';
    const html = [
      `<html><head><script src="/_next/static/chunks/main.js" async=""></script>`,
      `<script>${boot}</script><script type="application/ld+json">{"@type":"Org"}</script>`,
      `</head><body><script>${payload}</script><script type="module">${boot}</script>`,
      `<script id="__x" type="text/javascript">${payload}</script><script></script></body></html>`,
    ].join('');
    expect(inlineScriptHashes(html).sort()).toEqual([sha(boot), sha(payload)].sort());
  });

  it('hash the exact text between the tags, multi-line and non-ASCII included', () => {
    const body = '\n  window.x = "é — ✓";\n';
    expect(inlineScriptHashes(`<script>${body}</script >`)).toEqual([sha(body)]);
  });
});
